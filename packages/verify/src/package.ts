/**
 * verifyPackage: the full offline verification of an evidence package (issue 3 §4), the same code in the
 * CLI (Node) and on the /verify page (browser). Reads the zip through a ByteSource (the evidence file is
 * streamed and hashed chunk by chunk, never held whole), then runs every check of report.ts. Never
 * throws for bad input: an unreadable package is a failed "package" check.
 */
import { toHex } from './bytes.ts';
import { checkAnchor } from './checks/anchor.ts';
import { kv, passOrFail, same, verdict } from './checks/check.ts';
import { checkCheckpoint, checkEntry, checkInclusion } from './checks/ledger.ts';
import { checkCertificatePdf, checkTimestamp } from './checks/trust.ts';
import { checkWacz, WACZ_MAX_BYTES } from './checks/wacz.ts';
import { MEMBERS, parseManifest, type Manifest } from './manifest.ts';
import { CHECK_IDS, type Check, type Report } from './report.ts';
import { jsSha256, sha256, type HashFactory } from './sha256.ts';
import { Sm3 } from './sm3.ts';
import { t, textOf, type Text } from './text.ts';
import { entryChunks, readEntry, readZip, type ByteSource, type ZipEntry } from './zip.ts';

/** Options of verifyPackage. */
export interface VerifyOptions {
  /** Streaming SHA-256 for the evidence file (default: plain-JS Sha256; the CLI passes node:crypto). */
  hash?: HashFactory;
  /** Streaming SM3 for the evidence file (default: plain-JS Sm3; the CLI passes node:crypto). */
  sm3?: HashFactory;
  /** The log's verifier key as published (GET /api/ledger/key); when given, verifier-key.txt must equal it. */
  trustedKey?: string;
  /** SHA-256 fingerprints (AA:BB:… as printed) of TSA roots to accept; when given, others fail. */
  trustedTsaRoots?: string[];
  /**
   * Witness policy (issue 10 §2): cosignature/v1 verifier keys of the witnesses you trust and how many
   * of them must have cosigned the package's checkpoint; unset → cosignatures are not checked.
   */
  witnesses?: { keys: string[]; quorum: number };
  /** Progress of hashing the evidence file: bytes done, bytes total. */
  onProgress?: (done: number, total: number) => void;
}

/** Size caps of the in-memory members, bytes. */
const CAPS: Record<string, number> = {
  [MEMBERS.manifest]: 64 << 10,
  [MEMBERS.readme]: 512 << 10,
  [MEMBERS.certificate]: 64 << 20,
  [MEMBERS.entry]: 4 << 10,
  [MEMBERS.proof]: 64 << 10,
  [MEMBERS.checkpoint]: 64 << 10,
  [MEMBERS.key]: 1 << 10,
  [MEMBERS.timestamp]: 256 << 10,
  [MEMBERS.tsaChain]: 256 << 10,
  [MEMBERS.anchor]: 256 << 10,
  [MEMBERS.verifier]: 8 << 20,
  [MEMBERS.pyVerifier]: 256 << 10,
};
const MEMBER_NAMES: ReadonlySet<string> = new Set(Object.values(MEMBERS));
const REQUIRED = [MEMBERS.manifest, MEMBERS.readme, MEMBERS.certificate, MEMBERS.entry, MEMBERS.proof, MEMBERS.checkpoint, MEMBERS.key];

const emptyFacts = (): Report['facts'] => ({ baoquan: '', evidence: '', sha256: '', chainhash: '', time: null, genTime: '' });

/** A report made of one failed "package" check (unusable input). */
function unusable(problem: Text): Report {
  return { ok: false, checks: [verdict('package', 'fail', [problem])], facts: emptyFacts() };
}

/**
 * The members of a package however it is stored: a zip (`verifyPackage`) or an unzipped folder (the
 * CLI's `node verify.mjs .`, issue 10 §5). `read` throws VerifyError beyond `cap` bytes.
 */
export interface PackageMembers {
  list: Array<{ name: string; size: number }>;
  read(name: string, cap: number): Promise<Uint8Array>;
  chunks(name: string): AsyncIterable<Uint8Array>;
}

/** Streams the evidence member through SHA-256 and SM3 in one pass; returns both digests and the size. */
async function hashMember(src: PackageMembers, e: { name: string; size: number }, hash: HashFactory, sm3: HashFactory, onProgress?: (d: number, total: number) => void): Promise<{ digest: Uint8Array; sm3: Uint8Array; size: number }> {
  const h = hash();
  const g = sm3();
  let size = 0;
  for await (const c of src.chunks(e.name)) {
    h.update(c);
    g.update(c);
    size += c.length;
    onProgress?.(size, e.size);
  }
  return { digest: h.digest(), sm3: g.digest(), size };
}

