/**
 * The pager under every evidence list (data deposit, web captures, their download pages): 20 per page
 * (spec p1 §9), hidden when everything fits on one page, a compact pager under 768 px.
 */
import { Grid, Pagination } from 'antd';
import { PAGE_SIZE } from '@cunzheng/contract/constants';

export interface EvidencePaginationProps {
  /** 1-based page. */
  page: number;
  /** Total rows of the list. */
  count: number;
  onChange: (page: number) => void;
}

export function EvidencePagination({ page, count, onChange }: EvidencePaginationProps) {
  const md = Grid.useBreakpoint().md ?? true;
  if (count <= PAGE_SIZE.evidence) return null;
  return (
    <Pagination
      className="evidence-pagination"
      current={page}
      pageSize={PAGE_SIZE.evidence}
      total={count}
      onChange={onChange}
      showSizeChanger={false}
      showTotal={md ? (t) => `共 ${t} 条` : undefined}
      simple={!md}
    />
  );
}
