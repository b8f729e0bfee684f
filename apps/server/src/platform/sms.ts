/**
 * SMS provider. The embedded provider prints `[SMS] <mobile> <text>` to the server log and keeps an
 * outbox table (`sms_outbox`). A real provider implements the same interface.
 */
import type { FastifyBaseLogger } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { smsOutbox } from '../db/schema/index.ts';

export interface SmsProvider {
  /** Sends `text` to `mobile`; throws on provider failure. */
  send(mobile: string, text: string): Promise<void>;
}

/** Embedded provider: writes the outbox row, logs the message (and prints it to stdout at any log level). */
export function embeddedSms(db: DbOrTx, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(mobile, text) {
      await db.insert(smsOutbox).values({ mobile, text });
      const line = `[SMS] ${mobile} ${text}`;
      log.info({ sms: true }, line);
      process.stdout.write(line + '\n');
    },
  };
}

/** The embedded outbox, newest first, optionally for one `mobile` (CLI `sms:outbox`). */
export async function readOutbox(db: DbOrTx, q: { mobile?: string; limit: number }): Promise<Array<{ mobile: string; text: string; at: Date }>> {
  const sel = db.select({ mobile: smsOutbox.mobile, text: smsOutbox.text, at: smsOutbox.createdAt }).from(smsOutbox);
  return (q.mobile ? sel.where(eq(smsOutbox.mobile, q.mobile)) : sel).orderBy(desc(smsOutbox.id)).limit(q.limit);
}
