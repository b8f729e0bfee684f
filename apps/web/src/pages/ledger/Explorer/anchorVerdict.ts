/**
 * The explorer's verdict on the external anchor of an entry (issue 3 §3), computed in the browser with
 * WebCrypto and the contract verifier:
 *   (a) the anchor transaction's calldata decodes (CZA1 format) to the anchored checkpoint's origin, size
 *       and root, and to the SHA-256 of its signed note; both checkpoints carry the platform's signature;
 *   (b) the consistency proof from the entry's checkpoint to the anchored checkpoint verifies (RFC 6962);
 *   (c) the anchored checkpoint and the checkpoint the inclusion proof above was checked against belong to
 *       one log (consistency proof between them) and the anchored one covers the entry (size > index) —
 *       so the entry is inside what was written on chain.
 * The page cannot read the chain itself: the calldata shown must be compared with the transaction's
 * input data in a block explorer (each check explains how). Never throws for bad data.
 */
import type { TAnchorProof } from '@cunzheng/contract/anchor';
import { decodeAnchorCalldata } from '@cunzheng/contract/anchor';
import { sha256, utf8 } from '@cunzheng/contract/ledger/bytes';
import { LedgerFormatError, bytesEqual, fromBase64, parseCheckpoint, toBase64, toHex, verifyConsistency, verifyNote, type Checkpoint } from '@cunzheng/contract/ledger/index';

/** One check: ok, and why not (Chinese). */
export interface AnchorCheck {
  ok: boolean;
  reason: string;
}

export interface AnchorVerdict {
  calldata: AnchorCheck & { origin: string | null; size: number | null; root: string | null; noteSha256: string | null };
  consistency: AnchorCheck & { from: number; to: number };
  link: AnchorCheck & { anchored: number; current: number | null };
  ok: boolean;
}

const parse = (note: string): Checkpoint | null => {
  try {
    return parseCheckpoint(note);
  } catch (e) {
    if (e instanceof LedgerFormatError) return null;
    throw e;
  }
};
const b64 = (list: readonly string[]): Uint8Array[] | null => {
  try {
    return list.map((s) => fromBase64(s));
  } catch (e) {
    if (e instanceof LedgerFormatError) return null;
    throw e;
  }
};

/**
 * Computes the verdict. `current` is the signed checkpoint the page's inclusion proof used; `link` the
 * consistency proof (base64) between the anchored size and `current.size` (smaller first), or null
 * when it could not be fetched; `verifierKey` the key text (null when unavailable).
 */
export async function computeAnchorVerdict(
  a: TAnchorProof,
  leafIndex: number,
  current: { note: string } | null,
  link: readonly string[] | null,
  verifierKey: string | null,
): Promise<AnchorVerdict> {
  const anchored = parse(a.anchoredCheckpoint);
  const entry = parse(a.entryCheckpoint.note);
  const cur = current ? parse(current.note) : null;

  // (a) calldata ↔ anchored checkpoint, signatures.
  let calldata: CalldataCheck = { ok: false, reason: '', origin: null, size: null, root: null, noteSha256: null };
  try {
    const d = decodeAnchorCalldata(a.calldata);
    calldata = { ...calldata, origin: d.origin, size: d.size, root: toBase64(d.root), noteSha256: toHex(d.noteSha256) };
    const noteHash = await sha256(utf8(a.anchoredCheckpoint));
    if (!anchored) calldata.reason = '锚定检查点格式错误';
    else if (d.size !== anchored.size || !bytesEqual(d.root, anchored.root) || d.origin !== anchored.origin) calldata.reason = '交易数据中的树大小、根哈希或日志名称与锚定检查点不一致';
    else if (!bytesEqual(d.noteSha256, noteHash)) calldata.reason = '交易数据中的检查点哈希与锚定检查点的 SHA-256 不一致';
    else if (verifierKey === null) calldata.reason = '无法获取验证公钥';
    else if (!(await verifyNote(a.anchoredCheckpoint, verifierKey)) || !(await verifyNote(a.entryCheckpoint.note, verifierKey))) calldata.reason = '检查点上没有平台公钥的有效签名';
    else calldata.ok = true;
  } catch (e) {
    if (!(e instanceof LedgerFormatError)) throw e;
    calldata.reason = '交易数据不是 CZA1 格式的锚定数据';
  }

  // (b) entry checkpoint → anchored checkpoint.
  const consistency = { ok: false, reason: '', from: a.entryCheckpoint.size, to: a.size };
  const proof = b64(a.consistency);
  if (!entry || !anchored) consistency.reason = '检查点格式错误';
  else if (entry.size <= leafIndex) consistency.reason = '本条目检查点不包含该条目';
  else if (!proof) consistency.reason = '一致性证明中的哈希不是合法的 base64';
  else if (!(await verifyConsistency(entry.size, anchored.size, proof, entry.root, anchored.root))) consistency.reason = '一致性证明无法由本条目检查点推算出锚定检查点';
  else consistency.ok = true;

  // (c) anchored checkpoint ↔ the checkpoint of the inclusion proof.
  const linkCheck = { ok: false, reason: '', anchored: a.size, current: cur?.size ?? null };
  const linkProof = link ? b64(link) : null;
  if (!anchored || !cur) linkCheck.reason = '检查点格式错误';
  else if (anchored.size <= leafIndex) linkCheck.reason = '锚定检查点不包含该条目';
  else if (!linkProof) linkCheck.reason = '无法获取锚定检查点与当前检查点之间的一致性证明';
  else {
    const [small, big] = anchored.size <= cur.size ? [anchored, cur] : [cur, anchored];
    if (!(await verifyConsistency(small.size, big.size, linkProof, small.root, big.root))) linkCheck.reason = '锚定检查点与当前检查点不属于同一账本';
    else linkCheck.ok = true;
  }
  return { calldata, consistency, link: linkCheck, ok: calldata.ok && consistency.ok && linkCheck.ok };
}

type CalldataCheck = AnchorVerdict['calldata'];
