/**
 * SMS provider. The embedded provider prints `[SMS] <mobile> <text>` to the server log; the outbox
 * is the `sms_codes` table written by the auth service. A real provider implements the same interface.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface SmsProvider {
  /** Sends `text` to `mobile`; throws on provider failure. */
  send(mobile: string, text: string): Promise<void>;
}

/** Embedded provider: logs the message (and writes it to stdout so operators see it in any log level). */
export function embeddedSms(log: FastifyBaseLogger): SmsProvider {
  return {
    async send(mobile, text) {
      const line = `[SMS] ${mobile} ${text}`;
      log.info({ sms: true }, line);
      process.stdout.write(line + '\n');
    },
  };
}
