// @vitest-environment node
/**
 * The input mapping of the live process-evidence page (issue 11 §2): points on the canvas become points
 * of the remote viewport through the contain-fit the frame is drawn with; wheel deltas, keys, IME text,
 * touches and typed addresses become what the remote browser needs.
 */
import { describe, expect, it } from 'vitest';
import { compositionInput, fitContain, isPasteChord, keyBelongsToRemote, keyInput, MODIFIER, mouseInput, normaliseAddress, toRemotePoint, touchInput, wheelInput, WHEEL_LINE_PX } from './remoteInput';

const noMods = { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };
const desktop = { width: 1280, height: 800 };
// The canvas box of a 1366-px screen: 1000×800 at (100, 50); a 1280×800 frame fits at scale 0.78125,
// 1000×625, 87.5 px letterbox above and below.
const box = { left: 100, top: 50, width: 1000, height: 800 };

describe('fitContain / toRemotePoint', () => {
  it('letterboxes a wide frame in a tall box', () => {
    expect(fitContain(box, desktop)).toEqual({ scale: 0.78125, offsetX: 0, offsetY: 87.5, width: 1000, height: 625 });
  });

  it('maps corners and the centre of the drawn frame to the remote viewport', () => {
    expect(toRemotePoint(100, 137.5, box, desktop)).toEqual({ x: 0, y: 0 });
    expect(toRemotePoint(600, 450, box, desktop)).toEqual({ x: 640, y: 400 });
    expect(toRemotePoint(1100, 762.5, box, desktop)).toEqual({ x: 1279, y: 799 });
    expect(toRemotePoint(350, 300, box, desktop)).toEqual({ x: 320, y: 208 });
  });

  it('maps nothing on the letterbox bars or outside the box', () => {
    expect(toRemotePoint(600, 100, box, desktop)).toBeNull();
    expect(toRemotePoint(600, 800, box, desktop)).toBeNull();
    expect(toRemotePoint(50, 450, box, desktop)).toBeNull();
  });

  it('scales from frame pixels to viewport pixels when the screencast frame is smaller than the viewport', () => {
    // A 640×400 frame of the 1280×800 viewport, drawn in a 640×400 box at the origin: 1 screen px = 2 remote px.
    expect(toRemotePoint(320, 200, { left: 0, top: 0, width: 640, height: 400 }, { width: 640, height: 400 }, desktop)).toEqual({ x: 640, y: 400 });
  });

  it('pillarboxes a phone frame in a wide box', () => {
    const phone = { width: 390, height: 844 };
    const wide = { left: 0, top: 0, width: 1000, height: 422 };
    // scale 0.5 → 195×422 centred: x from 402.5 to 597.5.
    expect(toRemotePoint(402.5, 0, wide, phone)).toEqual({ x: 0, y: 0 });
    expect(toRemotePoint(500, 211, wide, phone)).toEqual({ x: 195, y: 422 });
    expect(toRemotePoint(300, 211, wide, phone)).toBeNull();
  });

  it('maps nothing before the first frame', () => {
    expect(toRemotePoint(10, 10, box, { width: 0, height: 0 })).toBeNull();
  });
});

describe('mouseInput', () => {
  it('sends down/up with button, click count and modifiers; moves without a button', () => {
    const e = { ...noMods, clientX: 600, clientY: 450, button: 0, detail: 2, shiftKey: true };
    expect(mouseInput('down', e, box, desktop, desktop)).toEqual({ t: 'mouse', type: 'mousePressed', x: 640, y: 400, button: 'left', clickCount: 2, modifiers: MODIFIER.shift });
    expect(mouseInput('up', { ...e, button: 2, detail: 0 }, box, desktop, desktop)).toMatchObject({ type: 'mouseReleased', button: 'right', clickCount: 1 });
    expect(mouseInput('move', e, box, desktop, desktop)).toMatchObject({ type: 'mouseMoved', button: 'none', clickCount: 0 });
    expect(mouseInput('down', { ...e, clientY: 60 }, box, desktop, desktop)).toBeNull();
  });
});

describe('wheelInput', () => {
  const at = { ...noMods, clientX: 600, clientY: 450 };
  it('converts pixel deltas by the screen-to-remote ratio', () => {
    // 1 screen px = 1.28 remote px at scale 0.78125.
    expect(wheelInput({ ...at, deltaX: 0, deltaY: 100, deltaMode: 0 }, box, desktop, desktop)).toEqual({ t: 'wheel', x: 640, y: 400, deltaX: 0, deltaY: 128 });
  });
  it('converts line and page deltas', () => {
    expect(wheelInput({ ...at, deltaX: 0, deltaY: 3, deltaMode: 1 }, box, desktop, desktop)).toMatchObject({ deltaY: 3 * WHEEL_LINE_PX });
    expect(wheelInput({ ...at, deltaX: 0, deltaY: -1, deltaMode: 2 }, box, desktop, desktop)).toMatchObject({ deltaY: -800 });
  });
});

