/**
 * A transparency-log witness (C2SP tlog-witness + tlog-cosignature/v1; issue 10 §2), run as its own
 * process (`npm run witness`, scripts/witness.ts) with its own data directory and key, by anyone.
 *
 * POST /add-checkpoint, body (text):
 *     old <size>\n
 *     <base64 consistency-proof hash>\n   (zero or more)
 *     \n
 *     <signed checkpoint note>
 * The witness checks, in order: the request is well formed (400); the checkpoint's origin is a log it
 * witnesses (404) and the note carries a valid signature of that log's key (403); old ≤ size (400);
 * `old` equals the size it last cosigned for the log (else 409 with its size, Content-Type
 * text/x.tlog.size); at equal sizes the root must be the same (else 409); the consistency proof from
 * its stored (size, root) to the new checkpoint verifies (else 422 — a fork). Only then it stores the
 * new (size, root) durably (write to a temp file, fsync, rename) and answers 200 with its cosignature
 * line. Requests for one log are handled one at a time. GET / answers the witness's verifier key.
 *
 * State: DATA_DIR/state/<hex sha256(origin)>.json `{origin, size, root}`; key: DATA_DIR/witness-ed25519.seed
 * (created 0600 on first start unless given).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { checkpointText, noteSigner, parseCheckpointText, splitNote } from '../modules/ledger/note.ts';
import { verifyConsistency } from '@cunzheng/contract/ledger/merkle';
import { cosigner, type Cosigner } from './cosigner.ts';

/** Largest accepted request body, bytes (a proof of 63 hashes and a note with 64 signatures fit easily). */
const MAX_BODY = 64 << 10;

export interface WitnessConfig {
  /** Witness name (key name of its cosignatures), e.g. `witness.example.org/w1`. */
  name: string;
  /** Own data directory: key and per-log state. */
  dataDir: string;
  /** Verifier keys (`origin+keyid+base64(0x01‖pubkey)`) of the logs it witnesses; the key name is the origin. */
  logs: string[];
  /** Base64 32-byte seed; unset → DATA_DIR/witness-ed25519.seed. */
  seed?: string;
  /** Clock, Unix seconds (tests). */
  now?: () => number;
}

interface LogState {
  origin: string;
  size: number;
  /** base64. */
  root: string;
}

interface Answer {
  status: number;
  type: string;
  body: string;
}

const text = (status: number, body: string, type = 'text/plain; charset=utf-8'): Answer => ({ status, type, body });

