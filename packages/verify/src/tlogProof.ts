/**
 * C2SP tlog-proof (c2sp.org/tlog-proof, v1): an offline-verifiable inclusion proof.
 *
 *   c2sp.org/tlog-proof@v1
 *   [extra <base64>]
 *   index <decimal, no leading zeros>
 *   <base64 hash>          zero or more, leaf sibling first, up to the root's child
 *   <empty line>
 *   <signed checkpoint, verbatim>
 *
 * Parsing is strict (standard padded base64, 32-byte hashes, no stray lines) so that the text has
 * exactly one reading; `formatTlogProof` writes what `parseTlogProof` reads back byte for byte.
 */
import { fromBase64, toBase64 } from './bytes.ts';
import { fail } from './text.ts';

/** First line of every v1 proof. */
export const TLOG_PROOF_HEADER = 'c2sp.org/tlog-proof@v1';

/** A parsed proof. */
export interface TlogProof {
  /** Opaque extra data (not authenticated), or null. */
  extra: Uint8Array | null;
  /** 0-based leaf index. */
  index: number;
  /** Inclusion proof hashes (32 bytes each), leaf to root. */
  proof: Uint8Array[];
  /** The signed checkpoint note, verbatim (ends with a newline). */
  checkpoint: string;
}

/** Most proof lines accepted (a proof for 2^63 leaves has 63). */
const MAX_PROOF_LINES = 64;

const bad = (zh: string, en: string): never => fail('tlog-proof', `tlog-proof 格式错误：${zh}`, `malformed tlog-proof: ${en}`);

/** Parses a proof. Throws VerifyError('tlog-proof') on anything but the exact format. */
export function parseTlogProof(text: string): TlogProof {
  if (text.includes('\r')) bad('含有回车符', 'carriage return');
  const split = text.indexOf('\n\n');
  if (split < 0) bad('缺少空行和检查点', 'missing the empty line and the checkpoint');
  const head = text.slice(0, split).split('\n');
  const checkpoint = text.slice(split + 2);
  if (head[0] !== TLOG_PROOF_HEADER) bad(`第一行应为 ${TLOG_PROOF_HEADER}`, `the first line must be ${TLOG_PROOF_HEADER}`);
  let i = 1;
  let extra: Uint8Array | null = null;
  if (head[i]?.startsWith('extra ')) {
    try {
      extra = fromBase64(head[i]!.slice(6));
    } catch {
      bad('extra 不是合法的 base64', 'extra is not valid base64');
    }
    i++;
  }
  const m = /^index (0|[1-9][0-9]*)$/.exec(head[i] ?? '');
  if (!m || !Number.isSafeInteger(Number(m[1]))) return bad('缺少或错误的 index 行', 'missing or malformed index line');
  i++;
  const lines = head.slice(i);
  if (lines.length > MAX_PROOF_LINES) bad('证明行过多', 'too many proof lines');
  const proof = lines.map((l) => {
    let h: Uint8Array | null = null;
    try {
      h = fromBase64(l);
    } catch {
      h = null;
    }
    if (!h || h.length !== 32 || l === '') bad('证明哈希必须是 32 字节的 base64', 'proof hashes must be base64 of 32 bytes');
    return h!;
  });
  if (!checkpoint || !checkpoint.endsWith('\n')) bad('检查点缺失或不完整', 'the checkpoint is missing or incomplete');
  return { extra, index: Number(m[1]), proof, checkpoint };
}

/** Writes a proof in the v1 text format. */
export function formatTlogProof(p: TlogProof): string {
  const lines = [TLOG_PROOF_HEADER];
  if (p.extra) lines.push(`extra ${toBase64(p.extra)}`);
  lines.push(`index ${p.index}`, ...p.proof.map((h) => toBase64(h)));
  return `${lines.join('\n')}\n\n${p.checkpoint}`;
}
