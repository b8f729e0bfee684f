/**
 * The filters of the capture-like owner lists (POST /api/webforlist/webList, POST /api/processlist/getProList;
 * issue 4 §2, issue 11 §2) and how they are sent: times in Unix seconds (end = chosen day + 86399), status
 * one of the kind's statuses or all; empty filters and "all statuses" (status < 0) are left out.
 */

/** Filters of a capture-like list. */
export interface CaptureListQuery {
  page: number;
  limit: number;
  keyword?: string;
  label?: string;
  startTime?: number;
  endTime?: number;
  status?: number;
}

/** The request fields of a list query (other fields, e.g. a kind's `type`, pass through). */
export const captureListData = (q: CaptureListQuery): Record<string, unknown> => ({
  ...q,
  keyword: q.keyword || undefined,
  label: q.label || undefined,
  status: q.status !== undefined && q.status >= 0 ? q.status : undefined,
});
