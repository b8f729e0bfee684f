/**
 * The simulator's liveness measure (issue 14 §1): grey-scale frames of the camera sampled small (64×48); the
 * score is the largest share (percent) of pixels whose brightness changed by more than CHANGE_LEVEL between
 * two frames half a second apart. A still picture (or a photo of a photo held still) scores ~0; a blinking,
 * turning head scores several percent. The server accepts ≥ LIVENESS_MIN_MOTION (1.5).
 */
export const SAMPLE_W = 64;
export const SAMPLE_H = 48;
/** Brightness change (0–255) counted as motion. */
export const CHANGE_LEVEL = 24;

/** Grey levels of an RGBA image. */
export function toGrey(rgba: Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let i = 0, j = 0; j < out.length; i += 4, j++) out[j] = (rgba[i]! * 299 + rgba[i + 1]! * 587 + rgba[i + 2]! * 114) / 1000;
  return out;
}

/** Percent of pixels that changed by more than CHANGE_LEVEL between `a` and `b`. */
export function changedPercent(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > CHANGE_LEVEL) n++;
  return (n * 100) / a.length;
}

/** Score of a frame sequence (frames ~150 ms apart): max changed percent between frames `gap` apart. */
export function motionScore(frames: Uint8Array[], gap = 3): number {
  let best = 0;
  for (let i = gap; i < frames.length; i++) best = Math.max(best, changedPercent(frames[i - gap]!, frames[i]!));
  return Math.round(best * 100) / 100;
}
