/**
 * The live stream of one process-evidence session (issue 11 §2; protocol in @cunzheng/contract/process):
 * opens the WebSocket, keeps the queue position, the remote viewport, the address and the notes the
 * server pushes, hands each binary JPEG frame to `onFrame`, and sends the user's input. If the socket
 * drops while the session is queued or running it reconnects ONCE (the stream token stays valid while
 * the session lives); a second drop, a refused token or a replaced viewer end in `lost`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { PROCESS_WS_CLOSE, ZProcessServerMsg, type TProcessClientMsg } from '@cunzheng/contract/process';

/** What the page shows. */
export type StreamPhase =
  | { phase: 'connecting' }
  | { phase: 'queued'; position: number }
  | { phase: 'running' }
  | { phase: 'reconnecting' }
  | { phase: 'ended'; status: number; note: string }
  | { phase: 'lost'; reason: 'dropped' | 'denied' | 'replaced'; msg: string };

/** Remote browser facts from `started` and `nav`. */
export interface RemoteFacts {
  viewport: { width: number; height: number } | null;
  mobile: boolean;
  /** Unix ms when the session ends by itself (0 until started). */
  deadline: number;
  /** Unix ms (local clock) when the page saw `started`. */
  startedAt: number;
  url: string;
  title: string;
  /** Latest notice from the server (idle warning, 目标地址不允许访问 …); '' none. */
  note: string;
}

export interface RemoteSession {
  state: StreamPhase;
  facts: RemoteFacts;
  /** Sends one input message; false when the socket is not open (dropped input is not queued). */
  send: (msg: TProcessClientMsg) => boolean;
  /** Frames received (for tests and the fps read-out). */
  frames: number;
}

const EMPTY_FACTS: RemoteFacts = { viewport: null, mobile: false, deadline: 0, startedAt: 0, url: '', title: '', note: '' };

/** Chinese texts of the lost states. */
export const LOST_MSG = {
  dropped: '连接已中断，无法恢复。取证会在空闲超时后按“中断”保存已录制的内容。',
  denied: '取证会话无效或已过期',
  replaced: '该取证已在其他窗口打开，本窗口已停止显示',
} as const;

/**
 * Connects to `url` (null: do nothing yet) and follows the stream. `onFrame` receives each JPEG frame
 * as a Blob (the latest callback is used; it is not a dependency).
 */
export function useRemoteSession(url: string | null, onFrame: (jpeg: Blob) => void): RemoteSession {
  const [state, setState] = useState<StreamPhase>({ phase: 'connecting' });
  const [facts, setFacts] = useState<RemoteFacts>(EMPTY_FACTS);
  const [frames, setFrames] = useState(0);
  const ws = useRef<WebSocket | null>(null);
  const frameCb = useRef(onFrame);
  frameCb.current = onFrame;

  useEffect(() => {
    if (!url) return;
    let disposed = false;
    let ended = false;
    let retried = false;
    let frameCount = 0;
    let frameTimer: ReturnType<typeof setTimeout> | null = null;

    const connect = () => {
      const sock = new WebSocket(url);
      sock.binaryType = 'blob';
      ws.current = sock;
      let heard = false;
      sock.onmessage = (ev: MessageEvent<unknown>) => {
        if (disposed) return;
        if (!heard) {
          heard = true;
          // A connection that works earns another single retry for a later drop.
          retried = false;
        }
        if (typeof ev.data !== 'string') {
          frameCount += 1;
          const data = ev.data;
          frameCb.current(data instanceof Blob ? data : new Blob([data as ArrayBuffer], { type: 'image/jpeg' }));
          // Re-render the counter at most every 250 ms, not per frame.
          frameTimer ??= setTimeout(() => {
            frameTimer = null;
            setFrames(frameCount);
          }, 250);
          return;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(ev.data);
        } catch {
          return;
        }
        const r = ZProcessServerMsg.safeParse(parsed);
        if (!r.success) return;
        const m = r.data;
        switch (m.t) {
          case 'queue':
            setState({ phase: 'queued', position: m.position });
            break;
          case 'started':
            setFacts((f) => ({ ...f, viewport: m.viewport, mobile: m.mobile, deadline: m.deadline, startedAt: f.startedAt || Date.now() }));
            setState({ phase: 'running' });
            break;
          case 'nav':
            setFacts((f) => ({ ...f, url: m.url, title: m.title }));
            break;
          case 'note':
          case 'error':
            setFacts((f) => ({ ...f, note: m.msg }));
            break;
          case 'ended':
            ended = true;
            setState({ phase: 'ended', status: m.status, note: m.note });
            break;
          case 'pong':
            break;
        }
      };
      sock.onclose = (ev: CloseEvent) => {
        if (disposed || ended || ws.current !== sock) return;
        ws.current = null;
        if (ev.code === PROCESS_WS_CLOSE.denied) return setState({ phase: 'lost', reason: 'denied', msg: LOST_MSG.denied });
        if (ev.code === PROCESS_WS_CLOSE.replaced) return setState({ phase: 'lost', reason: 'replaced', msg: LOST_MSG.replaced });
        if (!retried) {
          retried = true;
          setState({ phase: 'reconnecting' });
          setTimeout(() => {
            if (!disposed) connect();
          }, 500);
          return;
        }
        setState({ phase: 'lost', reason: 'dropped', msg: LOST_MSG.dropped });
      };
    };

    setState({ phase: 'connecting' });
    setFacts(EMPTY_FACTS);
    connect();
    // Keep-alive through proxies that close quiet sockets.
    const ping = setInterval(() => {
      if (ws.current?.readyState === WebSocket.OPEN) ws.current.send(JSON.stringify({ t: 'ping' }));
    }, 20_000);
    return () => {
      disposed = true;
      clearInterval(ping);
      if (frameTimer) clearTimeout(frameTimer);
      const s = ws.current;
      ws.current = null;
      s?.close(1000);
    };
  }, [url]);

  const send = useCallback((msg: TProcessClientMsg) => {
    const s = ws.current;
    if (!s || s.readyState !== WebSocket.OPEN) return false;
    s.send(JSON.stringify(msg));
    return true;
  }, []);

  return { state, facts, send, frames };
}
