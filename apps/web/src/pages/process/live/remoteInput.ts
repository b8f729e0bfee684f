/**
 * The input mapping of the live process-evidence page (过程取证, issue 11 §2): what the user does on
 * the canvas that shows the remote browser becomes input for the remote browser, in the remote
 * viewport's CSS pixels. Pure functions, no DOM access beyond the event fields they read, so the
 * component tests can check every mapping.
 *
 * The frame is drawn "contain"-scaled into the canvas box (letterboxed, centred): a point of the box
 * maps back through the same scale and offset; points on the letterbox bars map to nothing.
 */
import type { TProcessClientMsg } from '@cunzheng/contract/process';

/** Size of a rectangle, CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** The canvas box on screen (getBoundingClientRect). */
export interface Box extends Size {
  left: number;
  top: number;
}

/** Where the frame sits inside the box: scale (box px per remote px) and offsets, CSS pixels. */
export interface Fit {
  scale: number;
  offsetX: number;
  offsetY: number;
  width: number;
  height: number;
}

/** Modifier bits as the Chrome DevTools Protocol counts them: Alt 1, Ctrl 2, Meta 4, Shift 8. */
export const MODIFIER = { alt: 1, ctrl: 2, meta: 4, shift: 8 } as const;

/**
 * One input message for the remote browser: the client → server messages of the session socket
 * (`ZProcessClientMsg` of @cunzheng/contract/process), coordinates in remote viewport CSS px.
 */
export type RemoteInput = TProcessClientMsg;

/** Contain-fit of a `frame` into `box`: the largest scale that shows the whole frame, centred. */
export function fitContain(box: Size, frame: Size): Fit {
  if (frame.width <= 0 || frame.height <= 0 || box.width <= 0 || box.height <= 0) return { scale: 1, offsetX: 0, offsetY: 0, width: 0, height: 0 };
  const scale = Math.min(box.width / frame.width, box.height / frame.height);
  const width = frame.width * scale;
  const height = frame.height * scale;
  return { scale, offsetX: (box.width - width) / 2, offsetY: (box.height - height) / 2, width, height };
}

/**
 * A point on screen (clientX/clientY) → the point of the remote viewport it shows, rounded to whole
 * CSS pixels and kept inside the viewport; null when it is outside the drawn frame (letterbox).
 * `frame` is the size of the last frame drawn; `viewport` the remote viewport in CSS pixels (the
 * frame may be smaller or larger than the viewport: the screencast scales it).
 */
