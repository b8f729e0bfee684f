/**
 * The package layout (issue 3 §4) shared by the server that writes packages and the verifier that reads
 * them: member names, RFC 8785 canonical JSON, and `manifest.json`, the list of every other member's
 * SHA-256 and size.
 *
 * What the manifest guarantees, honestly: it detects accidental corruption and any edit of a single
 * member (VERIFY.md included) by someone who did not also rewrite the manifest. It is not signed, so it
 * proves nothing against a deliberate forger; the evidential checks are the cryptographic ones (ledger
 * inclusion and checkpoint signature, RFC 3161 token, PDF signature, chain anchor).
 */
import { decodeUtf8 } from './bytes.ts';
import { fail } from './text.ts';

/** Format tag of manifest.json. */
export const PACKAGE_FORMAT = 'cunzheng-package/v1';

/** Fixed member names (the evidence file keeps its own name beside them). */
export const MEMBERS = {
  manifest: 'manifest.json',
  readme: 'VERIFY.md',
  certificate: 'certificate.pdf',
  entry: 'entry.json',
  proof: 'proof.tlog-proof',
  checkpoint: 'checkpoint.txt',
  key: 'verifier-key.txt',
  timestamp: 'timestamp.tsr',
  tsaChain: 'tsa-chain.pem',
  anchor: 'anchor.json',
  /** The single-file verifier (`node verify.mjs .`, issue 10 §5); present when the server has the bundle. */
  verifier: 'verify.mjs',
  /** Python 3 standard-library script of the hash and ledger checks (issue 10 §5). */
  pyVerifier: 'verify.py',
} as const;

/** Every reserved name, lower case (the evidence file is renamed when it would clash). */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(Object.values(MEMBERS).map((n) => n.toLowerCase()));

/** One listed member. */
export interface ManifestMember {
  name: string;
  /** Lowercase hex SHA-256 of the member's bytes. */
  sha256: string;
  /** Bytes. */
  size: number;
}

/** manifest.json. */
export interface Manifest {
  format: typeof PACKAGE_FORMAT;
  baoquan: string;
  /** Name of the evidence file member. */
  evidence: string;
  /** Unix seconds when the package was made. */
  created: number;
  /** The platform's public base URL: it publishes the log key at /api/ledger/key and its root CA at /api/trust/root.pem. */
  publicUrl: string;
  /** Every member except manifest.json, in archive order. */
  members: ManifestMember[];
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * RFC 8785 (JCS) serialisation for the JSON this package uses (objects, arrays, strings, booleans, null,
 * finite numbers): keys sorted by UTF-16 code units, ECMAScript number and string serialisation.
 */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new TypeError('canonicalJson: non-finite number');
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  throw new TypeError(`canonicalJson: unsupported ${typeof v}`);
}

/**
 * Parses JSON bytes that must be exactly their own canonical form (so every byte is meaningful).
 * Throws VerifyError(code) naming `what` otherwise.
 */
export function parseCanonical(bytes: Uint8Array, what: string, code = 'json'): Json {
  let text: string;
  let value: Json;
  try {
    text = decodeUtf8(bytes);
    value = JSON.parse(text) as Json;
  } catch {
    return fail(code, `${what} 不是合法的 UTF-8 JSON`, `${what} is not valid UTF-8 JSON`);
  }
  if (canonicalJson(value) !== text) fail(code, `${what} 不是规范化 JSON（RFC 8785），内容被改动过`, `${what} is not canonical JSON (RFC 8785): it was edited`);
  return value;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Parses and shape-checks manifest.json. Throws VerifyError('manifest'). */
export function parseManifest(bytes: Uint8Array): Manifest {
  const m = parseCanonical(bytes, MEMBERS.manifest, 'manifest') as Partial<Manifest> | null;
  const bad = (why: string): never => fail('manifest', `manifest.json 内容错误：${why}`, `manifest.json is malformed: ${why}`);
  if (!m || typeof m !== 'object' || m.format !== PACKAGE_FORMAT) bad('format');
  if (typeof m!.baoquan !== 'string' || typeof m!.evidence !== 'string' || !Number.isSafeInteger(m!.created) || typeof m!.publicUrl !== 'string') bad('fields');
  if (!Array.isArray(m!.members) || m!.members.length === 0 || m!.members.length > 64) bad('members');
  for (const x of m!.members!) {
    if (!x || typeof x.name !== 'string' || typeof x.sha256 !== 'string' || !HEX64.test(x.sha256) || !Number.isSafeInteger(x.size) || x.size < 0) bad('member');
  }
  return m as Manifest;
}

/** Canonical bytes of a manifest (what the server writes). */
export const manifestBytes = (m: Manifest): Uint8Array => new TextEncoder().encode(canonicalJson(m));

/**
 * A safe archive name for the evidence file: path separators and control characters replaced, at most
 * 200 characters, and prefixed `evidence-` when it would clash with a reserved member name.
 */
export function evidenceMemberName(fileName: string): string {
  let n = fileName.replace(/[\\/\u0000-\u001f\u007f]/g, '_').trim();
  if (n === '' || n === '.' || n === '..') n = 'evidence';
  if (n.length > 200) n = Array.from(n).slice(-150).join('');
  if (RESERVED_NAMES.has(n.toLowerCase())) n = `evidence-${n}`;
  return n;
}
