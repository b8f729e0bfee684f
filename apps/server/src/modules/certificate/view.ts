/**
 * Certificate views (spec p1 §3 Evidence fields, §7 getView / bqview; issue 16): the answer assembled from
 * the certificate's facts and the evidence's state, and the view cache that serves it (viewCache.ts).
 *
 * - Facts (`Basis`): once a certificate is issued its facts never change (issue.ts), so they are kept for
 *   good per evidence (bounded LRU) with the QR code of the page. Before issuance the view shows the facts it
 *   would be issued with; of these only the masked owner name can still change (the KYC name), so a reload
 *   re-reads the owner and whether it got issued meanwhile — one query each — and nothing else.
 * - State: the evidence row (deletion, the owner's label), the latest checkpoint, anchoring and whether the
 *   file can still be extracted (`isDownload`) — read on every (re)load.
 * - A reload whose facts and state are those of the cached answer keeps that answer as it is (same bodies,
 *   ETags and compressed forms): the two html renderings and the JSON are redone only when something shown
 *   changed.
 * - `isSelf` is 1 only for the logged-in owner whose userStatus is one of the states spec p2 §4 defines
 *   (1 not verified, 2 under review, 3 passed, 4 failed). Real-name verification gates paid and legal
 *   features (notarisation), not ownership: an owner downloads their own evidence from the list whatever
 *   the KYC state, so the certificate page must not hide the download from them either. Any other value
 *   (e.g. a future disabled/frozen state) is not active. See `ACTIVE_USER_STATUSES`.
 * - `id` and `label` (the owner's private tag) are in the owner's answer only (0 / '' for everyone else); the
 *   viewer's class is decided per request from the live session, never cached.
 */
import type { TAnchorView } from '@cunzheng/contract/anchor';
import type { TCertificateView } from '@cunzheng/contract/certificate';
import type { Principal } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import { maskOwner } from '../../platform/format.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import { renderCertificate, type CertificateModel } from './html.ts';
import { findIssuedFacts, type IssuedFacts } from './issue.ts';
import type { CertificateDeps } from './service.ts';
import { cachedBody, viewCache, type ViewPair } from './viewCache.ts';

/** spec p2 §4 userStatus values counted as an active account for `isSelf` (see the file comment). */
export const ACTIVE_USER_STATUSES: readonly number[] = [1, 2, 3, 4];

/** 1 when `viewer` is the logged-in active owner of an evidence owned by `ownerId`. */
export const selfOf = (ownerId: number, viewer: Principal | null): 0 | 1 =>
  viewer !== null && viewer.user.id === ownerId && ACTIVE_USER_STATUSES.includes(viewer.user.userStatus) ? 1 : 0;

/** What a view shows apart from the state: the certificate's facts and the QR code of its page. */
interface Basis {
  facts: IssuedFacts;
  /** true: the issued facts (kept for good); false: those it would be issued with now. */
  issued: boolean;
  qr: string;
  /** JSON of the facts: part of the render key. */
  key: string;
}

/** The state of an evidence when viewed (see the file comment). */
interface ViewState {
  row: EvidenceRow;
  latestTreeSize: number;
  anchor?: TAnchorView;
  /** The file's bytes are there (never for a deleted evidence). */
  present: boolean;
}

type ViewDeps = Pick<CertificateDeps, 'db' | 'ledger' | 'blobs' | 'ownerName' | 'anchorOf' | 'viewCacheTtlMs' | 'viewCacheMax'>;

/**
 * Builds the views. `find` gives the evidence by number or throws 400 保全号不存在; `factsOf` / `qrOf` come
 * from issuing.ts.
 */
