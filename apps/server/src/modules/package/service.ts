/**
 * The offline proof package (issue 3 §4; DESIGN.md Trust design §5) and the public hash lookup.
 *
 * `prepare` checks access and gathers EVERY member before anything is streamed (so a failure is a clean
 * envelope, never a half-written zip): the evidence file (streamed from the blob store at zip time,
 * stored uncompressed), the signed certificate PDF, the exact ledger leaf, a C2SP tlog-proof against the
 * newest witnessed checkpoint covering it (with the witnesses' cosignatures; the latest checkpoint when
 * none is witnessed, issue 10 §2), the checkpoint, the verifier key, the RFC 3161 response and TSA chain (trust
 * module), the anchor with a consistency proof to the package's checkpoint (anchor module), VERIFY.md
 * and manifest.json. The layout and formats come from @cunzheng/verify, the verifier that reads them.
 *
 * Access: the logged-in owner (bearer token), or anyone with the owner's extraction code — checked by
 * the certificate service's `extract` (same rate limits, audit row and owner notification as
 * POST /api/share/downBaoquan).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { newZip } from '../../platform/zip.ts';
import { MSG } from '@cunzheng/contract/messages';
import { VERIFY_LIST_MAX, type TVerifyItem } from '@cunzheng/contract/verify';
import { ANCHOR_FORMAT, canonicalJson, evidenceMemberName, formatTlogProof, manifestBytes, MEMBERS, PACKAGE_FORMAT, type AnchorFile } from '@cunzheng/verify';
import type { Principal } from '../../platform/auth.ts';
import type { BlobStore, VerifiedBlob } from '../../platform/blobs.ts';
import { openForDownload, readForDownload, type IntegrityReporter } from '../../platform/blobIntegrity.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import type { AnchorService } from '../anchor/service.ts';
import type { CertificateService } from '../certificate/service.ts';
import { BAOQUAN_RE } from '../evidence/baoquan.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { LedgerService } from '../ledger/types.ts';
import type { TrustReader } from '../trust/types.ts';
import { verifyReadme, type ReadmeFacts } from './readme.ts';
import { VERIFY_PY } from './verifyPy.ts';

/** Packages per IP per 10 minutes (each renders or reads a PDF and streams the file). */
export const PACKAGE_LIMIT_PER_IP = { max: 30, windowSeconds: 600 } as const;
/** Hash lookups per IP per minute. */
export const VERIFY_LIMIT_PER_IP = { max: 60, windowSeconds: 60 } as const;

export interface PackageDeps {
  evidence: Pick<EvidenceService, 'findByBaoquan' | 'findBySha256'>;
  ledger: Pick<LedgerService, 'inclusionProof' | 'verifierKey' | 'consistencyProof'>;
  certificate: Pick<CertificateService, 'extract' | 'downCertificate'>;
  downloads: Pick<DownloadSigner, 'verify'>;
  blobs: Pick<BlobStore, 'openVerified' | 'readVerified'>;
  /** Integrity alerts (audit service `integrityAlert`, issue 9 §2). */
  report: IntegrityReporter;
  limiter: RateLimiter;
  /** Trust module (issue 3 §1): tokens and TSA chains; unset → the package has no timestamp. */
  trust?: Pick<TrustReader, 'tokenFor' | 'tsaChainPem'> & { rootFingerprint?(): Promise<string> };
  /** Anchor module (issue 3 §3); unset → no anchor.json. */
  anchor?: Pick<AnchorService, 'anchorFor'>;
  /** config.PUBLIC_URL. */
  publicUrl: string;
  /** Path of the single-file verifier bundle (issue 10 §5); packed as verify.mjs when the file exists. */
  verifierBundle?: string;
}

/** One member: bytes in memory, or the evidence blob streamed at zip time. */
export type PackageMember = { name: string; data: Buffer } | { name: string; blob: string; size: number; source: VerifiedBlob };

/** A package ready to stream. */
export interface PreparedPackage {
  /** Download name `证据包-<baoquan>.zip`. */
  zipName: string;
  members: PackageMember[];
}

const sha256hex = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/** `{ sm3 }` of a v2 ledger entry, `{}` for v1. */
function sm3Of(leaf: Buffer): { sm3?: string } {
  const e = JSON.parse(leaf.toString('utf8')) as { sm3?: string };
  return e.sm3 ? { sm3: e.sm3 } : {};
}

