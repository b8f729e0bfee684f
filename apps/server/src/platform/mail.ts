/**
 * The e-mail adapter (issue 13 §4: e-invoices delivered by e-mail). Messages go out over SMTP through
 * `nodemailer`: to SMTP_URL when set (any provider: `smtps://user:pass@smtp.example.com:465`), else to the
 * local SMTP sandbox (platform/mailSandbox.ts) started in-process on first use on 127.0.0.1, whose mailbox
 * is DATA_DIR/mail-sandbox. Switching to a real provider is configuration only.
 */
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { MailSandbox } from './mailSandbox.ts';

/** One message: plain text (and optional HTML) with attachments. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  /** True when messages go to the local sandbox mailbox. */
  readonly sandbox: boolean;
  /** Sends one message; resolves with the SMTP message id, rejects when the server refuses it or is unreachable. */
  send(m: MailMessage): Promise<{ messageId: string }>;
  /** The sandbox mailbox directory ('' with a real provider). */
  readonly mailbox: string;
  /** Closes the transport (and stops the in-process sandbox). */
  close(): Promise<void>;
}

/** Builds the mailer of `config` (SMTP_URL, MAIL_FROM, DATA_DIR). */
export function mailerFor(config: { SMTP_URL?: string; MAIL_FROM: string; dataDir: string }): Mailer {
  const mailbox = config.SMTP_URL ? '' : path.join(config.dataDir, 'mail-sandbox');
  let sandbox: Promise<MailSandbox> | null = null;
  let transport: Promise<Transporter> | null = null;
  const transporter = (): Promise<Transporter> => {
    transport ??= (async () => {
      // Loaded on first use (issue 16: nodemailer, smtp-server and mailparser are ≈ 50 MiB of idle RSS otherwise).
      const { default: nodemailer } = await import('nodemailer');
      if (config.SMTP_URL) return nodemailer.createTransport(config.SMTP_URL);
      sandbox ??= import('./mailSandbox.ts').then((m) => m.startMailSandbox({ dir: mailbox }));
      const s = await sandbox;
      return nodemailer.createTransport({ host: '127.0.0.1', port: s.port, secure: false, ignoreTLS: true });
    })();
    // A failed start is retried by the next send.
    transport.catch(() => {
      transport = null;
      sandbox = null;
    });
    return transport;
  };
  return {
    sandbox: !config.SMTP_URL,
    mailbox,
    async send(m) {
      const t = await transporter();
      const info = (await t.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments })) as { messageId: string };
      return { messageId: info.messageId };
    },
    async close() {
      if (transport) (await transport.catch(() => null))?.close();
      if (sandbox) await (await sandbox.catch(() => null))?.stop();
    },
  };
}
