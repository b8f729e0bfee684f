/**
 * Certificate and sharing use cases (spec p1 §2, §3, §6, §7 "Certificate check and sharing"; p2 §2
 * dialog 证据提取; issue 2 §6): read a certificate by number, the check-by-number token round trip,
 * extraction of the evidence with the owner's extraction code, and the certificate PDF.
 *
 * Decisions (documented for the lead and the web app):
 * - `isSelf` is 1 only for the logged-in owner whose userStatus is one of the states spec p2 §4 defines
 *   (1 not verified, 2 under review, 3 passed, 4 failed). Real-name verification gates paid and legal
 *   features (notarisation), not ownership: an owner downloads their own evidence from the list whatever
 *   the KYC state, so the certificate page must not hide the download from them either. Any other value
 *   (e.g. a future disabled/frozen state) is not active. See `ACTIVE_USER_STATUSES`.
 * - `id` and `label` (the owner's private tag) are returned to the owner only (0 / '' for everyone else).
 * - Wrong extraction codes (issue 9 §3; `EXTRACT_LIMITS`): one code opens all of an owner's evidence, so the
 *   budget is per owner, not per certificate, and nobody is locked out by someone else's guesses. Failures are
 *   counted per (owner, client) and per owner; past 5 for the pair, or 20 for the owner from everyone, in an
 *   hour, the call needs an image captcha and answers slow down (platform/failureGate.ts) — the holder of the
 *   right code still gets the file by solving it. A client with 30 wrong codes in an hour (any owner) is
 *   refused (操作过于频繁) for the rest of the hour: that is its own budget, nobody else's.
 */
import crypto from 'node:crypto';
import QRCode from 'qrcode';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { BlobIntegrityError, type BlobStore } from '../../platform/blobs.ts';
import type { IntegrityReporter } from '../../platform/blobIntegrity.ts';
import type { BrowserPool } from '../../platform/browser.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest, ok, tooMany } from '../../platform/errors.ts';
import { failureGate, type GateCaptcha, type GateRule } from '../../platform/failureGate.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import { BAOQUAN_RE } from '../evidence/baoquan.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import type { LedgerService } from '../ledger/types.ts';
import type { TAnchorView } from '@cunzheng/contract/anchor';
import { newsText, notify } from '../notifications/notify.ts';
import { maskOwner, type OwnerIdentity } from '../../platform/format.ts';
import { pdfDocument, renderCertificate, type CertificateModel, type ExtraRow } from './html.ts';
import { printA4 } from './pdf.ts';
import { embedCertificateFacts } from './embed.ts';
import { findIssued, storeIssued, type IssuedFacts, type IssuedRow } from './issue.ts';
import { viewTokens, VIEW_TOKEN_TTL_SECONDS } from './viewToken.ts';
import { cachedBody, viewCache, type CachedBody } from './viewCache.ts';
import type { TCertificateView } from '@cunzheng/contract/certificate';

/** spec p2 §4 userStatus values counted as an active account for `isSelf` (see the file comment). */
export const ACTIVE_USER_STATUSES: readonly number[] = [1, 2, 3, 4];

/** Extraction-code failure limits (see the file comment). */
export const EXTRACT_LIMITS = {
  /** Wrong codes for one owner from one client before the captcha is required. */
  perOwnerClient: { threshold: 5, windowSeconds: 3600 },
  /** Wrong codes for one owner from everyone before the captcha is required of everyone. */
  perOwner: { threshold: 20, windowSeconds: 3600 },
  /** Wrong codes from one client (any owner) before that client is refused. */
  perClient: { max: 30, windowSeconds: 3600 },
} as const;

/** Certificate PDFs rendered per IP per 10 minutes (each render costs ~0.5 s of CPU). */
export const PDF_LIMIT_PER_IP = { max: 60, windowSeconds: 600 } as const;


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

/** The public certificate page prefix of a kind (contract registry; /attestation for anything unknown). */
const certificateRoute = (kind: string): string => EVIDENCE_KIND[kind as EvidenceKind]?.routes.certificate ?? '/attestation';

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

/** Constant-time comparison of two short strings. */
const sameCode = (a: string, b: string) =>
  crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest());

