/**
 * The local SMTP server (issue 13 §4: e-invoices delivered by e-mail; DESIGN.md "everything outside this
 * machine sits behind an adapter whose default is a local implementation of the same protocol"): a real
 * SMTP server (the maintained `smtp-server` of the Nodemailer project) on 127.0.0.1 that accepts every
 * message and keeps it as an .eml file (RFC 5322, mode 0600) under `dir` — the mailbox a developer or a
 * test reads (with `mailparser`). Started in-process by the mail adapter when SMTP_URL is unset, or alone
 * with `npm run mail-sandbox`. Nothing is relayed anywhere.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Largest message accepted, bytes (an e-invoice PDF is well under it). */
export const MAIL_SANDBOX_MAX_BYTES = 25 * 1024 * 1024;

export interface MailSandbox {
  /** The port it listens on (127.0.0.1). */
  readonly port: number;
  /** Directory of the received messages. */
  readonly dir: string;
  /** Received message files (.eml), oldest first. */
  list(): string[];
  stop(): Promise<void>;
}

/** Starts the SMTP sandbox on `host`:`port` (0 = any free port), keeping messages under `dir`. */
export async function startMailSandbox(opts: { dir: string; port?: number; host?: string; onMessage?: (file: string) => void }): Promise<MailSandbox> {
  const dir = opts.dir;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAIL_SANDBOX_MAX_BYTES,
    banner: 'Cunzheng local mail sandbox (nothing is relayed)',
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        const file = path.join(dir, `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.eml`);
        fs.writeFileSync(file, Buffer.concat(chunks), { mode: 0o600 });
        opts.onMessage?.(file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    dir,
    list: () =>
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => path.join(dir, f)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
