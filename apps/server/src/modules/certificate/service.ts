/**
 * Certificate and sharing use cases (spec p1 §2, §3, §6, §7 "Certificate check and sharing"; p2 §2
 * dialog 证据提取; issue 2 §6): read a certificate by number, the check-by-number token round trip,
 * extraction of the evidence with the owner's extraction code, and the certificate PDF. This file composes
 * them and holds the public surface; the use cases live beside it:
 * - view.ts: the certificate view and its cache (issue 16) — viewer classes, `isSelf` rules
 *   (`ACTIVE_USER_STATUSES`), facts kept for good once issued, state reloads;
 * - issuing.ts: the facts a certificate states and the one signed PDF per number and language (issue 10 §1);
 * - extract.ts: extraction by code and its failure limits (`EXTRACT_LIMITS`, issue 9 §3).
 */
import { MSG } from '@cunzheng/contract/messages';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import type { TAnchorView } from '@cunzheng/contract/anchor';
import type { TCertificateView } from '@cunzheng/contract/certificate';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import type { IntegrityReporter } from '../../platform/blobIntegrity.ts';
import type { BrowserPool } from '../../platform/browser.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import type { GateCaptcha } from '../../platform/failureGate.ts';
import type { OwnerIdentity } from '../../platform/format.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import { BAOQUAN_RE } from '../evidence/baoquan.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import type { LedgerService } from '../ledger/types.ts';
import { extraction } from './extract.ts';
import type { ExtraRow } from './html.ts';
import { issuing } from './issuing.ts';
import { certificateViews, selfOf } from './view.ts';
import type { CachedBody } from './viewCache.ts';
import { viewTokens, VIEW_TOKEN_TTL_SECONDS } from './viewToken.ts';

export { ACTIVE_USER_STATUSES } from './view.ts';
export { EXTRACT_LIMITS } from './extract.ts';
export { PDF_LIMIT_PER_IP } from './issuing.ts';

export interface CertificateDeps {
  /** For the extraction's audit row and notification (one transaction) and the issued certificates. */
  db: Db;
  /** Evidence by number (evidence service `findByBaoquan`). */
  evidence: Pick<EvidenceService, 'findByBaoquan'> & Partial<Pick<EvidenceService, 'onChanged'>>;
  ledger: Pick<LedgerService, 'latestCheckpoint' | 'size' | 'verifierKey' | 'checkpointCovering' | 'entryAt'>;
  blobs: Pick<BlobStore, 'putBuffer' | 'has' | 'touch' | 'readVerified'>;
  /** Integrity alerts (audit service `integrityAlert`, issue 9 §2): an extraction finding the file missing. */
  report?: IntegrityReporter;
  downloads: Pick<DownloadSigner, 'url'>;
  limiter: RateLimiter;
  /** Consumes an image captcha and says whether the answer was right (auth captcha `check`); unset → never right. */
  checkCaptcha?: (captchaId: string, answer: string) => Promise<boolean>;
  /** Display identity of a user (auth service `identity`); null for an unknown id. */
  ownerName(userId: number): Promise<OwnerIdentity | null>;
  /** The user's 6-digit extraction code (auth service `extractCodeOf`); null for an unknown id. */
  extractCodeOf(userId: number): Promise<string | null>;
  browser: Pick<BrowserPool, 'withPage'>;
  /** Public base URL (config.PUBLIC_URL) used in the certificate's links and QR code. */
  publicUrl: string;
  /** HMAC key of view tokens (loadOrCreateSecret(dataDir, 'view-token.key', 32)). */
  viewTokenKey: Buffer;
  viewTokenTtlSeconds?: number;
  /** View cache (issue 16): answers older than this are reloaded in the background, ms (0 = no cache; default 1000). */
  viewCacheTtlMs?: number;
  /** View cache: at most this many numbers kept (default 500). */
  viewCacheMax?: number;
  /** External anchoring of a ledger entry (issue 3 §3: anchor service `anchorFor`); unset → no anchoring notice. */
  anchorOf?(ledgerIndex: number): Promise<TAnchorView>;
  /** Signs certificate PDFs (issue 3 §2: trust service `signPdf`); unset → unsigned. */
  signPdf?: (pdf: Buffer) => Promise<Buffer>;
  /** The evidence's RFC 3161 token facts (issue 3 §1: trust service `tokenFor`); null when none. */
  timestampOf?(evidenceId: number): Promise<{ tsaName: string; serial: string; genTime: number } | null>;
  /** SHA-256 fingerprint AA:BB:… of the platform root certificate (trust service `rootFingerprint`). */
  rootFingerprint?(): Promise<string>;
}