describe('keyInput / compositionInput', () => {
  const key = (k: string, extra: Partial<{ code: string; keyCode: number; isComposing: boolean; ctrlKey: boolean; shiftKey: boolean }> = {}) => ({
    ...noMods,
    key: k,
    code: extra.code ?? `Key${k.toUpperCase()}`,
    keyCode: extra.keyCode ?? k.toUpperCase().charCodeAt(0),
    isComposing: false,
    ...extra,
  });

  it('types the character of a printable key on down only', () => {
    expect(keyInput('down', key('a'))).toEqual({ t: 'key', type: 'keyDown', key: 'a', code: 'KeyA', keyCode: 65, text: 'a', modifiers: 0 });
    expect(keyInput('up', key('a'))).toEqual({ t: 'key', type: 'keyUp', key: 'a', code: 'KeyA', keyCode: 65, modifiers: 0 });
    expect(keyInput('down', key('A', { shiftKey: true, code: 'KeyA', keyCode: 65 }))).toMatchObject({ text: 'A', modifiers: MODIFIER.shift });
  });

  it('Enter types a carriage return; Backspace and arrows type nothing', () => {
    expect(keyInput('down', key('Enter', { code: 'Enter', keyCode: 13 }))).toMatchObject({ text: '\r', keyCode: 13 });
    expect(keyInput('down', key('Backspace', { code: 'Backspace', keyCode: 8 }))).not.toHaveProperty('text');
    expect(keyInput('down', key('ArrowDown', { code: 'ArrowDown', keyCode: 40 }))).toMatchObject({ key: 'ArrowDown', keyCode: 40 });
  });

  it('a chord types nothing but is sent with its modifiers', () => {
    const chord = keyInput('down', key('a', { ctrlKey: true }));
    expect(chord).toMatchObject({ modifiers: MODIFIER.ctrl });
    expect(chord).not.toHaveProperty('text');
  });

  it('leaves IME composition keys to the composition, whose result is sent as text', () => {
    expect(keyInput('down', key('Process', { keyCode: 229 }))).toBeNull();
    expect(keyInput('down', key('n', { isComposing: true }))).toBeNull();
    expect(compositionInput('你好')).toEqual({ t: 'text', text: '你好' });
    expect(compositionInput('')).toBeNull();
  });

  it('keeps browser shortcuts, takes editing chords and plain keys', () => {
    expect(keyBelongsToRemote({ key: 'r', ctrlKey: true, metaKey: false })).toBe(false);
    expect(keyBelongsToRemote({ key: 'c', ctrlKey: true, metaKey: false })).toBe(true);
    expect(keyBelongsToRemote({ key: 'v', ctrlKey: true, metaKey: false })).toBe(false);
    expect(isPasteChord({ key: 'v', ctrlKey: false, metaKey: true, altKey: false })).toBe(true);
    expect(isPasteChord({ key: 'v', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(keyBelongsToRemote({ key: 'Tab', ctrlKey: false, metaKey: false })).toBe(true);
  });
});

describe('touchInput', () => {
  const phone = { width: 390, height: 844 };
  const pbox = { left: 10, top: 20, width: 195, height: 422 };
  it('maps every touch point; end carries none', () => {
    expect(touchInput('start', [{ clientX: 107.5, clientY: 231, identifier: 4 }, { clientX: 10, clientY: 20, identifier: 3 }], pbox, phone, phone)).toEqual({
      t: 'touch',
      type: 'touchStart',
      points: [
        { x: 0, y: 0 },
        { x: 195, y: 422 },
      ],
    });
    expect(touchInput('end', [], pbox, phone, phone)).toEqual({ t: 'touch', type: 'touchEnd', points: [] });
  });
  it('drops a move with every point outside the frame', () => {
    expect(touchInput('move', [{ clientX: 500, clientY: 20, identifier: 1 }], pbox, phone, phone)).toBeNull();
  });
});

describe('normaliseAddress', () => {
  it('adds https:// to a bare host, keeps http(s), refuses other schemes and junk', () => {
    expect(normaliseAddress(' example.com/a ')).toBe('https://example.com/a');
    expect(normaliseAddress('127.0.0.1:8080/x')).toBe('https://127.0.0.1:8080/x');
    expect(normaliseAddress('http://127.0.0.1:5000/')).toBe('http://127.0.0.1:5000/');
    expect(normaliseAddress('ftp://example.com')).toBeNull();
    expect(normaliseAddress('javascript:alert(1)')).toBeNull();
    expect(normaliseAddress('a b')).toBeNull();
    expect(normaliseAddress('')).toBeNull();
  });
});
