/**
 * The calls every evidence kind answers (issue 11 §1: one list, one download page, one certificate
 * layout for every kind). Each kind of `@cunzheng/contract/evidenceKinds` that has web pages has ONE
 * typed module here (`data.ts`, `web.ts`, …) mapping these calls onto its spec paths; the shared pages
 * (pages/evidence/List, pages/evidence/Download, pages/certificate/Certificate) only ever call these.
 *
 * Adding a kind: write `<kind>.ts` here exporting a `KindApi` (wrapping the calls of its own
 * `src/api/<context>.ts` module), then its list config under pages/evidence/kinds/ and, if its
 * certificate has kind-specific sections, its certificate config under pages/certificate/kinds/.
 */
import type { CertificateView, DownUrl } from '../certificate';
import type { Paged } from '../types';

export type { DownUrl } from '../certificate';

/** What the shared list reads of every row (the kind's own row type extends it). */
export interface EvidenceRow {
  /** The id the kind's own calls take (evidence id, capture id or session id). */
  id: number;
  /** Certificate number; '' until the evidence exists (a queued capture). */
  baoquan: string;
  title: string;
  label: string;
  size: number;
  sha256: string;
  saveTime: number | string;
}

/**
 * The shared filter bar's query, the same for every kind: `type` is the value of the kind select (file
 * type 0 all … 5 for data, capture status −1 all … 3 for web); times are Unix seconds (end = chosen day
 * + 86399, spec p1 §9); empty strings mean "no filter".
 */
export interface KindListQuery {
  page: number;
  limit: number;
  type: number;
  label: string;
  keyword: string;
  startTime?: number;
  endTime?: number;
}

/** Why a list is asked for: the list page, or the download page (which lists only downloadable rows). */
export type ListPurpose = 'list' | 'download';

/** An image captcha answer sent with an extraction retry once the server asks for one (issue 9 §3). */
export interface CaptchaAnswer {
  captchaId: string;
  imgCode: string;
}

/**
 * One kind's calls. Methods (not function properties) so a `KindApi<WebItem>` is usable where a
 * `KindApi<EvidenceRow>` is expected.
 */
export interface KindApi<Row extends EvidenceRow = EvidenceRow, View extends CertificateView = CertificateView> {
  /** TanStack Query key names of the list and the certificate view (the API paths they stand for). */
  readonly keys: { readonly list: string; readonly view: string };
  /** The owner's list → `{ list, count }`. */
  list(q: KindListQuery, purpose: ListPurpose): Promise<Paged<Row>>;
  /** The owner's labels, when the kind has a label-list call; absent → the labels seen in loaded rows. */
  labels?(): Promise<string[]>;
  /** Sets (or with '' clears) a row's label. */
  saveLabel(id: number, label: string): Promise<unknown>;
  /** Removes a row from the owner's list (the ledger entry and certificate stay). */
  remove(id: number): Promise<unknown>;
  /** The owner's download of one row → a signed, expiring `downUrl`. */
  download(id: number): Promise<DownUrl>;
  /**
   * Batch download: `urls` answers one signed URL per file (opened in hidden frames); `zip` one signed
   * URL of a zip of them; `max` the most ids one request may carry (more → 批量下载数量超出限制).
   */
  readonly batch: {
    urls?(ids: readonly number[]): Promise<string[]>;
    zip?(ids: readonly number[]): Promise<DownUrl>;
    readonly max?: number;
  };
  /** The public certificate view (no login needed); `silent` leaves the error toast to the page. */
  view(baoquan: string, silent?: boolean): Promise<View>;
  /** Extraction with the owner's code (and the captcha once the server asks for it) → `downUrl`. */
  extract(baoquan: string, code: string, captcha?: CaptchaAnswer): Promise<DownUrl>;
}
