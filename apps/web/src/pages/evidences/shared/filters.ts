/**
 * Filters of the web-evidence lists (issue 4 §2 POST /api/webforlist/webList): date range → Unix
 * startTime/endTime (end = chosen day + 86399), status (-1 all, else 0 排队中 … 3 失败), label,
 * keyword (title, URL or certificate number). The shared filter bar's kind select carries the status.
 */
import { useEffect, useState } from 'react';
import { WEB_CAPTURE_STATUS_LABEL } from '@cunzheng/contract/forensics';
import type { WebListQuery } from '../../../api/forensics';
import { EMPTY_FILTER, type EvidenceFilterValue } from '../../../components/evidence/EvidenceFilters';
import { toUnixRange } from '../../../utils/dateRange';

/** Status select value meaning "all statuses". */
export const ALL_STATUS = -1;

/** The empty web filter: every status. */
export const EMPTY_WEB_FILTER: EvidenceFilterValue = { ...EMPTY_FILTER, type: ALL_STATUS };

/** Options of the status select. */
export const STATUS_OPTIONS = [{ value: ALL_STATUS, label: '全部状态' }, ...Object.entries(WEB_CAPTURE_STATUS_LABEL).map(([v, label]) => ({ value: Number(v), label }))];

/** The webList query of a filter and page. `status` overrides the filter's (the download page lists done captures only). */
export function webListQuery(f: EvidenceFilterValue, page: number, limit: number, status?: number): WebListQuery {
  const s = status ?? f.type;
  return { page, limit, keyword: f.keyword, label: f.label, ...toUnixRange(f.range), status: s >= 0 ? s : undefined };
}

/**
 * Labels for the label filter: there is no label-list call for web captures, so the labels seen in
 * the loaded rows are collected (kept while the page is open).
 */
export function useSeenLabels(rows: readonly { label: string }[]): string[] {
  const [seen, setSeen] = useState<string[]>([]);
  const fresh = rows.map((r) => r.label).filter((l) => l !== '');
  const key = fresh.join('\u0000');
  useEffect(() => {
    if (key === '') return;
    setSeen((prev) => {
      const add = key.split('\u0000').filter((l) => !prev.includes(l));
      return add.length ? [...prev, ...new Set(add)] : prev;
    });
  }, [key]);
  return seen;
}
