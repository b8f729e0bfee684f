/**
 * Filter, page and row selection of the batch-download pages (issue 8 §3): changing the filter goes
 * back to page 1 and clears the selection, so a download never includes rows the current filter hides
 * (selection still carries across pages of the same filter). Shared by the data and web download pages.
 */
import { useCallback, useState } from 'react';

export interface FilteredSelection<F> {
  filter: F;
  /** Applies a new filter: page 1, nothing selected. */
  setFilter: (next: F) => void;
  page: number;
  setPage: (page: number) => void;
  /** Selected evidence ids (rows of the current filter, any page). */
  selected: number[];
  setSelected: (ids: number[]) => void;
}

export function useFilteredSelection<F>(initial: F): FilteredSelection<F> {
  const [filter, setFilterState] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const setFilter = useCallback((next: F) => {
    setFilterState(next);
    setPage(1);
    setSelected([]);
  }, []);
  return { filter, setFilter, page, setPage, selected, setSelected };
}
