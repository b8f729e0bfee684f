/**
 * The session video (issue 11 §2): JPEG screencast frames → H.264 MP4 with ffmpeg (Debian's package).
 *
 * CDP sends a frame only when the picture changes, at irregular times. The recorder turns that into a
 * constant-rate stream whose timing follows the wall clock: a ticker writes, for every 1/fps second that
 * has passed since the first frame, the latest frame into ffmpeg's stdin (`image2pipe`, mjpeg) — repeats
 * of an unchanged picture cost almost nothing in H.264. Frames newer than the next tick replace older
 * ones (the video holds `fps` pictures a second; the live stream gets every frame). When ffmpeg's stdin
 * is full the due repeats are skipped (counted in `dropped`) rather than buffered without bound.
 *
 * Failure of ffmpeg (missing binary, crash, bad exit code) never throws into the session: `finish()`
 * answers `ok: false` with a short reason and the session is saved without video.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fsp from 'node:fs/promises';

export interface VideoResult {
  ok: boolean;
  /** Pictures written to ffmpeg (repeats included). */
  frames: number;
  /** Distinct screencast frames received. */
  received: number;
  dropped: number;
  /** Video length, seconds. */
  seconds: number;
  /** Why there is no video ('' when ok). Never shown to users verbatim (the note is fixed Chinese). */
  error: string;
}

export interface VideoRecorder {
  /** A new screencast frame (JPEG bytes), received now. */
  push(jpeg: Buffer): void;
  /** Writes the frames due up to now, closes ffmpeg and waits for it (≤ `timeoutMs`). */
  finish(timeoutMs?: number): Promise<VideoResult>;
}

/** ffmpeg arguments: JPEG pipe in at `fps`, H.264 yuv420p MP4 out (even dimensions, moov atom first). */
export const ffmpegArgs = (fps: number, out: string): string[] => [
  '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
  '-f', 'image2pipe', '-c:v', 'mjpeg', '-framerate', String(fps), '-i', 'pipe:0',
  '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p',
  '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', '-r', String(fps), '-movflags', '+faststart',
  '-metadata', 'comment=Cunzheng process evidence session recording',
  out,
];

/** Starts a recorder writing `out`. ffmpeg is spawned lazily on the first frame. */
export function videoRecorder(opts: { ffmpegPath: string; out: string; fps: number }): VideoRecorder {
  const interval = 1000 / opts.fps;
  let child: ChildProcessWithoutNullStreams | null = null;
  let exited: Promise<{ code: number | null; error: string }> | null = null;
  let failed = '';
  let latest: Buffer | null = null;
  let t0 = 0;
  let frames = 0;
  let received = 0;
  let dropped = 0;
  let blocked = false;
  let timer: NodeJS.Timeout | null = null;
  let stderr = '';

  const start = () => {
    try {
      child = spawn(opts.ffmpegPath, ffmpegArgs(opts.fps, opts.out), { stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) {
      failed = `spawn: ${(e as Error).message}`;
      return;
    }
    const c = child;
    exited = new Promise((resolve) => {
      c.once('error', (e) => {
        failed ||= `ffmpeg: ${e.message}`;
        resolve({ code: null, error: e.message });
      });
      c.once('close', (code) => resolve({ code, error: '' }));
    });
    c.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString('utf8');
    });
    c.stdout.resume();
    c.stdin.on('error', (e) => {
      failed ||= `ffmpeg stdin: ${e.message}`;
    });
    c.stdin.on('drain', () => {
      blocked = false;
    });
  };

  /** Writes the pictures due at `now` (the latest frame, repeated as needed). */
  const tick = (now: number) => {
    if (!child || !latest || failed) return;
    const due = Math.floor((now - t0) / interval) + 1;
    while (frames < due) {
      if (blocked) {
        dropped += due - frames;
        frames = due;
        break;
      }
      frames++;
      if (!child.stdin.write(latest)) blocked = true;
    }
  };

  return {
    push(jpeg) {
      received++;
      latest = jpeg;
      if (failed) return;
      if (!child) {
        t0 = Date.now();
        start();
        timer = setInterval(() => tick(Date.now()), interval / 2);
        timer.unref();
      }
    },
    async finish(timeoutMs = 120_000) {
      if (timer) clearInterval(timer);
      const seconds = frames / opts.fps;
      if (!child) return { ok: false, frames: 0, received, dropped, seconds: 0, error: failed || 'no frames' };
      if (!failed) tick(Date.now());
      const c = child as ChildProcessWithoutNullStreams;
      c.stdin.end();
      let to: NodeJS.Timeout | undefined;
      const res = await Promise.race([
        exited!,
        new Promise<{ code: number | null; error: string }>((resolve) => {
          to = setTimeout(() => {
            c.kill('SIGKILL');
            resolve({ code: null, error: 'timeout' });
          }, timeoutMs);
        }),
      ]);
      clearTimeout(to);
      const size = await fsp.stat(opts.out).then((s) => s.size, () => 0);
      const ok = !failed && res.code === 0 && size > 0;
      const error = ok ? '' : failed || res.error || `exit ${res.code}: ${stderr.trim().slice(0, 300)}`;
      return { ok, frames, received, dropped, seconds: frames / opts.fps || seconds, error };
    },
  };
}