/** Loads or creates the witness seed (0600). */
function loadSeed(dataDir: string, fromEnv?: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'base64');
  const file = path.join(dataDir, 'witness-ed25519.seed');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  const seed = crypto.randomBytes(32);
  fs.writeFileSync(file, `${seed.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return seed;
}

/** Parses a log verifier key `origin+hex8+base64(0x01‖pub)` into a verifying function. */
function logVerifier(vkey: string): { origin: string; verify(note: string): boolean } {
  const m = /^([^+]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(vkey.trim());
  const raw = m ? Buffer.from(m[3]!, 'base64') : Buffer.alloc(0);
  if (!m || raw.length !== 33 || raw[0] !== 0x01) throw new Error(`witness: not a log verifier key: ${vkey.slice(0, 80)}`);
  const pub = crypto.createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw.subarray(1)]), format: 'der', type: 'spki' });
  const keyId = crypto.createHash('sha256').update(m[1]!, 'utf8').update(Buffer.from([0x0a, 0x01])).update(raw.subarray(1)).digest().subarray(0, 4);
  if (keyId.toString('hex') !== m[2]) throw new Error(`witness: verifier key hash mismatch: ${vkey.slice(0, 80)}`);
  return {
    origin: m[1]!,
    verify(note) {
      const parsed = splitNote(note);
      if (!parsed) return false;
      const mine = parsed.signatures.filter((s) => s.name === m[1] && s.keyId.equals(keyId));
      return mine.length > 0 && mine.every((s) => s.sig.length === 64 && crypto.verify(null, Buffer.from(parsed.text, 'utf8'), pub, s.sig));
    },
  };
}

/** The witness: request handling and state (usable in-process by tests; `listen` serves it over HTTP). */
export function witness(cfg: WitnessConfig) {
  fs.mkdirSync(path.join(cfg.dataDir, 'state'), { recursive: true, mode: 0o700 });
  const signer: Cosigner = cosigner(cfg.name, loadSeed(cfg.dataDir, cfg.seed));
  const logs = new Map(cfg.logs.map((k) => logVerifier(k)).map((v) => [v.origin, v]));
  const now = cfg.now ?? (() => Math.floor(Date.now() / 1000));
  const queues = new Map<string, Promise<unknown>>();
  const stateFile = (origin: string) => path.join(cfg.dataDir, 'state', `${crypto.createHash('sha256').update(origin).digest('hex')}.json`);

  const readState = (origin: string): LogState | null => {
    try {
      return JSON.parse(fs.readFileSync(stateFile(origin), 'utf8')) as LogState;
    } catch {
      return null;
    }
  };
  const writeState = (s: LogState) => {
    const file = stateFile(s.origin);
    const tmp = `${file}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, 'w', 0o600);
    fs.writeSync(fd, JSON.stringify(s));
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, file);
  };

  async function addCheckpoint(body: string): Promise<Answer> {
    const blank = body.indexOf('\n\n');
    if (blank < 0) return text(400, 'malformed request\n');
    const head = body.slice(0, blank).split('\n');
    const note = body.slice(blank + 2);
    const old = /^old (0|[1-9][0-9]{0,15})$/.exec(head[0] ?? '');
    if (!old) return text(400, 'malformed old size\n');
    const proof: Buffer[] = [];
    for (const line of head.slice(1)) {
      if (!/^[A-Za-z0-9+/]{43}=$/.test(line)) return text(400, 'malformed proof\n');
      proof.push(Buffer.from(line, 'base64'));
    }
    const split = splitNote(note);
    const cp = split ? parseCheckpointText(split.text) : null;
    if (!split || !cp || split.text !== checkpointText(cp.origin, cp.size, cp.root)) return text(400, 'malformed checkpoint\n');
    const log = logs.get(cp.origin);
    if (!log) return text(404, 'unknown log\n');
    if (!log.verify(note)) return text(403, 'invalid log signature\n');
    const oldSize = Number(old[1]);
    if (oldSize > cp.size) return text(400, 'old size larger than checkpoint\n');
    // One request per log at a time: check and update are atomic for the log.
    const prev = queues.get(cp.origin) ?? Promise.resolve();
    const run = prev.then(async (): Promise<Answer> => {
      const st = readState(cp.origin);
      const have = st?.size ?? 0;
      if (oldSize !== have) return text(409, `${have}\n`, 'text/x.tlog.size');
      if (st && cp.size === st.size) {
        if (cp.root.toString('base64') !== st.root) return text(409, `${have}\n`, 'text/x.tlog.size');
      } else if (st && st.size > 0) {
        const ok = await verifyConsistency(st.size, cp.size, proof, Buffer.from(st.root, 'base64'), cp.root);
        if (!ok) return text(422, 'consistency proof does not verify\n');
      } else if (proof.length !== 0) {
        return text(422, 'unexpected consistency proof\n');
      }
      writeState({ origin: cp.origin, size: cp.size, root: cp.root.toString('base64') });
      return text(200, signer.cosign(split.text, now()));
    });
    queues.set(cp.origin, run.catch(() => undefined));
    return run;
  }

  return {
    name: cfg.name,
    verifierKey: signer.verifierKey,
    addCheckpoint,
    /** The stored state for a log (size and base64 root), or null. */
    stateOf: readState,
    /** Serves the witness on `port` (0: any free port) at `host`; resolves with the HTTP server and its port. */
    listen(port: number, host = '127.0.0.1'): Promise<{ server: http.Server; port: number }> {
      const server = http.createServer((req, res) => {
        const send = (a: Answer) => {
          res.writeHead(a.status, { 'content-type': a.type, 'cache-control': 'no-store' });
          res.end(a.body);
        };
        const url = (req.url ?? '/').split('?')[0];
        if (req.method === 'GET' && url === '/') return send(text(200, `${signer.verifierKey}\n`));
        if (req.method !== 'POST' || url !== '/add-checkpoint') return send(text(404, 'not found\n'));
        const chunks: Buffer[] = [];
        let size = 0;
        req.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BODY) {
            send(text(413, 'request too large\n'));
            req.destroy();
          } else chunks.push(c);
        });
        req.on('end', () => {
          if (size > MAX_BODY) return;
          addCheckpoint(Buffer.concat(chunks).toString('utf8')).then(send, () => send(text(500, 'internal error\n')));
        });
      });
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve({ server, port: (server.address() as { port: number }).port }));
      });
    },
  };
}

export type Witness = ReturnType<typeof witness>;

/** A log-signed checkpoint note for tests and tools: signs `origin\nsize\nroot\n` with `seed`. */
export const signCheckpoint = (origin: string, seed: Buffer, size: number, root: Buffer): string => noteSigner(origin, seed).sign(checkpointText(origin, size, root));
