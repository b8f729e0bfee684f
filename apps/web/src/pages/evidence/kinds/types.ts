/**
 * What a kind says about its owner pages (issue 11 §1): the ONE list (pages/evidence/List) and the ONE
 * download page (pages/evidence/Download) read everything kind-specific from a `ListKind` — copy, filters,
 * columns, mobile cards, row rules and the optional blocks around the list. Paths come from the contract
 * registry (`EVIDENCE_KIND[id].routes`), calls from the kind's `KindApi` (src/api/kinds/).
 *
 * Adding a kind (e.g. music): the kind's entry in @cunzheng/contract/evidenceKinds; `src/api/kinds/music.ts`
 * (its KindApi, wrapping its calls of `src/api/<context>.ts`); `music/index.tsx` here (its ListKind through
 * `defineListKind`; shared card pieces in `./parts.tsx`; blocks and drawers declared with `lazy()`); one
 * line in `./index.ts`; a CertificateKind in pages/certificate/kinds/ if it has a certificate; the routes in
 * src/routes.tsx: `<EvidenceList kind="music" />`, `<EvidenceDownload kind="music" />`,
 * `<Certificate kind="music" />`. The shared-page tests (pages/evidence/kinds.test.tsx,
 * routes.kinds.test.tsx) then cover it once the registry offers it.
 */
import type { ComponentType, ReactNode } from 'react';
import type { ColumnsType } from 'antd/es/table';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import type { EvidenceRow, KindApi } from '../../../api/kinds/types';
import type { EvidenceFilterValue, EvidenceFiltersProps } from '../../../components/evidence/EvidenceFilters';

/** Filter-bar options of one page (the value, labels and handlers are the page's). */
export type FilterOptions = Pick<EvidenceFiltersProps, 'showDateRange' | 'typeOptions' | 'typeLabel' | 'keywordPlaceholder'>;

/** Where columns are shown: the list page or the download page. */
export interface ColumnContext<Row> {
  purpose: 'list' | 'download';
  /** Opens the label editor for a row (list page only). */
  editLabel: (row: Row) => void;
}

/** A batch button of the download page: which batch call it runs. */
export interface DownloadButton {
  /** `urls`: one hidden frame per file; `zip`: one archive. */
  use: 'urls' | 'zip';
  label: string;
  icon: ReactNode;
  primary?: boolean;
}

/** Props of a kind's detail drawer (详情 on a row). */
export interface DetailProps {
  /** Row id; null closes it. */
  id: number | null;
  onClose: () => void;
  /** Downloads the row (the drawer only offers it when the row is ready). */
  onDownload: (id: number) => void;
}

/** Props of a kind's block above the list. */
export interface TopProps {
  /** The user's labels (suggestions). */
  labels: string[];
  /** After a deposit: the list refreshes and goes to page 1. */
  onDone: () => void;
}

/** Methods (not function properties) so a `ListKind<WebItem>` can stand in the registry of `ListKind<EvidenceRow>`. */
export interface ListKind<Row extends EvidenceRow = EvidenceRow> {
  readonly id: EvidenceKind;
  readonly api: KindApi<Row>;
  readonly copy: {
    /** h1 of the list page and the line under it. */
    readonly title: string;
    readonly intro: string;
    /** Card title of the list before the count: 我的存证（n）. */
    readonly listTitle: string;
    /** The list's empty text. */
    readonly empty: string;
    /** The line under 批量下载 on the download page, its back button and its empty text. */
    readonly downloadIntro: string;
    readonly back: string;
    readonly downloadEmpty: string;
    /** Header of the one-column download table under 768 px. */
    readonly mobileColumn: string;
  };
  /** The list page's 新建 button (to `routes.create`); absent when the list page itself deposits. */
  readonly create?: string;
  readonly filters: { readonly list: FilterOptions; readonly download: FilterOptions; readonly empty: EvidenceFilterValue };
  /** The kind's data columns (the shared pages add selection and the 操作 column). */
  columns(ctx: ColumnContext<Row>): ColumnsType<Row>;
  /** true: the label has its own column with an edit button, so the table's 操作 column has no 标签. */
  readonly labelColumn: boolean;
  readonly actionsWidth: number;
  /** Mobile card: the title line, the lines under it (`.evidence-card-meta` divs), badges beside the number (e.g. status). */
  cardTitle(row: Row): ReactNode;
  cardMeta(row: Row): ReactNode;
  cardBadge?(row: Row): ReactNode;
  /** The one cell of the download table under 768 px. */
  downloadCell(row: Row): ReactNode;
  /** The row's name in dialogs (title, else file name or address). */
  nameOf(row: Row): string;
  /** Has a certificate: 证书, 下载 and 标签 are offered (data rows always; a capture once done). */
  isReady(row: Row): boolean;
  /** The warning that blocks a row's download, or null. */
  downloadBlocker(row: Row): string | null;
  /** The delete confirmation's text. */
  confirmDelete(row: Row): string;
  /** While some loaded row is still changing (queued, capturing) the list refreshes every `pollMs`. */
  isActive?(row: Row): boolean;
  readonly pollMs?: number;
  /** More queries to refresh after a change (e.g. the user's points after a deposit). */
  readonly alsoRefresh?: readonly string[];
  /** A block above the list (data: the upload panel). Declare it with `lazy()`: the download page shares the config. */
  readonly Top?: ComponentType<TopProps>;
  /** The 详情 drawer of a row, when the kind has one (`lazy()` too: mounted on the first 详情). */
  readonly Detail?: ComponentType<DetailProps>;
  readonly downloads: readonly DownloadButton[];
}

/**
 * Declares a kind for the registry. The shared pages only ever hand a kind the rows its own `list` call
 * answered, so its row type can be widened to `EvidenceRow` (antd's column types are invariant in the
 * row, hence the one cast here).
 */
export const defineListKind = <Row extends EvidenceRow>(kind: ListKind<Row>): ListKind => kind as unknown as ListKind;