/** Check "manifest": every member listed once with its SHA-256 and size, nothing more, nothing less. */
function checkManifest(m: Manifest | null, problem: Text | null, digests: Map<string, { sha256: string; size: number }>, evidence: string, baoquan: string | null): Check {
  if (!m) return verdict('manifest', 'fail', [problem ?? t('manifest.json 缺失', 'manifest.json is missing')]);
  const problems: Text[] = [];
  if (baoquan !== null && m.baoquan !== baoquan) problems.push(t('清单中的保全号与账本条目不一致', 'the certificate number in the list differs from the ledger entry'));
  const listed = new Set(m.members.map((x) => x.name));
  for (const x of m.members) {
    const d = digests.get(x.name);
    if (!d) problems.push(t(`清单列出的成员 ${x.name} 不在证据包中`, `listed member ${x.name} is not in the package`));
    else if (d.sha256 !== x.sha256 || d.size !== x.size) problems.push(t(`成员 ${x.name} 的 SHA-256 或大小与清单不符（被改动）`, `member ${x.name} does not match its SHA-256 or size in the list (it was changed)`));
  }
  for (const name of digests.keys()) if (!listed.has(name)) problems.push(t(`成员 ${name} 未列在清单中`, `member ${name} is not in the list`));
  if (listed.size !== m.members.length) problems.push(t('清单中有重复成员', 'the list names a member twice'));
  if (m.evidence !== evidence) problems.push(t('清单记录的证据文件名与证据包不符', 'the evidence name in the list does not match the package'));
  return passOrFail('manifest', problems, [t(`${m.members.length} 个成员的 SHA-256 与大小均已核对`, `SHA-256 and size of ${m.members.length} members checked`)], [
    t('清单未签名：它能发现损坏和对单个成员的改动，但不能防止有意的整体伪造；证据效力来自其余各项密码学核验', 'the list is not signed: it detects corruption and a change to one member, not a deliberate forgery of everything; the evidential weight comes from the cryptographic checks'),
  ]);
}

/**
 * Verifies the package in `src`. Returns the report; `ok` is false when any check failed. Never throws
 * for malformed input.
 */
export async function verifyPackage(src: ByteSource, opts: VerifyOptions = {}): Promise<Report> {
  let zipEntries: ZipEntry[];
  try {
    zipEntries = await readZip(src);
  } catch (e) {
    return unusable(textOf(e));
  }
  const zipByName = new Map(zipEntries.map((e) => [e.name, e]));
  return verifyMembers({
    list: zipEntries.map((e) => ({ name: e.name, size: e.size })),
    read: (name, cap) => readEntry(src, zipByName.get(name)!, cap),
    chunks: (name) => entryChunks(src, zipByName.get(name)!),
  }, opts);
}