/** The verifier bundle's bytes, re-read when the file changes (a build artefact, not a blob); null when absent. */
let bundleCache: { file: string; mtimeMs: number; data: Buffer } | null = null;
function readBundle(file: string | undefined): Buffer | null {
  if (!file) return null;
  try {
    const st = fs.statSync(file);
    if (!bundleCache || bundleCache.file !== file || bundleCache.mtimeMs !== st.mtimeMs) bundleCache = { file, mtimeMs: st.mtimeMs, data: fs.readFileSync(file) };
    return bundleCache.data;
  } catch {
    return null;
  }
}

/** Builds the package service. */
export function packageService(deps: PackageDeps) {
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  /** The signed certificate PDF of `baoquan` (rendered or cached by the certificate service). */
  async function certificatePdf(baoquan: string, ip: string): Promise<Buffer> {
    const { downUrl } = await deps.certificate.downCertificate(baoquan, ip, 'zh');
    const ticket = deps.downloads.verify(downUrl.slice(downUrl.lastIndexOf('/') + 1));
    if (!ticket?.item) throw new Error('package: certificate PDF ticket unreadable');
    // Verified against its address before it goes into the package (issue 9 §2).
    return readForDownload(deps.blobs, ticket.item.sha256, deps.report, `certificate-pdf:${baoquan}`);
  }

  return {
    /**
     * GET /api/ledger/package (issue 3 §4): checks access and builds every member. `viewer` is the
     * logged-in user or null; `code` the extraction code (not needed by the owner).
     * 400 保全号不存在 / 请输入证据提取码 / 证据提取码错误 / 证据缺失不可下载 / 操作过于频繁… (limits).
     */
    async prepare(baoquan: string, viewer: Principal | null, code: string | undefined, ip: string): Promise<PreparedPackage> {
      await deps.limiter.hit([{ key: `package:ip:${ip}`, ...PACKAGE_LIMIT_PER_IP }]);
      const bq = baoquan.trim().toUpperCase();
      const row = BAOQUAN_RE.test(bq) ? await deps.evidence.findByBaoquan(bq) : null;
      if (!row) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
      if (viewer && viewer.user.id === row.userId) {
        if (row.deletedAt) throw badRequest(MSG.EVIDENCE_MISSING);
      } else if (code !== undefined && code.trim() !== '') {
        await deps.certificate.extract(bq, code, ip);
      } else {
        throw badRequest(MSG.EXTRACT_CODE_REQUIRED);
      }

      const proof = await deps.ledger.inclusionProof(row.ledgerIndex, { witnessed: true });
      if (!proof || sha256hex(Buffer.concat([Buffer.of(0), proof.leaf])) !== row.chainhash) throw new Error(`package: no consistent ledger proof for ${bq}`);
      const [pdf, token, view] = await Promise.all([
        certificatePdf(bq, ip),
        deps.trust ? deps.trust.tokenFor(row.id) : Promise.resolve(undefined),
        deps.anchor ? deps.anchor.anchorFor(row.ledgerIndex) : Promise.resolve(undefined),
      ]);
      const chainPem = token && deps.trust ? await deps.trust.tsaChainPem(token.token) : null;

      let anchorJson: Buffer | null = null;
      const a = view?.anchor;
      if (a) {
        const [first, second] = a.size <= proof.treeSize ? [a.size, proof.treeSize] : [proof.treeSize, a.size];
        const consistency = first === second ? [] : await deps.ledger.consistencyProof(first, second);
        const file: AnchorFile = {
          format: ANCHOR_FORMAT, chainId: a.chainId, chainName: a.chainName, blockNumber: a.blockNumber, blockTime: a.blockTime, txHash: a.txHash, txUrl: a.txUrl,
          from: a.from, calldata: a.calldata, size: a.size, root: a.root, noteSha256: a.noteSha256, anchoredCheckpoint: a.anchoredCheckpoint,
          consistency: { first, second, proof: consistency.map((h) => h.toString('base64')) },
        };
        anchorJson = Buffer.from(canonicalJson(file), 'utf8');
      }

      const fileName = evidenceMemberName(row.fileName);
      const note = proof.checkpoint.note;
      const facts: ReadmeFacts = {
        baoquan: row.baoquan, fileName, sha256: row.sha256, size: row.size, ...sm3Of(proof.leaf), chainhash: row.chainhash, leafIndex: proof.leafIndex, treeSize: proof.treeSize,
        origin: note.slice(0, note.indexOf('\n')), verifierKey: deps.ledger.verifierKey(), publicUrl, saveTime: row.saveTime,
        timestamp: token ? { tsaName: token.tsaName, genTime: token.genTime } : { missing: deps.trust ? 'none' : 'off' },
        rootFingerprint: deps.trust?.rootFingerprint ? await deps.trust.rootFingerprint() : '',
        zipName: `证据包-${row.baoquan}.zip`,
        hasBundle: readBundle(deps.verifierBundle) !== null,
        isWacz: /\.wacz$/i.test(fileName),
        anchor: a ? { chainName: a.chainName, chainId: a.chainId, txHash: a.txHash, txUrl: a.txUrl, size: a.size } : { missing: view?.configured ? 'pending' : 'off' },
      };
      const inMemory: Array<{ name: string; data: Buffer }> = [
        { name: MEMBERS.readme, data: Buffer.from(verifyReadme(facts), 'utf8') },
        { name: MEMBERS.certificate, data: pdf },
        { name: MEMBERS.entry, data: proof.leaf },
        { name: MEMBERS.proof, data: Buffer.from(formatTlogProof({ extra: null, index: proof.leafIndex, proof: proof.proof, checkpoint: note }), 'utf8') },
        { name: MEMBERS.checkpoint, data: Buffer.from(note, 'utf8') },
        { name: MEMBERS.key, data: Buffer.from(`${deps.ledger.verifierKey()}\n`, 'utf8') },
      ];
      if (token && chainPem) inMemory.push({ name: MEMBERS.timestamp, data: token.response }, { name: MEMBERS.tsaChain, data: Buffer.from(chainPem, 'utf8') });
      if (anchorJson) inMemory.push({ name: MEMBERS.anchor, data: anchorJson });
      // The verifiers a reader can run offline (issue 10 §5): verify.mjs (when built) and verify.py.
      const bundle = readBundle(deps.verifierBundle);
      if (bundle) inMemory.push({ name: MEMBERS.verifier, data: bundle });
      inMemory.push({ name: MEMBERS.pyVerifier, data: Buffer.from(VERIFY_PY, 'utf8') });

      // Last step before streaming: the evidence file is hashed against the ledger's SHA-256 and then
      // streamed from the same descriptor (missing/altered → clear 400 + integrity alert, issue 9 §2).
      const source = await openForDownload(deps.blobs, row.sha256, deps.report, `evidence:${row.baoquan}`);
      const members: PackageMember[] = [inMemory[0]!, { name: fileName, blob: row.sha256, size: source.size, source }, ...inMemory.slice(1)];
      const manifest = manifestBytes({
        format: PACKAGE_FORMAT, baoquan: row.baoquan, evidence: fileName, created: Math.floor(Date.now() / 1000), publicUrl,
        members: members.map((m) => ('data' in m ? { name: m.name, sha256: sha256hex(m.data), size: m.data.length } : { name: m.name, sha256: m.blob, size: m.size })),
      });
      members.push({ name: MEMBERS.manifest, data: Buffer.from(manifest) });
      return { zipName: `证据包-${row.baoquan}.zip`, members };
    },

    /** The zip stream of a prepared package (the evidence file stored, the rest deflated). */
    toZip(p: PreparedPackage): Readable {
      const zip = newZip({ zlib: { level: 6 } });
      for (const m of p.members) {
        if ('data' in m) zip.append(m.data, { name: m.name });
        else zip.append(m.source.stream(), { name: m.name, store: true });
      }
      void zip.finalize().catch(() => undefined);
      return zip;
    },

    /**
     * GET /api/verify (issue 3 §4): certificates whose evidence file has SHA-256 `sha256` (lowercase hex):
     * number, deposit time, chainhash — nothing about the owner. Rate-limited per IP.
     */
    async lookup(sha256: string, ip: string): Promise<{ list: TVerifyItem[] }> {
      await deps.limiter.hit([{ key: `verify:ip:${ip}`, ...VERIFY_LIMIT_PER_IP }]);
      return { list: await deps.evidence.findBySha256(sha256, VERIFY_LIST_MAX) };
    },
  };
}

export type PackageService = ReturnType<typeof packageService>;
