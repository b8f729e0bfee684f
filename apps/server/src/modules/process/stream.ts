/**
 * The live stream of a process session (issue 11 §2): `GET /api/processforensics/stream?id=&streamToken=`
 * upgraded to a WebSocket (@fastify/websocket on ws). Protocol: contract `process.ts` (binary messages =
 * JPEG frames server → client; JSON text messages both ways). Authentication is the session's stream
 * token (HMAC, from addProcess / look), because a browser cannot send an Authorization header with a
 * WebSocket; a bad one gets an `error` message and close 4401. One viewer per session: a newer socket
 * replaces the older (closed 4409). Client messages that do not parse are ignored.
 */
import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { MSG } from '@cunzheng/contract/messages';
import { PROCESS_STREAM_PATH, PROCESS_WS_CLOSE, ZProcessClientMsg } from '@cunzheng/contract/process';
import type { Viewer } from './live.ts';
import type { ProcessManager } from './manager.ts';
import type { ProcessService } from './service.ts';

const ZStreamQuery = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER), streamToken: z.string().min(1).max(500) });
/** Largest client message, bytes. */
const MAX_PAYLOAD = 16 * 1024;

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
    const older = current.get(id);
    if (older) older.close(PROCESS_WS_CLOSE.replaced, 'replaced');
    current.set(id, socket);
    const viewer: Viewer = {
      send: (d) => {
        if (socket.readyState === socket.OPEN) socket.send(d);
      },
      bufferedAmount: () => socket.bufferedAmount,
      close: () => socket.close(PROCESS_WS_CLOSE.ended, 'ended'),
    };
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
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
