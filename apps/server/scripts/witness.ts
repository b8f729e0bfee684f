/**
 * `npm run witness`: a transparency-log witness (C2SP tlog-witness, cosignature/v1; issue 10 §2) as its
 * own process with its own data directory and key, for a third party to run (src/witness/witness.ts).
 *
 * Environment:
 *   WITNESS_NAME      its key name, e.g. `witness.example.org/w1` (required; no spaces or '+')
 *   WITNESS_DATA_DIR  its data directory (default ./witness-data): the key (witness-ed25519.seed, 0600)
 *                     and the last cosigned size and root of each log (state/)
 *   WITNESS_LOGS      verifier keys of the logs it witnesses (the text of <server>/api/ledger/key),
 *                     separated by ';' or newlines
 *   WITNESS_KEY       optional: base64 32-byte Ed25519 seed instead of the generated file
 *   WITNESS_PORT      default 8092; WITNESS_HOST default 127.0.0.1
 * It prints its verifier key: give `<key> http://<host>:<port>` to the log's LEDGER_WITNESSES, and the
 * key to verifiers (`cunzheng-verify … --witness <key>`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { witness } from '../src/witness/witness.ts';

const fail = (msg: string): never => {
  process.stderr.write(`witness: ${msg}\n`);
  process.exit(2);
};
const name = process.env.WITNESS_NAME ?? fail('set WITNESS_NAME (e.g. witness.example.org/w1)');
const logs = (process.env.WITNESS_LOGS ?? '').split(/[;\n]/).map((s) => s.trim()).filter(Boolean);
if (logs.length === 0) fail('set WITNESS_LOGS to the verifier key(s) of the log(s) to witness (<server>/api/ledger/key)');
const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.WITNESS_DATA_DIR ?? './witness-data');
fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
let w;
try {
  w = witness({ name, dataDir, logs, ...(process.env.WITNESS_KEY ? { seed: process.env.WITNESS_KEY } : {}) });
} catch (e) {
  fail((e as Error).message);
}
const { server, port } = await w!.listen(Number(process.env.WITNESS_PORT ?? 8092), process.env.WITNESS_HOST ?? '127.0.0.1');
process.stdout.write(`witness ${name} listening on ${process.env.WITNESS_HOST ?? '127.0.0.1'}:${port}\nverifier key: ${w!.verifierKey}\n`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => server.close(() => process.exit(0)));
