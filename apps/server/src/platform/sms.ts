/**
 * SMS provider. The embedded provider prints `[SMS] <mobile> <text>` to the server log and keeps an
 * outbox table (`sms_outbox`). A real provider implements the same interface.
 */
import type { FastifyBaseLogger } from 'fastify';
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