/** Verifies a package given as members (zip or folder); the checks of `verifyPackage`. Never throws for malformed input. */
export async function verifyMembers(members: PackageMembers, opts: VerifyOptions = {}): Promise<Report> {
  const entries = members.list;
  const src = members;
  const byName = new Map(entries.map((e) => [e.name, e]));
  const structure: Text[] = [];
  const others = entries.filter((e) => !MEMBER_NAMES.has(e.name));
  for (const r of REQUIRED) if (!byName.has(r)) structure.push(t(`缺少成员 ${r}`, `member ${r} is missing`));
  if (others.length !== 1) structure.push(t(`应恰有一个证据文件（实际 ${others.length} 个候选：${others.map((e) => e.name).join(', ') || '无'}）`, `expected exactly one evidence file (found ${others.length}: ${others.map((e) => e.name).join(', ') || 'none'})`));
  const evidence = others.length === 1 ? others[0]! : null;

  // Read the small members (size-capped) and hash everything for the manifest.
  const small = new Map<string, Uint8Array>();
  const digests = new Map<string, { sha256: string; size: number }>();
  let fileDigest: Uint8Array | null = null;
  let fileSm3 = '';
  try {
    for (const e of entries) {
      if (e === evidence) continue;
      const cap = CAPS[e.name];
      if (cap === undefined) continue;
      const b = await src.read(e.name, cap);
      small.set(e.name, b);
      if (e.name !== MEMBERS.manifest) digests.set(e.name, { sha256: toHex(await sha256(b)), size: b.length });
    }
    if (evidence) {
      const h = await hashMember(src, evidence, opts.hash ?? jsSha256, opts.sm3 ?? (() => new Sm3()), opts.onProgress);
      fileDigest = h.digest;
      fileSm3 = toHex(h.sm3);
      digests.set(evidence.name, { sha256: toHex(h.digest), size: h.size });
    }
  } catch (e) {
    return unusable(textOf(e));
  }
  const checks: Check[] = [];
  checks.push(passOrFail('package', structure, [t(`共 ${entries.length} 个成员`, `${entries.length} members`), kv('证据文件', 'evidence file', evidence?.name ?? '-')]));

  let manifest: Manifest | null = null;
  let manifestProblem: Text | null = null;
  const mb = small.get(MEMBERS.manifest);
  if (mb) {
    try {
      manifest = parseManifest(mb);
    } catch (e) {
      manifestProblem = textOf(e);
    }
  }
  const entryBytes = small.get(MEMBERS.entry) ?? new Uint8Array();
  const entry = await checkEntry(entryBytes);
  checks.push(checkManifest(manifest, manifestProblem, digests, evidence?.name ?? '', entry.entry?.baoquan ?? null));
  const fileProblems: Text[] = [];
  const fileLines: Text[] = [];
  if (!evidence || !fileDigest) fileProblems.push(t('没有可核验的证据文件', 'no evidence file to check'));
  else {
    const d = digests.get(evidence.name)!;
    fileLines.push(same(`SHA-256: ${d.sha256}`), kv('大小（字节）', 'size (bytes)', d.size));
    if (!entry.entry) fileProblems.push(t('entry.json 无效，无法比对', 'entry.json is invalid, nothing to compare with'));
    else {
      if (entry.entry.sha256 !== d.sha256) fileProblems.push(t('证据文件的 SHA-256 与账本条目记录的不一致（文件被改动）', 'the SHA-256 of the evidence file differs from the ledger entry (the file was changed)'));
      if (entry.entry.size !== d.size) fileProblems.push(t('证据文件的大小与账本条目记录的不一致', 'the size of the evidence file differs from the ledger entry'));
      if (entry.entry.sm3 !== undefined) {
        if (entry.entry.sm3 !== fileSm3) fileProblems.push(t('证据文件的 SM3 与账本条目记录的不一致（文件被改动）', 'the SM3 of the evidence file differs from the ledger entry (the file was changed)'));
        else fileLines.push(same(`SM3: ${fileSm3}`));
      }
    }
  }
  checks.push(passOrFail('file', fileProblems, fileLines, [t('也可用 sha256sum 计算文件哈希，与保全证书上的 SHA-256 核对', 'sha256sum gives the same hash; compare it with the SHA-256 on the certificate')]));
  checks.push(entry.check);

  const inc = await checkInclusion(entry.leaf, small.get(MEMBERS.proof) ?? new Uint8Array());
  checks.push(inc.check);
  const base = (manifest?.publicUrl ?? '').replace(/\/+$/, '');
  const keyUrl = `${base}/api/ledger/key`;
  const cpc = await checkCheckpoint(inc.proof, small.get(MEMBERS.checkpoint) ?? new Uint8Array(), small.get(MEMBERS.key) ?? new Uint8Array(), opts.trustedKey, keyUrl, opts.witnesses);
  checks.push(cpc.check);

  const ts = await checkTimestamp(small.get(MEMBERS.timestamp), small.get(MEMBERS.tsaChain), fileDigest, entry.entry?.time ?? null, opts.trustedTsaRoots, `${base}/api/trust/root.pem`);
  checks.push(ts.check);
  const pdf = small.get(MEMBERS.certificate);
  const binding = { entryBytes, entry: entry.entry, chainhash: toHex(entry.leaf), fileSha256: fileDigest ? toHex(fileDigest) : '' };
  checks.push(pdf ? await checkCertificatePdf(pdf, ts.chain, opts.trustedTsaRoots, `${base}/api/trust/root.pem`, binding) : verdict('certificate', 'fail', [t('缺少 certificate.pdf', 'certificate.pdf is missing')]));
  checks.push(await checkAnchor(small.get(MEMBERS.anchor), inc.check.status === 'pass' ? inc.cp : null, inc.proof?.index ?? null, cpc.key));

  // issue 10 §4: a WACZ evidence file (web capture, process evidence) is opened and verified inside.
  if (evidence && /\.wacz$/i.test(evidence.name) && evidence.size <= WACZ_MAX_BYTES) {
    let wacz: Uint8Array | null = null;
    try {
      wacz = await src.read(evidence.name, WACZ_MAX_BYTES);
    } catch (e) {
      checks.push(verdict('wacz', 'fail', [textOf(e)]));
    }
    if (wacz) checks.push(await checkWacz(wacz, ts.chain, entry.entry?.time ?? null, opts.trustedTsaRoots, `${base}/api/trust/wacz-signing.pem`));
  }
  checks.sort((a, b) => CHECK_IDS.indexOf(a.id) - CHECK_IDS.indexOf(b.id));
  return {
    ok: checks.every((c) => c.status !== 'fail'),
    checks,
    facts: {
      baoquan: entry.entry?.baoquan ?? '',
      evidence: evidence?.name ?? '',
      sha256: fileDigest ? toHex(fileDigest) : '',
      chainhash: toHex(entry.leaf),
      time: entry.entry?.time ?? null,
      genTime: ts.result?.tst ? ts.result.tst.genTime.toISOString() : '',
    },
  };
}