/** Builds the certificate service. */
export function certificateService(deps: CertificateDeps) {
  const tokens = viewTokens(deps.viewTokenKey, deps.viewTokenTtlSeconds ?? VIEW_TOKEN_TTL_SECONDS);
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const gate = failureGate({ limiter: deps.limiter, checkCaptcha: deps.checkCaptcha ?? (async () => false) });
  const exists = (sha: string) => deps.blobs.has(sha);
  // What each evidence kind's module adds (registerKind): certificate rows and its view fields.
  const kinds = new Map<string, KindExtension<CertificateView>>();
  // An issued PDF is re-checked before a download link is given: its bytes re-hashed; an altered one is reported.
  const cachedPdfOk = async (sha: string): Promise<boolean> => {
    if (!(await deps.blobs.touch(sha))) return false;
    try {
      await deps.blobs.readVerified(sha);
      return true;
    } catch (e) {
      if (!(e instanceof BlobIntegrityError)) throw e;
      await deps.report?.({ kind: 'blob_mismatch', target: `blob:${sha}`, detail: e.message });
      return false;
    }
  };
  // Issuance in flight in this process, by `evidenceId:lang` (the database decides between processes).
  const issuing = new Map<string, Promise<IssuedRow>>();

  // QR codes are a pure function of the URL: a small bounded memo spares ~2–10 ms per view.
  const qrMemo = new Map<string, string>();
  const qrSvg = async (url: string): Promise<string> => {
    const hit = qrMemo.get(url);
    if (hit) return hit;
    const svg = await QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
    if (qrMemo.size >= 2000) qrMemo.delete(qrMemo.keys().next().value as string);
    qrMemo.set(url, svg);
    return svg;
  };

  /** Evidence by number or 400 保全号不存在. */
  const find = async (no: string): Promise<EvidenceRow> => {
    const bq = normalise(no);
    const row = BAOQUAN_RE.test(bq) ? await deps.evidence.findByBaoquan(bq) : null;
    if (!row) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
    return row;
  };

  /** The first signed checkpoint covering the entry (signing one first when none covers it yet). */
  const coveringCheckpoint = async (index: number) => {
    const cp = (await deps.ledger.checkpointCovering(index)) ?? ((await deps.ledger.latestCheckpoint()) && (await deps.ledger.checkpointCovering(index)));
    if (!cp) throw new Error(`certificate: no signed checkpoint covers ledger index ${index}`);
    return cp;
  };

  /** The facts a certificate states (issue.ts): from the deposit record and the checkpoint at issue. */
  const factsOf = async (row: EvidenceRow): Promise<IssuedFacts> => {
    const [owner, cp, stamp, extraRows, rootFp, leaf] = await Promise.all([
      deps.ownerName(row.userId),
      coveringCheckpoint(row.ledgerIndex),
      deps.timestampOf ? deps.timestampOf(row.id) : null,
      kinds.get(row.kind)?.describe?.(row) ?? [],
      deps.rootFingerprint ? deps.rootFingerprint() : '',
      deps.ledger.entryAt(row.ledgerIndex),
    ]);
    const sm3 = leaf ? (JSON.parse(leaf.leaf.toString('utf8')) as { sm3?: string }).sm3 : undefined;
    return {
      baoquan: row.baoquan,
      title: row.title,
      fileName: row.fileName,
      size: row.size,
      fileType: row.fileType,
      mime: row.mime,
      sha256: row.sha256,
      ...(sm3 ? { sm3 } : {}),
      owner: maskOwner(owner),
      saveTime: row.saveTime,
      chainhash: row.chainhash,
      ledgerIndex: row.ledgerIndex,
      treeSize: cp.size,
      checkpointNote: cp.note,
      publicUrl,
      verifierKey: deps.ledger.verifierKey(),
      rootFingerprint: rootFp,
      timestamp: stamp ? { tsaName: stamp.tsaName, serial: stamp.serial, genTime: stamp.genTime } : null,
      extraRows,
    };
  };

  const qrOf = (row: EvidenceRow) => qrSvg(`${publicUrl}${certificateRoute(row.kind)}/${encodeURIComponent(row.baoquan)}`);

  /**
   * The issued certificate of `row` in `lang`: the stored one, or issued now (facts frozen, PDF printed,
   * entry embedded, signed and stored once — issue.ts).
   */
  const issued = async (row: EvidenceRow, lang: 'zh' | 'en'): Promise<IssuedRow & { ms: number }> => {
    const have = await findIssued(deps.db, row.id, lang);
    if (have) return { ...have, ms: 0 };
    const key = `${row.id}:${lang}`;
    let job = issuing.get(key);
    if (!job) {
      job = (async () => {
        // The other language's certificate, when issued, fixes the facts of this one too.
        const facts = (await findIssued(deps.db, row.id, lang === 'zh' ? 'en' : 'zh'))?.facts ?? (await factsOf(row));
        const entry = await deps.ledger.entryAt(row.ledgerIndex);
        if (!entry || entry.chainhash !== row.chainhash) throw new Error(`certificate: ledger entry ${row.ledgerIndex} does not match ${row.baoquan}`);
        const title = lang === 'en' ? `Certificate-${row.baoquan}` : `保全证书-${row.baoquan}`;
        const printed = await printA4(deps.browser, pdfDocument(renderCertificate({ ...facts, qrSvg: await qrOf(row) }, lang), lang, title));
        const withFacts = await embedCertificateFacts(printed, { baoquan: row.baoquan, sha256: row.sha256, ...(facts.sm3 ? { sm3: facts.sm3 } : {}), chainhash: row.chainhash, ledgerIndex: row.ledgerIndex, time: row.saveTime, entry: entry.leaf, title });
        const pdf = deps.signPdf ? await deps.signPdf(withFacts) : withFacts;
        return storeIssued(deps.db, deps.blobs, row.id, lang, facts, pdf);
      })().finally(() => issuing.delete(key));
      issuing.set(key, job);
    }
    const t0 = performance.now();
    const r = await job;
    return { ...r, ms: Math.round(performance.now() - t0) };
  };

  /** The certificate model shown on the web page: the issued facts (or those it will be issued with) and the current state. */
  const model = async (row: EvidenceRow): Promise<CertificateModel> => {
    const [frozen, qr, latest, anchor] = await Promise.all([
      findIssued(deps.db, row.id, 'zh').then((r) => r?.facts ?? findIssued(deps.db, row.id, 'en').then((e) => e?.facts ?? factsOf(row))),
      qrOf(row),
      deps.ledger.latestCheckpoint(),
      deps.anchorOf ? deps.anchorOf(row.ledgerIndex) : undefined,
    ]);
    return {
      ...frozen,
      qrSvg: qr,
      current: { latestTreeSize: latest?.size ?? (await deps.ledger.size()), anchor, deletedAt: row.deletedAt ? Math.floor(row.deletedAt.getTime() / 1000) : null },
    };
  };

  /** 1 when `viewer` is the logged-in active owner of an evidence owned by `ownerId`. */
  const selfOf = (ownerId: number, viewer: Principal | null): 0 | 1 => (viewer !== null && viewer.user.id === ownerId && ACTIVE_USER_STATUSES.includes(viewer.user.userStatus) ? 1 : 0);

  const view = async (row: EvidenceRow, viewer: Principal | null): Promise<CertificateView> => viewAs(row, selfOf(row.userId, viewer));

  const viewAs = async (row: EvidenceRow, isSelf: 0 | 1): Promise<CertificateView> => {
    const [m, present] = await Promise.all([model(row), row.deletedAt ? Promise.resolve(false) : exists(row.sha256)]);
    return {
      id: isSelf ? row.id : 0,
      baoquan: row.baoquan,
      title: row.title,
      fileName: row.fileName,
      fileType: row.fileType,
      mime: row.mime,
      size: row.size,
      sha256: row.sha256,
      label: isSelf ? row.label : '',
      saveTime: row.saveTime,
      chainhash: row.chainhash,
      html: renderCertificate(m, 'zh'),
      htmlEn: renderCertificate(m, 'en'),
      isSelf,
      isDownload: present ? 1 : 0,
      isApp: row.kind === 'app' ? 1 : 0,
      mp4Path: '',
      deleted: row.deletedAt ? 1 : 0,
      ledgerIndex: row.ledgerIndex,
      treeSize: m.treeSize,
    };
  };

  /**
   * POST /api/share/downBaoquan (spec p1 §6, §7; p2 §3 "Extraction code payload: code, baoquan"):
   * `{downUrl}` of the evidence file when `code` equals the owner's extraction code.
   * Errors (code 400): 保全号不存在; 证据缺失不可下载 (deleted by the owner or bytes missing);
   * 证据提取码错误; 请输入图形验证码 / 图形验证码不正确 with data `{needCaptcha: 1}` after repeated wrong codes
   * for the owner (`captcha` = the retry's captchaId and imgCode); 操作过于频繁，请稍后再试 (the client's own budget).
   */
  const extract = async (baoquan: string, code: string, ip: string, captcha: GateCaptcha = {}): Promise<{ downUrl: string }> => {
    const clientKey = `extractfail:ip:${ip}`;
    if ((await deps.limiter.count(clientKey, EXTRACT_LIMITS.perClient.windowSeconds)) >= EXTRACT_LIMITS.perClient.max) throw tooMany();
    const row = await find(baoquan);
    if (row.deletedAt) throw badRequest(MSG.EVIDENCE_MISSING);
    if (!(await exists(row.sha256))) {
      await deps.report?.({ kind: 'blob_missing', target: `evidence:${row.baoquan}`, detail: `blob ${row.sha256} is missing` });
      throw badRequest(MSG.EVIDENCE_MISSING);
    }
    const pair: GateRule = { key: `extractfail:o:${row.userId}:ip:${ip}`, ...EXTRACT_LIMITS.perOwnerClient };
    const rules: GateRule[] = [pair, { key: `extractfail:o:${row.userId}`, ...EXTRACT_LIMITS.perOwner }];
    await gate.enter(rules, captcha);
    const want = await deps.extractCodeOf(row.userId);
    if (!want || !sameCode(code.trim(), want)) {
      await gate.fail([...rules, { key: clientKey, threshold: EXTRACT_LIMITS.perClient.max, windowSeconds: EXTRACT_LIMITS.perClient.windowSeconds }]);
      throw badRequest(MSG.EXTRACT_CODE_WRONG);
    }
    await deps.limiter.reset(pair.key, pair.windowSeconds);
    await deps.db.transaction(async (tx) => {
      await writeAudit(tx, { actorId: null, action: 'evidence.extract', target: `evidence:${row.id}`, ip, after: { baoquan: row.baoquan } });
      await notify(tx, row.userId, newsText.extract(row.title, row.baoquan), 'extract');
    });
    return { downUrl: deps.downloads.url({ sha256: row.sha256, name: row.fileName, mime: row.mime, evidenceId: row.id }) };
  };

  // Issue 16: getView / bqview answers, serialised once per number for the owner and for everyone else (viewCache.ts).
  const views = viewCache({
    max: deps.viewCacheMax ?? 500,
    ttlMs: deps.viewCacheTtlMs ?? 1000,
    async load(bq) {
      const row = await find(bq);
      const pub = await viewAs(row, 0);
      return { ownerId: row.userId, public: cachedBody(ok(pub)), owner: cachedBody(ok({ ...pub, id: row.id, label: row.label, isSelf: 1 })) };
    },
  });
  deps.evidence.onChanged?.((bq) => views.forget(bq));

  /** The cached answer (`{code:200,msg,data}` JSON and ETag) of `no` for `viewer`'s class. 400 保全号不存在. */
  const cachedView = async (no: string, viewer: Principal | null): Promise<CachedBody> => {
    const bq = normalise(no);
    if (!BAOQUAN_RE.test(bq)) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
    const pair = await views.get(bq);
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

    extract,

    /**
     * POST /api/check/downCertificate (spec p1 §7; issue 10 §1): `{downUrl}` of the issued certificate PDF
     * (A4, printed by Chromium from the certificate facts, with the ledger entry embedded and XMP facts,
     * signed; `lang` 'en' → the English one), named `保全证书-<baoquan>.pdf` (`Certificate-<baoquan>.pdf`).
     * Issued once: every later call gives the same bytes. 400 保全号不存在; per-IP limit.
     * `ms` is the issuing time (0 when it was issued before).
     */
    async downCertificate(no: string, ip: string, lang: 'zh' | 'en' = 'zh'): Promise<{ downUrl: string; ms: number; sha256: string }> {
      await deps.limiter.hit([{ key: `certpdf:ip:${ip}`, ...PDF_LIMIT_PER_IP }]);
      const row = await find(no);
      const title = lang === 'en' ? `Certificate-${row.baoquan}` : `保全证书-${row.baoquan}`;
      const pdf = await issued(row, lang);
      if (pdf.ms === 0 && !(await cachedPdfOk(pdf.pdfSha256))) {
        await deps.report?.({ kind: 'blob_missing', target: `certificate-pdf:${row.baoquan}`, detail: `issued certificate ${pdf.pdfSha256} is missing or altered` });
        throw badRequest('证书文件缺失，请联系客服');
      }
      return { downUrl: deps.downloads.url({ sha256: pdf.pdfSha256, name: `${title}.pdf`, mime: 'application/pdf' }), ms: pdf.ms, sha256: pdf.pdfSha256 };
    },

    /** The issued certificate PDF's blob address of `baoquan` in `lang` (issued now when it was not yet). 400 保全号不存在. */
    async issuedPdf(no: string, lang: 'zh' | 'en' = 'zh'): Promise<string> {
      return (await issued(await find(no), lang)).pdfSha256;
    },
  };
}

export type CertificateService = ReturnType<typeof certificateService>;
