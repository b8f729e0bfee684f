/**
 * The log origin (C2SP tlog-checkpoint origin line = name of the verifier key; issue 10 §2): unique per
 * installation, never a shared constant. Resolution, first match wins:
 *   1. LEDGER_ORIGIN when set;
 *   2. the origin of the checkpoints already stored (an existing log keeps its name: changing it would
 *      make it another log for witnesses, monitors and every verifier key already printed);
 *   3. derived from PUBLIC_URL: `<host[:port]><path>/ledger` (e.g. `cz.example.com/ledger`); for a
 *      loopback or `localhost` URL (a development default shared by every fresh install) a suffix of
 *      the installation's ledger public key is added: `localhost:8080/ledger/<hex8>`.
 * Every process of one installation derives the same value (same database, PUBLIC_URL and key).
 */
import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isValidKeyName, loadSigningSeed, noteSigner } from './note.ts';

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

/** The origin derived from PUBLIC_URL (rule 3) for the ledger key of `seed`. */
export function derivedOrigin(publicUrl: string, seed: Buffer): string {
  const u = new URL(publicUrl);
  const base = `${u.host}${u.pathname.replace(/\/+$/, '')}`.replace(/[\s+]/g, '_');
  if (!LOOPBACK.test(u.hostname)) return `${base}/ledger`;
  const pub = noteSigner('x', seed).publicKey;
  return `${base}/ledger/${crypto.createHash('sha256').update(pub).digest('hex').slice(0, 8)}`;
}

/**
 * Sets `config.LEDGER_ORIGIN` when it is empty (rules 2–3) and returns it. Call after migrations and
 * before the services are built. Throws Error for an origin that is not a valid key name.
 */
export async function resolveLedgerOrigin(config: Config, database: Pick<Database, 'query'>): Promise<string> {
  if (!config.LEDGER_ORIGIN) {
    let stored = '';
    try {
      const rows = await database.query<{ note: string }>('select note from checkpoints order by size desc limit 1');
      stored = rows[0]?.note.slice(0, rows[0].note.indexOf('\n')) ?? '';
    } catch {
      stored = ''; // no ledger tables yet
    }
    config.LEDGER_ORIGIN = stored || derivedOrigin(config.PUBLIC_URL, loadSigningSeed(config.dataDir, config.LEDGER_SIGNING_KEY));
  }
  if (!isValidKeyName(config.LEDGER_ORIGIN)) throw new Error('配置错误 / invalid configuration: LEDGER_ORIGIN must be non-empty without spaces or "+"');
  return config.LEDGER_ORIGIN;
}
