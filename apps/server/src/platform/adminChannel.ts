/**
 * Local admin channel (issue 2 §2: the CLI must work while the server runs on the same DATA_DIR,
 * and embedded PGlite is single-process). The server listens on a Unix socket
 * `DATA_DIR/admin.sock` (mode 0600: only the account owning DATA_DIR can connect); the CLI sends
 * `POST /run {cmd, args}` there and prints the JSON answer. With no server running the CLI opens the
 * database itself and runs the same command function. Not exposed on any TCP port.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export type CommandRunner = (cmd: string, args: Record<string, string | boolean>) => Promise<unknown>;

/** Path of the admin socket in `dataDir`. */
export const adminSocketPath = (dataDir: string): string => path.join(dataDir, 'admin.sock');

/** Starts the channel; returns a function closing it and removing the socket. */
export async function startAdminChannel(dataDir: string, run: CommandRunner): Promise<() => Promise<void>> {
  const sock = adminSocketPath(dataDir);
  fs.rmSync(sock, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/run') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 64 * 1024) req.destroy();
      else chunks.push(c);
    });
    req.on('end', async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { cmd: string; args: Record<string, string | boolean> };
        const result = await run(body.cmd, body.args ?? {});
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
      } catch (e) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error: (e as Error).message }));
      }
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(sock, resolve));
  fs.chmodSync(sock, 0o600);
  return () =>
    new Promise<void>((resolve) =>
      server.close(() => {
        fs.rmSync(sock, { force: true });
        resolve();
      }),
    );
}

/** Sends one command to a running server; resolves `undefined` when no server listens on the socket. */
export function sendAdminCommand(dataDir: string, cmd: string, args: Record<string, string | boolean>): Promise<{ ok: boolean; result?: unknown; error?: string } | undefined> {
  const sock = adminSocketPath(dataDir);
  if (!fs.existsSync(sock)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: sock, method: 'POST', path: '/run', headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNREFUSED' || e.code === 'ENOENT' ? resolve(undefined) : reject(e)));
    req.end(JSON.stringify({ cmd, args }));
  });
}
