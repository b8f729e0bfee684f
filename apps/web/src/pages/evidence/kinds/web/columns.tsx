/**
 * Web-capture columns (/evidences-all/web and its download page; issue 4 §2 webList row): certificate
 * number (links to /evidencesWeb/{baoquan} once done), title and URL (the label as a tag before the
 * title on the list), status with the failure reason (list), WACZ size (download page), SHA-256, time.
 */
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { WebItem } from '../../../../api/forensics';
import { BaoquanLink } from '../../../../components/evidence/BaoquanLink';
import { HashCell } from '../../../../components/evidence/HashCell';
import { WebStatusTag } from '../../../../components/evidence/web';
import { formatDateTime, formatSize } from '../../../../utils/format';
import type { ColumnContext } from '../types';

/** The address to show: the final one when the page redirected. */
export const shownAddress = (row: Pick<WebItem, 'url' | 'finalUrl'>): string => (row.finalUrl && row.finalUrl !== row.url ? row.finalUrl : row.url);

/** Title (with the label as a tag) over the address; a capture titled by its address shows it once. */
export function TitleCell({ row, showLabel = false }: { row: WebItem; showLabel?: boolean }) {
  const addr = shownAddress(row);
  return (
    <div className="evidence-title">
      <div className="evidence-title-main" title={row.title}>
        {showLabel && row.label ? (
          <Tag color="blue" className="web-title-tag">
            {row.label}
          </Tag>
        ) : null}
        {row.title || <span className="muted">（无标题）</span>}
      </div>
      {addr !== row.title ? (
        <div className="evidence-title-sub" title={addr}>
          {addr}
        </div>
      ) : null}
    </div>
  );
}

/** Status tag; a failed capture shows its reason under the tag. */
export function StatusCell({ row }: { row: WebItem }) {
  if (row.status !== 3 || !row.reason) return <WebStatusTag status={row.status} />;
  return (
    <Tooltip title={row.reason}>
      <div>
        <WebStatusTag status={row.status} />
        <div className="evidence-title-sub web-reason">{row.reason}</div>
      </div>
    </Tooltip>
  );
}

/**
 * The list shows the status and the label (as a tag before the title); the download page (done
 * captures only) shows the package size instead.
 */
export function webColumns({ purpose }: ColumnContext<WebItem>): ColumnsType<WebItem> {
  const list = purpose === 'list';
  const cols: ColumnsType<WebItem> = [
    { title: '保全号', dataIndex: 'baoquan', width: 190, render: (b: string) => <BaoquanLink kind="web" baoquan={b} /> },
    { title: '标题 / 网址', dataIndex: 'title', ellipsis: true, render: (_: string, r) => <TitleCell row={r} showLabel={list} /> },
  ];
  if (list) cols.push({ title: '状态', dataIndex: 'status', width: 110, render: (_: number, r) => <StatusCell row={r} /> });
  else cols.push({ title: '大小', dataIndex: 'size', width: 100, render: (s: number, r) => (r.status === 2 ? formatSize(s) : '-') });
  cols.push(
    { title: 'SHA-256', dataIndex: 'sha256', width: 140, render: (h: string) => <HashCell hash={h} /> },
    { title: '取证时间', dataIndex: 'saveTime', width: 165, render: (t: number) => formatDateTime(t) },
  );
  return cols;
}
