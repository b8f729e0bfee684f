/**
 * The live stream of a process session (issue 11 §2): `GET /api/processforensics/stream?id=&streamToken=`
 * upgraded to a WebSocket (@fastify/websocket on ws). Protocol: contract `process.ts` (binary messages =
 * JPEG frames server → client; JSON text messages both ways). Authentication is the session's stream
 * token (HMAC, from addProcess / look), because a browser cannot send an Authorization header with a
 * WebSocket; a bad one gets an `error` message and close 4401. One viewer per session: a newer socket
 * replaces the older (closed 4409). Client messages that do not parse are ignored.
 *
 * Several API processes (issue 17): a viewer whose session runs in another process is relayed there — this
 * process opens the same stream URL (same token, checked again by the owner) at the owner's internal
 * address (`owner_url`) and copies messages both ways; frames are dropped while the viewer's buffer is full,
 * like the owner does; the owner's close code is passed on (1011 when the owner cannot be reached).
 */
import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { MSG } from '@cunzheng/contract/messages';
import { PROCESS_STREAM_PATH, PROCESS_WS_CLOSE, ZProcessClientMsg } from '@cunzheng/contract/process';
import type { ProcessManager, StreamViewer } from './manager.ts';
import type { ProcessService } from './service.ts';

const ZStreamQuery = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER), streamToken: z.string().min(1).max(500) });
/** Largest client message, bytes. */
const MAX_PAYLOAD = 16 * 1024;
/** Frames are not relayed while this many bytes wait in the viewer's socket (the owner's own rule). */
const RELAY_MAX_BUFFER = 4 * 1024 * 1024;
/** Close codes that may be sent on (1005/1006/1015 are reserved for "none"/"abnormal"/TLS). */
const passable = (code: number) => (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999);

/**
 * Relays viewer `socket` to the process at `ownerUrl` that runs session `id` (same token); returns the
 * upstream socket. Either side closing closes the other.
 */
function relayTo(socket: WebSocket, ownerUrl: string, id: number, token: string): WebSocket {
  const url = new URL(PROCESS_STREAM_PATH, ownerUrl.replace(/^http/, 'ws'));
  url.searchParams.set('id', String(id));
  url.searchParams.set('streamToken', token);
  const up = new WebSocket(url, { maxPayload: 64 * 1024 * 1024, handshakeTimeout: 10_000 });
  const pending: string[] = [];
  up.on('open', () => {
    for (const m of pending.splice(0)) up.send(m);
  });
  up.on('message', (data, isBinary) => {
    if (socket.readyState !== socket.OPEN) return;
    if (isBinary && socket.bufferedAmount > RELAY_MAX_BUFFER) return;
    socket.send(data, { binary: isBinary });
  });
  up.on('close', (code, reason) => {
    if (socket.readyState === socket.OPEN) socket.close(passable(code) ? code : 1011, reason.toString().slice(0, 100));
  });
  up.on('error', () => {
    if (socket.readyState === socket.OPEN) socket.close(1011, 'owner unreachable');
  });
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    const text = data.toString();
    if (up.readyState === up.OPEN) up.send(text);
    else if (up.readyState === up.CONNECTING && pending.length < 1000) pending.push(text);
  });
  socket.on('close', () => {
    if (up.readyState === up.CONNECTING) up.terminate();
    else up.close();
  });
  return up;
}

/** Registers the stream route (and the WebSocket plugin, scoped to this plugin). */
export const processStreamRoutes = (deps: { process: ProcessService; manager: ProcessManager }): FastifyPluginAsync => async (app) => {
  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });
  const current = new Map<number, WebSocket>();

  app.get(PROCESS_STREAM_PATH, { websocket: true }, async (socket, req) => {
    const q = ZStreamQuery.safeParse(req.query);
    const row = q.success ? await deps.process.streamSession(q.data.id, q.data.streamToken) : null;
    if (!q.success || !row) {
      socket.send(JSON.stringify({ t: 'error', msg: MSG.PROCESS_STREAM_DENIED }));
      socket.close(PROCESS_WS_CLOSE.denied, 'denied');
      return;
    }
    const id = row.id;
    const token = q.data.streamToken;
    const older = current.get(id);
    if (older) older.close(PROCESS_WS_CLOSE.replaced, 'replaced');
    current.set(id, socket);
    let relayed = false;
    const viewer: StreamViewer = {
      send: (d) => {
        if (socket.readyState === socket.OPEN) socket.send(d);
      },
      bufferedAmount: () => socket.bufferedAmount,
      close: () => socket.close(PROCESS_WS_CLOSE.ended, 'ended'),
      relay: (ownerUrl) => {
        if (relayed || socket.readyState !== socket.OPEN) return;
        relayed = true;
        deps.manager.disconnect(id, viewer);
        relayTo(socket, ownerUrl, id, token);
      },
    };
    socket.on('message', (data, isBinary) => {
      if (isBinary || relayed) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        return;
      }
      const m = ZProcessClientMsg.safeParse(parsed);
      if (m.success) void deps.manager.input(id, m.data).catch(() => undefined);
    });
    socket.on('close', () => {
      if (current.get(id) === socket) current.delete(id);
      deps.manager.disconnect(id, viewer);
    });
    await deps.manager.connect(id, viewer);
  });
};
