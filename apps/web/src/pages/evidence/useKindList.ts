/**
 * The data behind the shared list and download pages: one kind's page of rows for a filter (through
 * the kind's `KindApi.list`), and the labels for the filter and the label editor — the kind's label
 * list when it has one, else the labels seen in the loaded rows (kept while the page is open).
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import type { EvidenceRow, KindApi, KindListQuery, ListPurpose } from '../../api/kinds/types';
import type { EvidenceFilterValue } from '../../components/evidence/EvidenceFilters';
import { toUnixRange } from '../../utils/dateRange';
import type { ListKind } from './kinds/types';

/** The kind-neutral list query of a filter and page (20 per page, spec p1 §9). */
export function kindListQuery(f: EvidenceFilterValue, page: number, limit: number = PAGE_SIZE.evidence): KindListQuery {
  return { page, limit, type: f.type, label: f.label, keyword: f.keyword, ...toUnixRange(f.range) };
}

/** The query key of a kind's label list. */
export const labelsKey = (api: Pick<KindApi, 'keys'>) => [`${api.keys.list}#labels`] as const;

/** One page of a kind's rows; rows are [] and count 0 after an error (the wrapper toasted it). */
export function useKindList(kind: ListKind, filter: EvidenceFilterValue, page: number, purpose: ListPurpose) {
  const query = kindListQuery(filter, page);
  const polls = purpose === 'list' && kind.isActive !== undefined && kind.pollMs !== undefined;
  const list = useQuery({
    queryKey: [kind.api.keys.list, purpose, query],
    queryFn: () => kind.api.list(query, purpose),
    placeholderData: keepPreviousData,
    // While some row is still changing (a capture queued or running) the page refreshes itself.
    refetchInterval: (q) => (polls && q.state.data?.list.some((r) => kind.isActive?.(r)) ? (kind.pollMs ?? false) : false),
  });
  const rows: EvidenceRow[] = list.isError ? [] : (list.data?.list ?? []);
  const count = list.isError ? 0 : (list.data?.count ?? 0);
  // A polling list does not flash its spinner on every background refresh.
  const loading = list.isFetching && (!polls || list.isPending || list.isPlaceholderData);
  return { rows, count, loading };
}

/** Labels for the filter and the label editor. */
export function useKindLabels(kind: ListKind, rows: readonly EvidenceRow[]): string[] {
  const api = kind.api;
  const q = useQuery({ queryKey: labelsKey(api), queryFn: () => api.labels?.() ?? Promise.resolve([]), staleTime: 30_000, enabled: api.labels !== undefined });
  const seen = useSeenLabels(api.labels ? [] : rows);
  if (!api.labels) return seen;
  return [...new Set((q.data ?? []).filter((l) => l !== ''))];
}

/** The distinct labels of the rows loaded so far (for kinds without a label-list call). */
function useSeenLabels(rows: readonly { label: string }[]): string[] {
  const [seen, setSeen] = useState<string[]>([]);
  const key = rows
    .map((r) => r.label)
    .filter((l) => l !== '')
    .join('\u0000');
  useEffect(() => {
    if (key === '') return;
    setSeen((prev) => {
      const add = key.split('\u0000').filter((l) => !prev.includes(l));
      return add.length ? [...prev, ...new Set(add)] : prev;
    });
  }, [key]);
  return seen;
}
