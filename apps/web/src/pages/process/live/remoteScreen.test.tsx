/**
 * The remote browser canvas (issue 11 §2): what the user does on it reaches the remote browser in remote
 * viewport CSS px — a click on the drawn frame (scaled to fit, letterboxed) lands on the same point of the
 * 1366×768 (or 390×844) viewport; the wheel scrolls by remote pixels; keys type their character; an IME
 * composition sends its result once as text (not its keys); a phone's soft keyboard text without key
 * codes goes as text; nothing is sent once the session is disabled.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RemoteScreen } from './RemoteScreen';
import type { RemoteInput } from './remoteInput';

let sent: RemoteInput[] = [];
const send = (m: RemoteInput) => {
  sent.push(m);
};
const register = () => {};

/** Renders the screen with the canvas laid out at `box` (jsdom has no layout). */
function renderScreen(viewport: { width: number; height: number }, box: { left: number; top: number; width: number; height: number }, opts: { mobile?: boolean; disabled?: boolean } = {}) {
  render(<RemoteScreen viewport={viewport} mobile={opts.mobile ?? false} send={send} register={register} disabled={opts.disabled} />);
  const canvas = screen.getByTestId('remote-canvas') as HTMLCanvasElement;
  canvas.getBoundingClientRect = () => ({ ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top, toJSON: () => box });
  return { canvas, keys: screen.getByTestId('remote-keys') as HTMLTextAreaElement };
}

beforeEach(() => {
  sent = [];
});

describe('RemoteScreen input forwarding', () => {
  it('a click on the half-size canvas lands on the same point of the 1366×768 viewport', () => {
    // 683×384 box at (20, 100) shows the frame at scale 0.5.
    const { canvas } = renderScreen({ width: 1366, height: 768 }, { left: 20, top: 100, width: 683, height: 384 });
    expect(canvas.width).toBe(1366);
    fireEvent.mouseDown(canvas, { clientX: 20 + 250, clientY: 100 + 60, button: 0, detail: 1 });
    fireEvent.mouseUp(canvas, { clientX: 20 + 250, clientY: 100 + 60, button: 0, detail: 1 });
    expect(sent).toEqual([
      { t: 'mouse', type: 'mousePressed', x: 500, y: 120, button: 'left', clickCount: 1, modifiers: 0 },
      { t: 'mouse', type: 'mouseReleased', x: 500, y: 120, button: 'left', clickCount: 1, modifiers: 0 },
    ]);
  });

  it('a click on the letterbox of a phone frame sends nothing; on the frame it lands in the 390×844 viewport', () => {
    // A 400×422 box: the phone frame fits at scale 0.5 (195×422), pillarboxed from x = 102.5.
    const { canvas } = renderScreen({ width: 390, height: 844 }, { left: 0, top: 0, width: 400, height: 422 }, { mobile: true });
    expect(screen.getByTestId('remote-screen').className).toContain('pro-screen-phone');
    fireEvent.mouseDown(canvas, { clientX: 50, clientY: 200, button: 0, detail: 1 });
    expect(sent).toEqual([]);
    fireEvent.mouseDown(canvas, { clientX: 102.5 + 97.5, clientY: 211, button: 0, detail: 1 });
    expect(sent).toEqual([{ t: 'mouse', type: 'mousePressed', x: 195, y: 422, button: 'left', clickCount: 1, modifiers: 0 }]);
  });

  it('the wheel scrolls by remote pixels at the pointer', () => {
    const { canvas } = renderScreen({ width: 1366, height: 768 }, { left: 0, top: 0, width: 683, height: 384 });
    fireEvent.wheel(canvas, { clientX: 100, clientY: 100, deltaY: 120, deltaMode: 0 });
    expect(sent).toEqual([{ t: 'wheel', x: 200, y: 200, deltaX: 0, deltaY: 240 }]);
  });

  it('keys type their character; an IME composition sends only its result', () => {
    const { canvas, keys } = renderScreen({ width: 1366, height: 768 }, { left: 0, top: 0, width: 1366, height: 768 });
    fireEvent.mouseDown(canvas, { clientX: 10, clientY: 10, button: 0, detail: 1 });
    expect(document.activeElement).toBe(keys);
    sent = [];
    fireEvent.keyDown(keys, { key: 'a', code: 'KeyA', keyCode: 65 });
    fireEvent.keyUp(keys, { key: 'a', code: 'KeyA', keyCode: 65 });
    fireEvent.keyDown(keys, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(sent).toEqual([
      { t: 'key', type: 'keyDown', key: 'a', code: 'KeyA', keyCode: 65, text: 'a', modifiers: 0 },
      { t: 'key', type: 'keyUp', key: 'a', code: 'KeyA', keyCode: 65, modifiers: 0 },
      { t: 'key', type: 'keyDown', key: 'Enter', code: 'Enter', keyCode: 13, text: '\r', modifiers: 0 },
    ]);
    sent = [];
    fireEvent.compositionStart(keys, { data: '' });
    fireEvent.keyDown(keys, { key: 'n', code: 'KeyN', keyCode: 229, isComposing: true });
    fireEvent.keyDown(keys, { key: 'i', code: 'KeyI', keyCode: 229, isComposing: true });
    fireEvent.compositionEnd(keys, { data: '你好' });
    expect(sent).toEqual([{ t: 'text', text: '你好' }]);
  });

  it('soft-keyboard text that came without a key code is sent as text', () => {
    const { keys } = renderScreen({ width: 390, height: 844 }, { left: 0, top: 0, width: 390, height: 844 }, { mobile: true });
    fireEvent.keyDown(keys, { key: 'Unidentified', code: '', keyCode: 229 });
    fireEvent.input(keys, { data: 'x', target: { value: 'x' } });
    expect(sent).toEqual([{ t: 'text', text: 'x' }]);
  });

  it('paste sends the local clipboard text, not the Ctrl+V key', () => {
    const { keys } = renderScreen({ width: 1366, height: 768 }, { left: 0, top: 0, width: 1366, height: 768 });
    fireEvent.keyDown(keys, { key: 'v', code: 'KeyV', keyCode: 86, ctrlKey: true });
    fireEvent.paste(keys, { clipboardData: { getData: (t: string) => (t === 'text/plain' ? '订单号 A-1' : '') } });
    expect(sent).toEqual([{ t: 'text', text: '订单号 A-1' }]);
  });

  it('sends nothing once disabled', () => {
    const { canvas, keys } = renderScreen({ width: 1366, height: 768 }, { left: 0, top: 0, width: 683, height: 384 }, { disabled: true });
    fireEvent.mouseDown(canvas, { clientX: 10, clientY: 10, button: 0, detail: 1 });
    fireEvent.keyDown(keys, { key: 'a', code: 'KeyA', keyCode: 65 });
    fireEvent.wheel(canvas, { clientX: 10, clientY: 10, deltaY: 10 });
    expect(sent).toEqual([]);
  });
});
