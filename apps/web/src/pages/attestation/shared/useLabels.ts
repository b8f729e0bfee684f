/** The user's evidence labels (GET /api/data/getLabelList), shared by filters and the label editor. */
import { useQuery } from '@tanstack/react-query';
import { getLabelList } from '../../../api/data';

export const LABELS_KEY = ['data/getLabelList'] as const;

/** Distinct non-empty labels, in server order. */
export function useLabels(): string[] {
  const q = useQuery({ queryKey: LABELS_KEY, queryFn: getLabelList, staleTime: 30_000 });
  const seen = new Set<string>();
  for (const l of q.data ?? []) if (l.label) seen.add(l.label);
  return [...seen];
}
