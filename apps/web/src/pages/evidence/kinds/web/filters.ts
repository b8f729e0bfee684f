/**
 * Filters of the web-evidence lists (issue 4 §2 POST /api/webforlist/webList): the shared filter bar's
 * kind select carries the capture status (−1 all, else 0 排队中 … 3 失败); date range, label and keyword
 * (title, URL or certificate number) as for every kind. The query itself: api/kinds/web.ts webListQuery.
 */
import { WEB_CAPTURE_STATUS_LABEL } from '@cunzheng/contract/forensics';
import { EMPTY_FILTER, type EvidenceFilterValue } from '../../../../components/evidence/EvidenceFilters';

/** Status select value meaning "all statuses". */
export const ALL_STATUS = -1;

/** The empty web filter: every status. */
export const EMPTY_WEB_FILTER: EvidenceFilterValue = { ...EMPTY_FILTER, type: ALL_STATUS };

/** Options of the status select. */
export const STATUS_OPTIONS = [{ value: ALL_STATUS, label: '全部状态' }, ...Object.entries(WEB_CAPTURE_STATUS_LABEL).map(([v, label]) => ({ value: Number(v), label }))];
