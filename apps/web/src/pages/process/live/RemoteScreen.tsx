/**
 * The remote browser on the page (issue 11 §2): a canvas that draws each JPEG screencast frame scaled to
 * fit ("contain", centred), and forwards what the user does on it — mouse buttons and moves, the wheel,
 * touches (mobile sessions) and the keyboard, including IME text — as input messages in remote viewport
 * CSS px (mapping in remoteInput.ts). Keyboard and IME go through a hidden textarea that takes focus when
 * the canvas is pressed, so composition events, pasting and the phone's soft keyboard work.
 *
 * `register` hands the parent a function that draws one frame (the stream hook calls it per frame).
 */
import { useCallback, useEffect, useRef } from 'react';
import { compositionInput, isPasteChord, keyBelongsToRemote, keyInput, mouseInput, touchInput, wheelInput, type RemoteInput, type Size } from './remoteInput';

export interface RemoteScreenProps {
  /** Remote viewport, CSS px. */
  viewport: Size;
  /** A phone-sized frame around the canvas (mobile sessions). */
  mobile: boolean;
  /** Sends one input message. */
  send: (msg: RemoteInput) => void;
  /** Receives the frame-drawing function (null on unmount). */
  register: (draw: ((jpeg: Blob) => void) | null) => void;
  /** Stop forwarding (after the session ended). */
  disabled?: boolean;
}

/** Mouse moves are sent at most this often, ms (a drag stays smooth, the socket is not flooded). */
const MOVE_EVERY_MS = 33;

export function RemoteScreen({ viewport, mobile, send, register, disabled = false }: RemoteScreenProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const keys = useRef<HTMLTextAreaElement>(null);
  // Size of the last frame drawn; the contract says frames are the viewport's size.
  const frame = useRef<Size>(viewport);
  const composing = useRef(false);
  const lastMove = useRef(0);
  const buttonsDown = useRef(0);
  const drawSeq = useRef(0);
  const drawn = useRef(0);

  useEffect(() => {
    frame.current = viewport;
    const c = canvas.current;
    if (c && (c.width !== viewport.width || c.height !== viewport.height)) {
      c.width = viewport.width;
      c.height = viewport.height;
    }
  }, [viewport]);

  useEffect(() => {
    const draw = (jpeg: Blob) => {
      const seq = ++drawSeq.current;
      void createImageBitmap(jpeg)
        .then((bmp) => {
          const c = canvas.current;
          // A later frame already drawn (decoding finishes out of order) or unmounted: drop this one.
          if (!c || seq < drawn.current) {
            bmp.close();
            return;
          }
          if (c.width !== bmp.width || c.height !== bmp.height) {
            c.width = bmp.width;
            c.height = bmp.height;
          }
          drawn.current = seq;
          frame.current = { width: bmp.width, height: bmp.height };
          c.getContext('2d')?.drawImage(bmp, 0, 0);
          bmp.close();
        })
        .catch(() => {
          /* a broken frame: keep the last one */
        });
    };
    register(draw);
    return () => register(null);
  }, [register]);

  const box = () => canvas.current!.getBoundingClientRect();
  const forward = useCallback(
    (m: RemoteInput | null) => {
      if (m && !disabled) send(m);
    },
    [send, disabled],
  );

  // Wheel and touch listeners must be non-passive to keep the page itself from scrolling.
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      forward(wheelInput(e, box(), frame.current, viewport));
    };
    const onTouch = (action: 'start' | 'move' | 'end' | 'cancel') => (e: TouchEvent) => {
      e.preventDefault();
      if (action === 'start') keys.current?.focus({ preventScroll: true });
      forward(touchInput(action, Array.from(e.touches), box(), frame.current, viewport));
    };
    const start = onTouch('start');
    const move = onTouch('move');
    const end = onTouch('end');
    const cancel = onTouch('cancel');
    c.addEventListener('wheel', onWheel, { passive: false });
    c.addEventListener('touchstart', start, { passive: false });
    c.addEventListener('touchmove', move, { passive: false });
    c.addEventListener('touchend', end, { passive: false });
    c.addEventListener('touchcancel', cancel, { passive: false });
    return () => {
      c.removeEventListener('wheel', onWheel);
      c.removeEventListener('touchstart', start);
      c.removeEventListener('touchmove', move);
      c.removeEventListener('touchend', end);
      c.removeEventListener('touchcancel', cancel);
    };
  }, [forward, viewport]);

  const onMouse = (action: 'down' | 'up' | 'move') => (e: React.MouseEvent<HTMLCanvasElement>) => {
    if (action === 'move') {
      const now = performance.now();
      // Moves while a button is held are all sent (drags, text selection); hover moves are thinned.
      if (buttonsDown.current === 0 && now - lastMove.current < MOVE_EVERY_MS) return;
      lastMove.current = now;
    } else {
      e.preventDefault();
      buttonsDown.current = Math.max(0, buttonsDown.current + (action === 'down' ? 1 : -1));
      if (action === 'down') keys.current?.focus({ preventScroll: true });
    }
    forward(mouseInput(action, e.nativeEvent, box(), frame.current, viewport));
  };

  const onKey = (action: 'down' | 'up') => (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    const n = e.nativeEvent;
    if (composing.current || n.isComposing || isPasteChord(n)) return;
    const m = keyInput(action, n);
    if (!m) return;
    if (keyBelongsToRemote(n)) e.preventDefault();
    forward(m);
  };

  return (
    <div className={mobile ? 'pro-screen pro-screen-phone' : 'pro-screen'} style={{ aspectRatio: `${viewport.width} / ${viewport.height}` }} data-testid="remote-screen">
      <canvas
        ref={canvas}
        width={viewport.width}
        height={viewport.height}
        className="pro-canvas"
        aria-label="远程浏览器画面"
        data-testid="remote-canvas"
        onMouseDown={onMouse('down')}
        onMouseUp={onMouse('up')}
        onMouseMove={onMouse('move')}
        onContextMenu={(e) => e.preventDefault()}
      />
      <textarea
        ref={keys}
        className="pro-keys"
        aria-label="向远程浏览器输入"
        data-testid="remote-keys"
        autoCapitalize="off"
        autoComplete="off"
        spellCheck={false}
        onKeyDown={onKey('down')}
        onKeyUp={onKey('up')}
        onPaste={(e) => {
          e.preventDefault();
          const text = e.clipboardData.getData('text/plain');
          if (text) forward({ t: 'text', text: text.slice(0, 2000) });
        }}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={(e) => {
          composing.current = false;
          forward(compositionInput(e.data));
          e.currentTarget.value = '';
        }}
        onInput={(e) => {
          const n = e.nativeEvent as InputEvent;
          // A forwarded key was preventDefault-ed, so text arriving here came without one: soft keyboards
          // (keyCode 229), dead keys, pasted or inserted text. Composition text goes at compositionend.
          if (!composing.current && !n.isComposing && n.data) forward({ t: 'text', text: n.data.slice(0, 2000) });
          if (!composing.current) e.currentTarget.value = '';
        }}
      />
    </div>
  );
}