export function certificateViews(
  deps: ViewDeps,
  find: (no: string) => Promise<EvidenceRow>,
  issuing: { factsOf(row: EvidenceRow): Promise<IssuedFacts>; qrOf(row: EvidenceRow): Promise<string> },
) {
  const max = deps.viewCacheMax ?? 500;
  const bases = new Map<number, Basis>();
  let renders = 0;

  const basis = (facts: IssuedFacts, issued: boolean, qr: string): Basis => ({ facts, issued, qr, key: JSON.stringify(facts) });

  /** The basis of `row`: kept for good once issued; before that the owner name and issuance are re-read. */
  const basisOf = async (row: EvidenceRow): Promise<Basis> => {
    const prev = bases.get(row.id);
    if (prev?.issued) return prev;
    let next: Basis;
    if (prev) {
      const [frozen, owner] = await Promise.all([findIssuedFacts(deps.db, row.id), deps.ownerName(row.userId)]);
      const masked = maskOwner(owner);
      next = frozen ? basis(frozen, true, prev.qr) : masked === prev.facts.owner ? prev : basis({ ...prev.facts, owner: masked }, false, prev.qr);
    } else {
      const [frozen, qr] = await Promise.all([findIssuedFacts(deps.db, row.id), issuing.qrOf(row)]);
      next = frozen ? basis(frozen, true, qr) : basis(await issuing.factsOf(row), false, qr);
    }
    bases.delete(row.id);
    bases.set(row.id, next);
    if (bases.size > max) bases.delete(bases.keys().next().value as number);
    return next;
  };

  /** The state of `row` now (see the file comment). */
  const stateOf = async (row: EvidenceRow): Promise<ViewState> => {
    const [latest, anchor, present] = await Promise.all([
      deps.ledger.latestCheckpoint(),
      deps.anchorOf ? deps.anchorOf(row.ledgerIndex) : undefined,
      row.deletedAt ? false : deps.blobs.has(row.sha256),
    ]);
    return { row, latestTreeSize: latest?.size ?? (await deps.ledger.size()), anchor, present };
  };

  /** Everything the answers of `b` and `s` show, as one string (equal keys → equal answers). */
  const keyOf = (b: Basis, s: ViewState): string => {
    const r = s.row;
    return JSON.stringify([b.key, b.issued, r.id, r.userId, r.baoquan, r.title, r.fileName, r.fileType, r.mime, r.size, r.sha256, r.label, r.saveTime, r.chainhash, r.kind, r.ledgerIndex, r.deletedAt?.getTime() ?? null, s.latestTreeSize, s.anchor ?? null, s.present]);
  };

  /** The public answer (id 0, label '', isSelf 0) of `b` and `s`: the two html renderings. */
  const render = (b: Basis, s: ViewState): TCertificateView => {
    renders++;
    const row = s.row;
    const m: CertificateModel = {
      ...b.facts,
      qrSvg: b.qr,
      current: { latestTreeSize: s.latestTreeSize, anchor: s.anchor, deletedAt: row.deletedAt ? Math.floor(row.deletedAt.getTime() / 1000) : null },
    };
    return {
      id: 0,
      baoquan: row.baoquan,
      title: row.title,
      fileName: row.fileName,
      fileType: row.fileType,
      mime: row.mime,
      size: row.size,
      sha256: row.sha256,
      label: '',
      saveTime: row.saveTime,
      chainhash: row.chainhash,
      html: renderCertificate(m, 'zh'),
      htmlEn: renderCertificate(m, 'en'),
      isSelf: 0,
      isDownload: s.present ? 1 : 0,
      isApp: row.kind === 'app' ? 1 : 0,
      mp4Path: '',
      deleted: row.deletedAt ? 1 : 0,
      ledgerIndex: row.ledgerIndex,
      treeSize: b.facts.treeSize,
    };
  };

  /** The owner's answer from the public one (same key order: id, label and isSelf set). */
  const asOwner = (pub: TCertificateView, row: EvidenceRow): TCertificateView => ({ ...pub, id: row.id, label: row.label, isSelf: 1 });

  // Issue 16: getView / bqview answers, serialised once per number for the owner and for everyone else.
  const cache = viewCache({
    max,
    ttlMs: deps.viewCacheTtlMs ?? 1000,
    async load(bq, prev) {
      const row = await find(bq);
      const [b, s] = await Promise.all([basisOf(row), stateOf(row)]);
      const key = keyOf(b, s);
      if (prev && prev.memo === key) return prev;
      const pub = render(b, s);
      return { ownerId: row.userId, public: cachedBody(ok(pub)), owner: cachedBody(ok(asOwner(pub, row))), memo: key };
    },
  });

  return {
    /** The cached pair of answers of the normalised number `bq` (viewCache.ts). */
    cached: (bq: string): Promise<ViewPair> => cache.get(bq),

    /** Drops the cached answers of `bq` (deleted or relabelled in this process); its facts stay. */
    forget: (bq: string): void => cache.forget(bq),

    /** The view of `row` as seen by `viewer`, assembled now (no answer cache; the facts are still kept). */
    async view(row: EvidenceRow, viewer: Principal | null): Promise<TCertificateView> {
      const [b, s] = await Promise.all([basisOf(row), stateOf(row)]);
      const pub = render(b, s);
      return selfOf(row.userId, viewer) ? asOwner(pub, row) : pub;
    },

    /** Counters (tests, metrics): numbers with answers cached, evidence with facts kept, html renderings so far. */
    stats: () => ({ cached: cache.size(), facts: bases.size, renders }),
  };
}
