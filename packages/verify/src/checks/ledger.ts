/**
 * Ledger checks of a package (DESIGN.md Trust design §2): the entry is a canonical v1 entry, its RFC 6962
 * leaf hash is included in the checkpoint's tree by the tlog-proof, and the checkpoint is signed by the
 * log key of verifier-key.txt. The Merkle and signed-note code is the contract's ledger verifier (the one
 * implementation shared with the explorer page and the server).
 */
import {
  LedgerFormatError, checkWitnessPolicy, parseCheckpoint, parseNote, parseVerifierKey, rootFromInclusion, verifyCheckpoint, leafHash, type Checkpoint, type VerifierKey, type WitnessPolicy,
} from '@cunzheng/contract/ledger/index';
import { bytesEqual, decodeUtf8, toBase64, toHex } from '../bytes.ts';
import { parseCanonical } from '../manifest.ts';
import type { Check } from '../report.ts';
import { fail, t, textOf, type Text } from '../text.ts';
import { parseTlogProof, type TlogProof } from '../tlogProof.ts';
import { kv, passOrFail, same, verdict } from './check.ts';

/** A v1 or v2 ledger entry (the leaf's canonical JSON; v2 adds the file's SM3, issue 10 §3). */
export interface Entry {
  v: 1 | 2;
  /** Hex SM3 of the file (v2 only). */
  sm3?: string;
  baoquan: string;
  sha256: string;
  size: number;
  kind: string;
  time: number;
  owner: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
const KEYS = ['baoquan', 'kind', 'owner', 'sha256', 'size', 'time', 'v'];
const KEYS_V2 = ['baoquan', 'kind', 'owner', 'sha256', 'size', 'sm3', 'time', 'v'];

/** Parses entry.json: canonical JSON with exactly the v1 fields, or the v2 fields (v1 + sm3). Throws VerifyError('entry'). */
export function parseEntry(bytes: Uint8Array): Entry {
  const e = parseCanonical(bytes, 'entry.json', 'entry') as Record<string, unknown> | null;
  const keys = e && typeof e === 'object' && !Array.isArray(e) ? Object.keys(e).sort().join() : '';
  const shape = (keys === KEYS.join() && e?.v === 1) || (keys === KEYS_V2.join() && e?.v === 2 && typeof e.sm3 === 'string' && HEX64.test(e.sm3));
  const ok =
    !!e && shape &&
    typeof e.baoquan === 'string' && e.baoquan.length >= 1 && e.baoquan.length <= 64 &&
    typeof e.sha256 === 'string' && HEX64.test(e.sha256) && Number.isSafeInteger(e.size) && (e.size as number) >= 0 &&
    typeof e.kind === 'string' && /^[a-z][a-z0-9_-]{0,15}$/.test(e.kind) && Number.isSafeInteger(e.time) && (e.time as number) >= 0 &&
    typeof e.owner === 'string' && HEX64.test(e.owner);
  if (!ok) fail('entry', 'entry.json 不是有效的账本条目（v1 或 v2）', 'entry.json is not a valid ledger entry (v1 or v2)');
  return e as unknown as Entry;
}

/** Check "entry": canonical v1 entry; reports the chainhash = hex SHA-256(0x00 ‖ entry). */
export async function checkEntry(bytes: Uint8Array): Promise<{ check: Check; entry: Entry | null; leaf: Uint8Array }> {
  const leaf = await leafHash(bytes);
  const lines = [kv('账本存证哈希（chainhash）= SHA-256(0x00‖entry.json)', 'chainhash = SHA-256(0x00‖entry.json)', toHex(leaf))];
  try {
    const entry = parseEntry(bytes);
    lines.unshift(kv('保全号', 'certificate number', entry.baoquan), kv('保全时间（账本记录，UTC）', 'deposit time (ledger, UTC)', new Date(entry.time * 1000).toISOString().replace('.000Z', 'Z')));
    return { check: verdict('entry', 'pass', lines, [t('请核对此账本存证哈希与保全证书上印的一致', 'compare this chainhash with the one printed on the certificate')]), entry, leaf };
  } catch (e) {
    return { check: verdict('entry', 'fail', [textOf(e), ...lines]), entry: null, leaf };
  }
}

/** Check "inclusion": the tlog-proof leads from the leaf hash to the checkpoint's root. */
export async function checkInclusion(leaf: Uint8Array, proofBytes: Uint8Array): Promise<{ check: Check; proof: TlogProof | null; cp: Checkpoint | null }> {
  let proof: TlogProof;
  let cp: Checkpoint;
  try {
    proof = parseTlogProof(decodeUtf8(proofBytes));
    cp = parseCheckpoint(proof.checkpoint);
  } catch (e) {
    const text = e instanceof LedgerFormatError ? t(`检查点格式错误：${e.message}`, `malformed checkpoint: ${e.message}`) : textOf(e);
    return { check: verdict('inclusion', 'fail', [text]), proof: null, cp: null };
  }
  const lines = [kv('叶子序号', 'leaf index', proof.index), kv('树大小', 'tree size', cp.size), kv('根哈希（base64）', 'root hash (base64)', toBase64(cp.root))];
  const problems: Text[] = [];
  try {
    const root = await rootFromInclusion(leaf, proof.index, cp.size, proof.proof);
    if (!bytesEqual(root, cp.root)) problems.push(t('由条目和证明计算出的根哈希与检查点的根哈希不一致', 'the root computed from the entry and the proof differs from the checkpoint root'));
  } catch (e) {
    problems.push(e instanceof LedgerFormatError ? t(`证明与树大小不符：${e.message}`, `proof does not fit the tree: ${e.message}`) : textOf(e));
  }
  return { check: passOrFail('inclusion', problems, lines), proof, cp };
}

/**
 * Witness cosignatures (issue 10 §2, C2SP tlog-cosignature/v1) of the checkpoint: with a policy, at least
 * `quorum` of its keys must have a valid cosignature (else fail); without one, cosignature lines are
 * reported as present but not trusted (a note).
 */
async function checkWitnesses(note: string, policy: WitnessPolicy | undefined, problems: Text[], lines: Text[], notes: Text[]): Promise<void> {
  if (policy && policy.keys.length > 0) {
    const r = await checkWitnessPolicy(note, policy);
    for (const k of r.badKeys) problems.push(t(`见证人公钥无法解析：${k.slice(0, 80)}`, `witness key cannot be parsed: ${k.slice(0, 80)}`));
    for (const c of r.cosigned) lines.push(t(`见证人 ${c.name} 已联署（cosignature/v1，${new Date(c.time * 1000).toISOString()}）`, `witness ${c.name} cosigned (cosignature/v1, ${new Date(c.time * 1000).toISOString()})`));
    if (!r.ok) problems.push(t(`见证策略要求 ${Math.max(1, policy.quorum)} 个见证人联署，实际有效联署 ${r.cosigned.length} 个（缺少：${r.missing.join(', ') || '-'}）`, `the witness policy needs ${Math.max(1, policy.quorum)} cosignatures, found ${r.cosigned.length} valid (missing: ${r.missing.join(', ') || '-'})`));
    return;
  }
  let others = 0;
  try {
    others = parseNote(note).signatures.length - 1;
  } catch {
    return;
  }
  if (others > 0) notes.push(t(`检查点带有 ${others} 个其他签名（见证人联署）；用 --witness <公钥> --quorum <数量> 指定见证策略后才会核验`, `the checkpoint carries ${others} other signature(s) (witness cosignatures); give a witness policy with --witness <key> --quorum <n> to check them`));
}

/**
 * Check "checkpoint": the proof's checkpoint carries a valid Ed25519 signature by verifier-key.txt (origin =
 * key name), checkpoint.txt is the same note, and the key equals `trustedKey` when one is given (else a
 * note asks to compare it with the published key at `keyUrl`).
 */
export async function checkCheckpoint(
  proof: TlogProof | null, checkpointTxt: Uint8Array, keyBytes: Uint8Array, trustedKey: string | undefined, keyUrl: string, witnesses?: WitnessPolicy,
): Promise<{ check: Check; key: VerifierKey | null }> {
  const problems: Text[] = [];
  const lines: Text[] = [];
  const notes: Text[] = [];
  let key: VerifierKey | null = null;
  let keyText = '';
  try {
    keyText = decodeUtf8(keyBytes);
    if (!/^[^\s]+\n?$/.test(keyText)) throw new LedgerFormatError('extra text around the key');
    key = await parseVerifierKey(keyText.trim());
    lines.push(same(`verifier-key.txt: ${keyText.trim()}`), kv('公钥 ID', 'key ID', key.keyIdHex));
  } catch {
    problems.push(t('verifier-key.txt 不是有效的 Ed25519 验证公钥', 'verifier-key.txt is not a valid Ed25519 verifier key'));
  }
  let cpText = '';
  try {
    cpText = decodeUtf8(checkpointTxt);
  } catch {
    problems.push(t('checkpoint.txt 不是 UTF-8 文本', 'checkpoint.txt is not UTF-8 text'));
  }
  if (!proof) problems.push(t('tlog-proof 无法解析，无法核验其检查点', 'the tlog-proof could not be parsed, so its checkpoint cannot be checked'));
  else if (cpText !== proof.checkpoint) problems.push(t('checkpoint.txt 与 proof.tlog-proof 中的检查点不一致', 'checkpoint.txt differs from the checkpoint inside proof.tlog-proof'));
  if (key && proof) {
    try {
      const cp = await verifyCheckpoint(proof.checkpoint, key);
      lines.push(kv('日志名称（origin）', 'log origin', cp.origin), t('签名有效（Ed25519）', 'signature valid (Ed25519)'));
    } catch (e) {
      const m = e instanceof LedgerFormatError ? e.message : String(e);
      problems.push(m.includes('origin') ? t('检查点的日志名称与公钥名称不一致', 'the checkpoint origin differs from the key name') : t('检查点没有该公钥的有效签名', 'the checkpoint carries no valid signature by this key'));
    }
  }
  if (proof) await checkWitnesses(proof.checkpoint, witnesses, problems, lines, notes);
  if (trustedKey !== undefined) {
    if (keyText.trim() !== trustedKey.trim()) problems.push(t('verifier-key.txt 与您指定的账本公钥不一致', 'verifier-key.txt differs from the log key you supplied'));
    else lines.push(t('与您指定的账本公钥一致', 'matches the log key you supplied'));
  } else {
    notes.push(t(`请将 verifier-key.txt 与平台公布的公钥（${keyUrl}）逐字核对：证据包里的公钥只能证明“由该公钥签名”`, `compare verifier-key.txt character by character with the key published at ${keyUrl}: a key inside the package only proves "signed by this key"`));
  }
  return { check: passOrFail('checkpoint', problems, lines, notes), key };
}
