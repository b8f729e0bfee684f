/**
 * The anchor check (issue 3 §3–4): anchor.json names the first checkpoint written to an EVM chain that
 * covers the entry (GET /api/ledger/anchor's data) plus an RFC 6962 consistency proof between that
 * anchored checkpoint and the package's checkpoint. Offline we verify: the anchored checkpoint's
 * signature by the log key, that its tree contains the entry, the consistency proof (so the anchored
 * root commits to the entry), and that the recorded calldata is exactly the on-chain encoding of that
 * checkpoint (format "CZA1", packages/contract/src/anchor.ts; re-encoded here so this package needs no
 * zod). The transaction itself can only be checked on the chain: the explorer URL and the exact
 * calldata are printed to compare.
 */
import { LedgerFormatError, fromBase64, verifyCheckpoint, verifyConsistency, type Checkpoint, type VerifierKey } from '@cunzheng/contract/ledger/index';
import { bytesEqual, concat, toHex, utf8 } from '../bytes.ts';
import { parseCanonical } from '../manifest.ts';
import type { Check } from '../report.ts';
import { sha256 } from '../sha256.ts';
import { fail, t, textOf, type Text } from '../text.ts';
import { kv, passOrFail, same, verdict } from './check.ts';

/** Format tag of anchor.json. */
export const ANCHOR_FORMAT = 'cunzheng-anchor/v1';

/** anchor.json (canonical JSON): the anchor view of GET /api/ledger/anchor plus the package link. */
export interface AnchorFile {
  format: typeof ANCHOR_FORMAT;
  chainId: number;
  chainName: string;
  blockNumber: number;
  /** Unix seconds. */
  blockTime: number;
  /** 0x-prefixed transaction hash and the explorer link ('' when none is configured). */
  txHash: string;
  txUrl: string;
  /** The anchoring account (the transaction goes to itself). */
  from: string;
  /** 0x hex input data of the transaction. */
  calldata: string;
  /** The anchored checkpoint: tree size, base64 root, hex SHA-256 of its note, the signed note. */
  size: number;
  root: string;
  noteSha256: string;
  anchoredCheckpoint: string;
  /** Consistency proof between the anchored size and the package checkpoint's size (first ≤ second), base64 hashes. */
  consistency: { first: number; second: number; proof: string[] };
}

/** Parses and shape-checks anchor.json. Throws VerifyError('anchor'). */
export function parseAnchor(bytes: Uint8Array): AnchorFile {
  const a = parseCanonical(bytes, 'anchor.json', 'anchor') as Partial<AnchorFile> | null;
  const bad = (f: string): never => fail('anchor', `anchor.json 字段错误：${f}`, `anchor.json field is malformed: ${f}`);
  if (!a || typeof a !== 'object' || a.format !== ANCHOR_FORMAT) bad('format');
  const x = a as AnchorFile;
  if (!Number.isSafeInteger(x.chainId) || typeof x.chainName !== 'string') bad('chain');
  if (typeof x.txHash !== 'string' || !/^0x[0-9a-f]{64}$/.test(x.txHash)) bad('txHash');
  if (!Number.isSafeInteger(x.blockNumber) || !Number.isSafeInteger(x.blockTime) || typeof x.txUrl !== 'string' || typeof x.from !== 'string') bad('block/txUrl/from');
  if (typeof x.calldata !== 'string' || !/^0x(?:[0-9a-f]{2})+$/.test(x.calldata)) bad('calldata');
  if (!Number.isSafeInteger(x.size) || x.size < 1 || typeof x.root !== 'string' || typeof x.noteSha256 !== 'string' || typeof x.anchoredCheckpoint !== 'string') bad('checkpoint');
  const k = x.consistency;
  if (!k || !Number.isSafeInteger(k.first) || !Number.isSafeInteger(k.second) || !Array.isArray(k.proof) || k.proof.some((p) => typeof p !== 'string')) bad('consistency');
  return x;
}

/** The "CZA1" calldata of a checkpoint: magic, size (u64 BE), root, SHA-256(note), origin (contract/anchor.ts). */
export async function anchorCalldata(origin: string, size: number, root: Uint8Array, note: string): Promise<string> {
  const sz = new Uint8Array(8);
  new DataView(sz.buffer).setBigUint64(0, BigInt(size), false);
  return `0x${toHex(concat(utf8('CZA1'), sz, root, await sha256(utf8(note)), utf8(origin)))}`;
}

/**
 * Check "anchor". `cp` is the package's verified checkpoint (null when it failed), `index` the entry's
 * leaf index, `key` the log key. Absent anchor.json → skip (not anchored yet, or anchoring is off).
 */
