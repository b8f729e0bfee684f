/**
 * `npm run mail-sandbox`: the local SMTP sandbox (issue 13 §4) as its own process. It accepts every
 * message on 127.0.0.1:MAIL_SANDBOX_PORT (default 2525), relays nothing, and keeps each one as an .eml file
 * under DATA_DIR/mail-sandbox, printing the sender, recipients, subject and attachments of each. Point the
 * server at it with `SMTP_URL=smtp://127.0.0.1:2525`. (With SMTP_URL unset the server starts the same
 * sandbox in-process on a free port instead.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { loadConfig } from '../src/config.ts';
import { startMailSandbox } from '../src/platform/mailSandbox.ts';

const config = loadConfig();
const port = Number(process.env.MAIL_SANDBOX_PORT ?? 2525);
const sandbox = await startMailSandbox({
  dir: path.join(config.dataDir, 'mail-sandbox'),
  port,
  host: process.env.HOST ?? '127.0.0.1',
  onMessage: (file) => {
    void simpleParser(fs.readFileSync(file)).then((m) => {
      const to = m.to ? (Array.isArray(m.to) ? m.to : [m.to]).map((a) => a.text).join(', ') : '';
      console.log(`${new Date().toISOString()} ${m.from?.text ?? ''} → ${to}: ${m.subject ?? ''} [${m.attachments.map((a) => `${a.filename} ${a.size} B`).join(', ')}] ${file}`);
    });
  },
});
console.log(`mail sandbox: smtp://127.0.0.1:${sandbox.port} → ${sandbox.dir}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void sandbox.stop().then(() => process.exit(0)));
