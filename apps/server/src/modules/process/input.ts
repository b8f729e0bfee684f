/**
 * Viewer input of a live session (issue 11 §2): contract `ZProcessClientMsg`s replayed on the page with CDP
 * (Input.dispatchMouseEvent / dispatchTouchEvent / dispatchKeyEvent / insertText, Page.reload, history
 * navigation, Page.navigate through the session's address check) and written to the action log: clicks
 * and taps with a short description of the element under them, typed text (****** in a password field or
 * inside a frame, where the field cannot be seen), named keys, scrolls (merged within 1 s).
 */
import type { CDPSession } from 'playwright-core';
import type { TProAction, TProcessClientMsg, TProcessServerMsg } from '@cunzheng/contract/process';
import type { EndReason } from './live.ts';

/** What the handler may use of its session. */
export interface InputContext {
  cdp: CDPSession;
  actions: TProAction[];
  /** ms since the session started. */
  now(): number;
  log(a: Omit<TProAction, 't' | 'at'>): void;
  navigate(url: string, by: 'user' | 'page'): Promise<void>;
  end(r: EndReason): void;
  sendJson(m: TProcessServerMsg): void;
  /** Input arrived (idle timer). */
  touched(): void;
  /** The next navigation is the user's (back, forward, reload). */
  userNavigation(): void;
}

const DESCRIBE = `(p) => { const e = document.elementFromPoint(p.x, p.y); if (!e) return '';
  const id = e.id ? '#' + e.id : ''; const txt = (e.innerText || e.value || e.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
  return (e.tagName.toLowerCase() + id + (txt ? ' “' + txt + '”' : '')).slice(0, 300); }`;
const IS_SECRET = `(() => { let e = document.activeElement; while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  if (!e) return false; if (e.tagName === 'IFRAME' || e.tagName === 'FRAME') return true;
  return e.tagName === 'INPUT' && (e.type || '').toLowerCase() === 'password'; })()`;
const NAMED_KEYS = new Set(['Enter', 'Tab', 'Backspace', 'Delete', 'Escape', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', 'F5']);

/** Whether the focused field must not be logged (password, frame, or unknown). */
async function secretFocused(c: CDPSession): Promise<boolean> {
  try {
    const r = (await c.send('Runtime.evaluate', { expression: IS_SECRET, returnByValue: true })) as { result: { value?: unknown } };
    return r.result.value !== false;
  } catch {
    return true;
  }
}

/** Short description of the element at (x, y): tag, #id and text, e.g. `a#go “表单页”`. */
async function describeAt(c: CDPSession, x: number, y: number): Promise<string> {
  try {
    const r = (await c.send('Runtime.evaluate', { expression: `(${DESCRIBE})(${JSON.stringify({ x, y })})`, returnByValue: true })) as { result: { value?: unknown } };
    return typeof r.result.value === 'string' ? r.result.value : '';
  } catch {
    return '';
  }
}

/** Logs typed text, appended to the last input action when it is recent and of the same kind. */
async function logInput(x: InputContext, text: string): Promise<void> {
  const masked = await secretFocused(x.cdp);
  const last = x.actions.at(-1);
  if (last && last.kind === 'input' && x.now() - last.t < 3000 && (last.text === '******') === masked) {
    if (!masked) last.text = `${last.text ?? ''}${text}`.slice(0, 2000);
    return;
  }
  x.log({ kind: 'input', text: masked ? '******' : text.slice(0, 2000) });
}

/** Applies one viewer message to the page and logs it. */
export async function applyInput(x: InputContext, m: TProcessClientMsg): Promise<void> {
  if (m.t !== 'ping') x.touched();
  const c = x.cdp;
  switch (m.t) {
    case 'mouse': {
      const press = m.type === 'mousePressed' ? describeAt(c, m.x, m.y) : null;
      await c.send('Input.dispatchMouseEvent', { type: m.type, x: m.x, y: m.y, button: m.type === 'mouseMoved' ? 'none' : m.button, clickCount: m.clickCount, modifiers: m.modifiers ?? 0 }).catch(() => undefined);
      if (press) x.log({ kind: 'click', x: m.x, y: m.y, target: await press });
      return;
    }
    case 'wheel': {
      await c.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x: m.x, y: m.y, deltaX: m.deltaX, deltaY: m.deltaY }).catch(() => undefined);
      const last = x.actions.at(-1);
      if (last && last.kind === 'scroll' && x.now() - last.t < 1000) {
        last.deltaX = (last.deltaX ?? 0) + m.deltaX;
        last.deltaY = (last.deltaY ?? 0) + m.deltaY;
      } else x.log({ kind: 'scroll', x: m.x, y: m.y, deltaX: m.deltaX, deltaY: m.deltaY });
      return;
    }
    case 'touch': {
      const touchPoints = m.type === 'touchEnd' || m.type === 'touchCancel' ? [] : m.points.map((p) => ({ x: p.x, y: p.y }));
      const press = m.type === 'touchStart' && m.points[0] ? describeAt(c, m.points[0].x, m.points[0].y) : null;
      await c.send('Input.dispatchTouchEvent', { type: m.type, touchPoints }).catch(() => undefined);
      if (press) x.log({ kind: 'touch', x: m.points[0]!.x, y: m.points[0]!.y, target: await press });
      return;
    }
    case 'key': {
      const text = m.type === 'keyDown' || m.type === 'char' ? m.text : undefined;
      await c
        .send('Input.dispatchKeyEvent', { type: m.type, key: m.key, code: m.code, modifiers: m.modifiers ?? 0, ...(text ? { text, unmodifiedText: text } : {}), ...(m.keyCode ? { windowsVirtualKeyCode: m.keyCode, nativeVirtualKeyCode: m.keyCode } : {}) })
        .catch(() => undefined);
      if (m.type === 'keyDown' || m.type === 'rawKeyDown') {
        if (NAMED_KEYS.has(m.key)) x.log({ kind: 'key', key: m.key });
        else if (text) await logInput(x, text);
      }
      return;
    }
    case 'text':
      await c.send('Input.insertText', { text: m.text }).catch(() => undefined);
      await logInput(x, m.text);
      return;
    case 'navigate':
      await x.navigate(m.url, 'user');
      return;
    case 'back':
    case 'forward':
      x.log({ kind: m.t });
      x.userNavigation();
      await c.send('Runtime.evaluate', { expression: m.t === 'back' ? 'history.back()' : 'history.forward()' }).catch(() => undefined);
      return;
    case 'reload':
      x.log({ kind: 'reload' });
      x.userNavigation();
      await c.send('Page.reload', {}).catch(() => undefined);
      return;
    case 'stop':
      x.end('stop');
      return;
    case 'ping':
      x.sendJson({ t: 'pong' });
      return;
  }
}