export async function checkAnchor(bytes: Uint8Array | undefined, cp: Checkpoint | null, index: number | null, key: VerifierKey | null): Promise<Check> {
  if (!bytes) return verdict('anchor', 'skip', [t('证据包中没有 anchor.json：生成证据包时该条目尚未锚定到区块链（或平台未启用锚定），说明见 VERIFY.md', 'no anchor.json: the entry was not yet anchored to a blockchain when the package was made (or anchoring is off); VERIFY.md explains')]);
  let a: AnchorFile;
  try {
    a = parseAnchor(bytes);
  } catch (e) {
    return verdict('anchor', 'fail', [textOf(e)]);
  }
  const problems: Text[] = [];
  const lines: Text[] = [
    kv('链', 'chain', `${a.chainName} (chainId ${a.chainId})`), kv('交易哈希', 'transaction', a.txHash), kv('区块高度', 'block', a.blockNumber),
    kv('出块时间（UTC）', 'block time (UTC)', new Date(a.blockTime * 1000).toISOString().replace('.000Z', 'Z')), kv('锚定的树大小', 'anchored tree size', a.size),
  ];
  if (a.txUrl && !a.txUrl.includes(a.txHash)) problems.push(t('区块浏览器链接与交易哈希不一致', 'the explorer link does not name the transaction hash'));
  let anchored: Checkpoint | null = null;
  if (!key) problems.push(t('账本公钥无效，无法核验锚定的检查点', 'the log key is unusable, so the anchored checkpoint cannot be checked'));
  else {
    try {
      anchored = await verifyCheckpoint(a.anchoredCheckpoint, key);
    } catch {
      problems.push(t('锚定的检查点没有账本公钥的有效签名', 'the anchored checkpoint carries no valid signature by the log key'));
    }
  }
  if (anchored) {
    let root: Uint8Array | null = null;
    try {
      root = fromBase64(a.root);
    } catch {
      root = null;
    }
    if (anchored.size !== a.size || !root || !bytesEqual(anchored.root, root) || toHex(await sha256(utf8(a.anchoredCheckpoint))) !== a.noteSha256) {
      problems.push(t('anchor.json 中的树大小、根哈希或检查点哈希与签名的检查点不一致', 'the size, root or note hash in anchor.json differ from the signed checkpoint'));
    }
    if (a.calldata !== (await anchorCalldata(anchored.origin, anchored.size, anchored.root, a.anchoredCheckpoint))) {
      problems.push(t('交易数据（calldata）不是该检查点的 CZA1 编码', 'the calldata is not the CZA1 encoding of this checkpoint'));
    }
    if (!cp || index === null) problems.push(t('证据包的检查点未通过核验，无法核验一致性证明', "the package's checkpoint did not verify, so the consistency proof cannot be checked"));
    else {
      if (anchored.origin !== cp.origin) problems.push(t('锚定的检查点属于另一个账本', 'the anchored checkpoint names another log'));
      if (index >= anchored.size) problems.push(t(`锚定的树（${anchored.size} 条）不包含第 ${index} 条`, `the anchored tree (${anchored.size} entries) does not contain entry ${index}`));
      const [s1, r1, s2, r2] = anchored.size <= cp.size ? [anchored.size, anchored.root, cp.size, cp.root] : [cp.size, cp.root, anchored.size, anchored.root];
      let proof: Uint8Array[] | null;
      try {
        proof = a.consistency.proof.map(fromBase64);
      } catch (e) {
        if (!(e instanceof LedgerFormatError)) throw e;
        proof = null;
      }
      if (a.consistency.first !== s1 || a.consistency.second !== s2) problems.push(t('一致性证明的树大小与两个检查点不符', 'the consistency proof sizes do not match the two checkpoints'));
      else if (!proof || !(await verifyConsistency(s1, s2, proof, r1, r2))) problems.push(t('一致性证明无效：锚定的树与证据包的树不是同一账本的前后状态', 'the consistency proof is invalid: one tree is not a prefix of the other'));
      else lines.push(t(`一致性证明有效（${s1} → ${s2}）：链上锚定的根哈希承诺了本条目`, `consistency proof valid (${s1} → ${s2}): the root anchored on chain commits to this entry`));
    }
  }
  const notes = [
    t('链上交易无法离线核验：请在区块浏览器中打开下面的链接，核对交易已成功、所在区块，以及交易输入数据（Input Data）与下面的 calldata 完全一致', 'the chain transaction cannot be checked offline: open the explorer link below and check that the transaction succeeded, its block, and that its input data equals the calldata below exactly'),
    a.txUrl ? kv('区块浏览器', 'explorer', a.txUrl) : t(`区块浏览器：未配置，请在链 ${a.chainId} 的浏览器或节点中查询交易 ${a.txHash}`, `explorer: not configured; look up transaction ${a.txHash} on chain ${a.chainId}`),
    same(`calldata: ${a.calldata}`),
  ];
  return passOrFail('anchor', problems, lines, notes);
}