/**
 * The certificate view (spec p1 §3 Evidence fields, plus the ledger position; contract ZCertificateView):
 * id and label only for the owner (0 / '' otherwise), isSelf 1 for the logged-in active owner, isDownload 1 when
 * the bytes can be extracted, deleted 1 when the owner deleted the file, treeSize of the checkpoint named.
 */
export type CertificateView = TCertificateView;

/**
 * What the module of an evidence kind adds to the one certificate (issue 11 §1): `describe` its rows of
 * the certificate html/PDF (shown after 证据名称), `view` its fields of the kind's certificate answer
 * (getWebView, getProView …) built on the common view — throw 400 保全号不存在 when the kind's details are
 * missing.
 */
export interface KindExtension<V extends CertificateView = CertificateView> {
  describe?(row: EvidenceRow): Promise<ExtraRow[]>;
  view?(row: EvidenceRow, base: CertificateView, viewer: Principal | null): Promise<V>;
}

/** Normalises a typed certificate number (trim, upper case: the alphabet is Crockford base32). */
const normalise = (no: string) => no.trim().toUpperCase();

/** Builds the certificate service. */
export function certificateService(deps: CertificateDeps) {
  const tokens = viewTokens(deps.viewTokenKey, deps.viewTokenTtlSeconds ?? VIEW_TOKEN_TTL_SECONDS);
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  // What each evidence kind's module adds (registerKind): certificate rows and its view fields.
  const kinds = new Map<string, KindExtension<CertificateView>>();

  /** Evidence by number or 400 保全号不存在. */
  const find = async (no: string): Promise<EvidenceRow> => {
    const bq = normalise(no);
    const row = BAOQUAN_RE.test(bq) ? await deps.evidence.findByBaoquan(bq) : null;
    if (!row) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
    return row;
  };

  const issue = issuing(deps, publicUrl, find, async (row) => (await kinds.get(row.kind)?.describe?.(row)) ?? []);
  const views = certificateViews(deps, find, issue);
  deps.evidence.onChanged?.((bq) => views.forget(bq));
  const extract = extraction(deps, find);
  const view = views.view;

  /** The cached answer (`{code:200,msg,data}` JSON and ETag) of `no` for `viewer`'s class. 400 保全号不存在. */
  const cachedView = async (no: string, viewer: Principal | null): Promise<CachedBody> => {
    const bq = normalise(no);
    if (!BAOQUAN_RE.test(bq)) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
    const pair = await views.cached(bq);
    return selfOf(pair.ownerId, viewer) ? pair.owner : pair.public;
  };

  return {
    /**
     * GET /api/share/getView served from the view cache (issue 16): the serialised envelope and its ETag for
     * `viewer`'s class (owner / anyone else). 400 保全号不存在 for an unknown or malformed number.
     */
    cachedView,

    /**
     * POST /api/check/bqview from the view cache: as `cachedView` when `viewToken` was issued by bqno for
     * this `no` and has not expired; 400 查看凭证已失效，请重新查询 otherwise.
     */
    async cachedBqview(viewToken: string, no: string, viewer: Principal | null): Promise<CachedBody> {
      if (!tokens.verify(viewToken, normalise(no))) throw badRequest(MSG.VIEW_TOKEN_INVALID);
      return cachedView(no, viewer);
    },

    /**
     * Registers the certificate rows of an evidence kind (e.g. 'web': 取证类型 网页取证, URL, final URL,
     * capture time), shown on getView, bqview and the PDF after 证据名称.
     */
    describeKind(kind: string, describe: (row: EvidenceRow) => Promise<ExtraRow[]>): void {
      kinds.set(kind, { ...kinds.get(kind), describe });
    },

    /**
     * Registers what the module of evidence kind `kind` adds to the one certificate (KindExtension):
     * its certificate rows and the fields of its certificate answer (`kindView`). Called once at wiring.
     */
    registerKind<V extends CertificateView>(kind: EvidenceKind, ext: KindExtension<V>): void {
      kinds.set(kind, { ...kinds.get(kind), ...(ext as KindExtension<CertificateView>) });
    },

    /**
     * The certificate answer of an evidence of one of `kindsAllowed` (GET /api/share/getWebView, getProView …;
     * getView is the same for every kind without the extension): the common view plus the kind's fields.
     * 400 保全号不存在 for an unknown number or an evidence of another kind (a web number on getProView).
     */
    async kindView<V extends CertificateView = CertificateView>(kindsAllowed: readonly EvidenceKind[], baoquan: string, viewer: Principal | null): Promise<V> {
      const row = await find(baoquan);
      if (!(kindsAllowed as readonly string[]).includes(row.kind)) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
      const base = await view(row, viewer);
      const ext = kinds.get(row.kind)?.view;
      return (ext ? await ext(row, base, viewer) : base) as V;
    },

    /**
     * Extraction by code restricted to evidence of `kindsAllowed` (POST /api/share/webDownload,
     * downProBaoquan …): the same rules, limits, audit and notification as `extract`; an evidence of another
     * kind answers 400 保全号不存在 before any code is checked.
     */
    async kindExtract(kindsAllowed: readonly EvidenceKind[], baoquan: string, code: string, ip: string, captcha: GateCaptcha = {}): Promise<{ downUrl: string }> {
      const row = await find(baoquan);
      if (!(kindsAllowed as readonly string[]).includes(row.kind)) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
      return extract(baoquan, code, ip, captcha);
    },

    /**
     * GET /api/share/getView (spec p1 §7): the certificate of `baoquan` as seen by `viewer`
     * (null = logged out). 400 保全号不存在 for an unknown or malformed number.
     */
    async getView(baoquan: string, viewer: Principal | null): Promise<CertificateView> {
      return view(await find(baoquan), viewer);
    },

    /** POST /api/check/bqno (spec p1 §7): `{viewToken}` for an existing number; 400 保全号不存在 otherwise. */
    async bqno(no: string): Promise<{ viewToken: string }> {
      const row = await find(no);
      return { viewToken: tokens.issue(row.baoquan) };
    },

    /**
     * POST /api/check/bqview (spec p1 §7): the same data as getView when `viewToken` was issued by bqno
     * for this `no` and has not expired; 400 查看凭证已失效，请重新查询 otherwise.
     */
    async bqview(viewToken: string, no: string, viewer: Principal | null): Promise<CertificateView> {
      if (!tokens.verify(viewToken, normalise(no))) throw badRequest(MSG.VIEW_TOKEN_INVALID);
      return view(await find(no), viewer);
    },

    /** POST /api/share/downBaoquan: `{downUrl}` of the file for the owner's extraction code (extract.ts). */
    extract,

    /** View cache counters (tests, metrics): numbers cached, evidence with facts kept, html renderings so far. */
    viewStats: views.stats,

    /** POST /api/check/downCertificate: `{downUrl}` of the issued certificate PDF, issued once (issuing.ts). */
    downCertificate: issue.downCertificate,

    /** The issued certificate PDF's blob address of a number in a language, issued now when it was not yet (issuing.ts). */
    issuedPdf: issue.issuedPdf,
  };
}

export type CertificateService = ReturnType<typeof certificateService>;
