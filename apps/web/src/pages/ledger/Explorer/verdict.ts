/**
 * The explorer's verdict on one ledger entry, computed entirely in the browser with WebCrypto
 * (DESIGN.md Trust design §2, issue 2 §7): (1) the leaf hash recomputed from the exact entry bytes
 * equals the chainhash; (2) the inclusion proof leads from that leaf hash to the root of the signed
 * checkpoint of the same tree size; (3) the checkpoint note carries a valid Ed25519 signature by the
 * published verifier key. Each check is independent so one failure never hides the others.
 */
import {
  LedgerFormatError, fromBase64, leafHash, parseCheckpoint, parseVerifierKey, rootFromInclusion, toBase64, toHex, verifyNote,
  type Checkpoint, type VerifierKey,
} from '@cunzheng/contract/ledger/index';
import type { LedgerProof } from '../../../api/ledger';

/** Outcome of the leaf-hash check. */
export interface LeafCheck {
  ok: boolean;
  /** Hex SHA-256(0x00 ‖ entry) computed here; null when the bytes could not be decoded. */
  computedHex: string | null;
  /** The chainhash being looked up (lowercase hex). */
  expectedHex: string;
  /** The leaf hash the server sent, as hex (informative; must agree too). */
  servedHex: string | null;
}

/** Outcome of the inclusion check. */
export interface InclusionCheck {
  ok: boolean;
  /** base64 root recomputed from the leaf hash and the proof; null when the proof is malformed. */
  computedRoot: string | null;
  /** base64 root of the checkpoint; null when the checkpoint cannot be parsed. */
  checkpointRoot: string | null;
  /** Tree size of the checkpoint; null when unparsable. */
  checkpointSize: number | null;
  /** Tree size the proof claims. */
  treeSize: number;
  /** Why it failed, in Chinese (empty when ok). */
  reason: string;
}

/** Outcome of the signature check. */
export interface SignatureCheck {
  ok: boolean;
  /** Key name (the log's origin); null when the key is malformed. */
  keyName: string | null;
  /** Hex key ID; null when the key is malformed. */
  keyId: string | null;
  /** Why it failed, in Chinese (empty when ok). */
  reason: string;
}

/** The three checks and the decoded entry. */
export interface Verdict {
  leaf: LeafCheck;
  inclusion: InclusionCheck;
  signature: SignatureCheck;
  /** True only when all three checks pass. */
  ok: boolean;
  /** The exact entry bytes; null when `leaf` is not valid base64. */
  entryBytes: Uint8Array | null;
  /** Entry parsed as JSON (RFC 8785 canonical JSON is valid JSON); null when not UTF-8 JSON. */
  entryJson: unknown;
  /** The parsed checkpoint, when parsable. */
  checkpoint: Checkpoint | null;
}

function safeB64(s: string): Uint8Array | null {
  try {
    return fromBase64(s);
  } catch (e) {
    if (e instanceof LedgerFormatError) return null;
    throw e;
  }
}

/** Decodes UTF-8 JSON bytes, null when they are not. */
export function decodeEntry(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
}

/**
 * Computes the verdict for `chainhash` (hex) from the served entry and proof and the verifier key
 * text (`name+keyid+base64(0x01‖pubkey)`, from GET /api/ledger/key; null when it could not be
 * fetched). Never throws for bad data:
 * every malformed piece makes its check fail with a reason.
 */
export async function computeVerdict(chainhash: string, data: LedgerProof, verifierKey: string | null): Promise<Verdict> {
  const expectedHex = chainhash.trim().toLowerCase();
  const entryBytes = safeB64(data.leaf);
  const served = safeB64(data.leafHash);
  const computed = entryBytes ? await leafHash(entryBytes) : null;
  const computedHex = computed ? toHex(computed) : null;
  const servedHex = served ? toHex(served) : null;
  const leaf: LeafCheck = {
    ok: computedHex !== null && computedHex === expectedHex && servedHex === computedHex,
    computedHex,
    expectedHex,
    servedHex,
  };

  let checkpoint: Checkpoint | null = null;
  try {
    checkpoint = parseCheckpoint(data.checkpoint);
  } catch (e) {
    if (!(e instanceof LedgerFormatError)) throw e;
  }
  const inclusion = await checkInclusion(computed, data, checkpoint);
  const signature = await checkSignature(data.checkpoint, verifierKey, checkpoint);
  return {
    leaf,
    inclusion,
    signature,
    ok: leaf.ok && inclusion.ok && signature.ok,
    entryBytes,
    entryJson: entryBytes ? decodeEntry(entryBytes) : null,
    checkpoint,
  };
}

async function checkInclusion(leaf: Uint8Array | null, data: LedgerProof, cp: Checkpoint | null): Promise<InclusionCheck> {
  const base = {
    computedRoot: null as string | null,
    checkpointRoot: cp ? toBase64(cp.root) : null,
    checkpointSize: cp ? cp.size : null,
    treeSize: data.treeSize,
  };
  if (!leaf) return { ...base, ok: false, reason: '条目字节无法解码，无法计算叶子哈希' };
  if (!cp) return { ...base, ok: false, reason: '检查点格式错误，无法读取根哈希' };
  const proof = data.proof.map(safeB64);
  if (proof.some((p) => p === null)) return { ...base, ok: false, reason: '证明中的哈希不是合法的 base64' };
  let root: Uint8Array;
  try {
    root = await rootFromInclusion(leaf, data.leafIndex, data.treeSize, proof as Uint8Array[]);
  } catch (e) {
    if (!(e instanceof LedgerFormatError)) throw e;
    return { ...base, ok: false, reason: '证明的长度或叶子序号与树大小不符' };
  }
  const computedRoot = toBase64(root);
  if (cp.size !== data.treeSize) return { ...base, computedRoot, ok: false, reason: '证明的树大小与检查点的树大小不一致' };
  if (computedRoot !== base.checkpointRoot) return { ...base, computedRoot, ok: false, reason: '由证明计算出的根哈希与检查点中的根哈希不一致' };
  return { ...base, computedRoot, ok: true, reason: '' };
}

async function checkSignature(note: string, verifierKey: string | null, cp: Checkpoint | null): Promise<SignatureCheck> {
  if (verifierKey === null) return { ok: false, keyName: null, keyId: null, reason: '无法获取验证公钥' };
  let key: VerifierKey;
  try {
    key = await parseVerifierKey(verifierKey);
  } catch (e) {
    if (!(e instanceof LedgerFormatError)) throw e;
    return { ok: false, keyName: null, keyId: null, reason: '验证公钥格式错误' };
  }
  const base = { keyName: key.name, keyId: key.keyIdHex };
  if (!(await verifyNote(note, key))) return { ...base, ok: false, reason: '检查点上没有该公钥的有效 Ed25519 签名' };
  if (cp && cp.origin !== key.name) return { ...base, ok: false, reason: '检查点的日志名称与公钥名称不一致' };
  return { ...base, ok: true, reason: '' };
}