export function toRemotePoint(clientX: number, clientY: number, box: Box, frame: Size, viewport: Size = frame): { x: number; y: number } | null {
  const fit = fitContain(box, frame);
  if (fit.width === 0) return null;
  const fx = (clientX - box.left - fit.offsetX) / fit.scale;
  const fy = (clientY - box.top - fit.offsetY) / fit.scale;
  // Half a frame pixel of tolerance at the edges (rounding of the layout).
  if (fx < -0.5 || fy < -0.5 || fx > frame.width + 0.5 || fy > frame.height + 0.5) return null;
  const x = Math.round((fx * viewport.width) / frame.width);
  const y = Math.round((fy * viewport.height) / frame.height);
  return { x: clamp(x, 0, viewport.width - 1), y: clamp(y, 0, viewport.height - 1) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The fields of a mouse or keyboard event that carry modifiers. */
export interface ModifierFields {
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/** CDP modifier bits of an event. */
export const modifiersOf = (e: ModifierFields): number =>
  (e.altKey ? MODIFIER.alt : 0) | (e.ctrlKey ? MODIFIER.ctrl : 0) | (e.metaKey ? MODIFIER.meta : 0) | (e.shiftKey ? MODIFIER.shift : 0);

/** DOM `MouseEvent.button` → the CDP button name. */
export const buttonOf = (button: number): 'left' | 'middle' | 'right' | 'none' => (button === 0 ? 'left' : button === 1 ? 'middle' : button === 2 ? 'right' : 'none');

/** The fields of a mouse event the mapping reads. */
export interface MouseFields extends ModifierFields {
  clientX: number;
  clientY: number;
  button: number;
  detail: number;
}

/** A mouse event on the canvas → the remote mouse event (null outside the frame). */
export function mouseInput(action: 'down' | 'up' | 'move', e: MouseFields, box: Box, frame: Size, viewport: Size): RemoteInput | null {
  const p = toRemotePoint(e.clientX, e.clientY, box, frame, viewport);
  if (!p) return null;
  return {
    t: 'mouse',
    type: action === 'down' ? 'mousePressed' : action === 'up' ? 'mouseReleased' : 'mouseMoved',
    x: p.x,
    y: p.y,
    button: action === 'move' ? 'none' : buttonOf(e.button),
    clickCount: action === 'move' ? 0 : Math.min(3, Math.max(1, e.detail)),
    modifiers: modifiersOf(e),
  };
}

/** WheelEvent.deltaMode values. */
const DOM_DELTA_LINE = 1;
const DOM_DELTA_PAGE = 2;
/** CSS pixels per "line" of a line-mode wheel (what Chromium uses). */
export const WHEEL_LINE_PX = 40;

/** The fields of a wheel event the mapping reads. */
export interface WheelFields extends ModifierFields {
  clientX: number;
  clientY: number;
  deltaX: number;
  deltaY: number;
  deltaMode: number;
}

/**
 * A wheel event on the canvas → a remote scroll at the pointer, deltas in remote CSS pixels (line and
 * page deltas converted; pixel deltas scaled by the remote/screen ratio so a flick scrolls the same
 * share of the page it would locally).
 */
export function wheelInput(e: WheelFields, box: Box, frame: Size, viewport: Size): RemoteInput | null {
  const p = toRemotePoint(e.clientX, e.clientY, box, frame, viewport);
  if (!p) return null;
  const fit = fitContain(box, frame);
  const perScreenPx = viewport.width / frame.width / fit.scale;
  const unit = e.deltaMode === DOM_DELTA_LINE ? WHEEL_LINE_PX : e.deltaMode === DOM_DELTA_PAGE ? viewport.height : perScreenPx;
  return { t: 'wheel', x: p.x, y: p.y, deltaX: Math.round(e.deltaX * unit), deltaY: Math.round(e.deltaY * unit) };
}

/** The fields of a keyboard event the mapping reads. */
export interface KeyFields extends ModifierFields {
  key: string;
  code: string;
  keyCode: number;
  isComposing: boolean;
}

/** Keys whose default the page must not take (browser shortcuts are kept: Ctrl/Meta combinations other than editing). */
const EDITING_WITH_CTRL = new Set(['a', 'c', 'x', 'z', 'y']);

/**
 * A keyboard event → the remote key event. `text` is the character a printable key types (none with
 * Ctrl/Alt/Meta held, as in a browser); Enter types "\r". Events of an IME composition (isComposing,
 * keyCode 229) are left to the composition: its result is sent whole as a `text` input (compositionInput).
 * Returns null for events not to forward.
 */
export function keyInput(action: 'down' | 'up', e: KeyFields): RemoteInput | null {
  if (e.isComposing || e.keyCode === 229 || e.key === 'Process' || e.key === 'Dead' || e.key === 'Unidentified') return null;
  const modifiers = modifiersOf(e);
  const printable = e.key.length === 1 || (e.key.length === 2 && /[\uD800-\uDBFF]/.test(e.key));
  const chord = e.ctrlKey || e.altKey || e.metaKey;
  const text = action === 'up' || chord ? '' : printable ? e.key : e.key === 'Enter' ? '\r' : '';
  return {
    t: 'key',
    type: action === 'down' ? 'keyDown' : 'keyUp',
    key: e.key.slice(0, 40),
    code: e.code.slice(0, 40),
    ...(text ? { text } : {}),
    keyCode: e.keyCode >= 0 && e.keyCode <= 255 ? e.keyCode : 0,
    modifiers,
  };
}

/**
 * True when the page should call preventDefault on this key event (it belongs to the remote page):
 * everything except the browser's own shortcuts with Ctrl/Meta (reload, new tab …), while
 * editing chords (Ctrl+A/C/X/Z/Y) and Tab stay on the remote page. Paste (Ctrl/Meta+V) is left to the
 * local paste event, whose text is sent (the user's clipboard, not the remote browser's empty one).
 */
export function keyBelongsToRemote(e: Pick<KeyFields, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  if (!(e.ctrlKey || e.metaKey)) return true;
  return EDITING_WITH_CTRL.has(e.key.toLowerCase());
}

/** True for Ctrl+V / Meta+V: not forwarded as a key, the paste event sends the text. */
export const isPasteChord = (e: Pick<KeyFields, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'v';

/** The result of an IME composition (compositionend data) → text typed into the remote page. */
export function compositionInput(data: string): RemoteInput | null {
  return data ? { t: 'text', text: data.slice(0, 2000) } : null;
}

/** One touch point's fields. */
export interface TouchPointFields {
  clientX: number;
  clientY: number;
  identifier: number;
}

/**
 * A touch event → the remote touch event with every active point mapped (points on the letterbox are
 * dropped, at most 5 points; a start or move with no point left is not sent; end/cancel carry no points).
 */
export function touchInput(action: 'start' | 'move' | 'end' | 'cancel', touches: readonly TouchPointFields[], box: Box, frame: Size, viewport: Size): RemoteInput | null {
  const points: { x: number; y: number }[] = [];
  if (action === 'start' || action === 'move') {
    // Identifier order keeps each finger in the same slot from start to end (CDP has no ids here).
    for (const t of [...touches].sort((a, b) => a.identifier - b.identifier).slice(0, 5)) {
      const p = toRemotePoint(t.clientX, t.clientY, box, frame, viewport);
      if (p) points.push(p);
    }
    if (points.length === 0) return null;
  }
  const type = action === 'start' ? 'touchStart' : action === 'move' ? 'touchMove' : action === 'end' ? 'touchEnd' : 'touchCancel';
  return { t: 'touch', type, points };
}

/**
 * Normalises what the user typed into the address bar: a bare host or path gets `https://`
 * (`example.com/a` → `https://example.com/a`); http(s) addresses are kept; anything else → null.
 */
export function normaliseAddress(input: string): string | null {
  const v = input.trim();
  if (!v || /\s/.test(v)) return null;
  // A scheme counts only with "//" after it: `localhost:8080/a` is a host and port.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`;
  try {
    const u = new URL(withScheme);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    if (!u.hostname) return null;
    return u.href;
  } catch {
    return null;
  }
}
