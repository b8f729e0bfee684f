/**
 * Process-evidence columns (/evidences-all/process, /evidences-all/mobile-process and their download
 * pages; issue 11 §2 getProList row): certificate number (links to /evidencesPro/{baoquan} once saved),
 * title over the last address (the label as a tag on the list), status with the note (中断 reason, video
 * failure), duration, size (download page), SHA-256 of the WACZ, time. A live session links back to its
 * queue / live page.
 */
import { Link } from 'react-router';
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import { PROCESS_STATUS_LABEL } from '@cunzheng/contract/process';
import type { ProItem } from '../../../../api/process';
import { BaoquanLink } from '../../../../components/evidence/BaoquanLink';
import { HashCell } from '../../../../components/evidence/HashCell';
import { formatDateTime, formatSize } from '../../../../utils/format';
import type { ColumnContext } from '../types';

const COLOR: Readonly<Record<number, string>> = { 0: 'default', 1: 'processing', 2: 'processing', 3: 'success', 4: 'warning', 5: 'error', 6: 'default' };

/** The kind id of a row (type 4 = mobile). */
export const kindOfRow = (r: Pick<ProItem, 'type'>) => (r.type === 4 ? 'mobile' : 'process');

/** The address to show: the last one shown, else the start address. */
export const shownAddress = (r: Pick<ProItem, 'url' | 'finalUrl'>): string => r.finalUrl || r.url;

/** `m分s秒` of a duration in seconds. */
export const durationText = (s: number): string => (s >= 60 ? `${Math.floor(s / 60)}分${s % 60}秒` : `${s}秒`);

/** A live session (queued, running, saving): its page is the queue / live page. */
export const isLive = (r: Pick<ProItem, 'status'>): boolean => r.status <= 2;

/** Status tag; the note (中断 reason, no video …) under it; a live session links to its page. */
export function ProStatusCell({ row }: { row: ProItem }) {
  const tag = <Tag color={COLOR[row.status] ?? 'default'}>{PROCESS_STATUS_LABEL[row.status] ?? '-'}</Tag>;
  if (isLive(row)) {
    return (
      <Link to={`${EVIDENCE_KIND[kindOfRow(row)].routes.queue}/${row.id}`} title="打开取证页面">
        {tag}
      </Link>
    );
  }
  if (!row.note) return tag;
  return (
    <Tooltip title={row.note}>
      <div>
        {tag}
        <div className="evidence-title-sub pro-row-note">{row.note}</div>
      </div>
    </Tooltip>
  );
}

/** Title (with the label as a tag) over the address. */
export function ProTitleCell({ row, showLabel = false }: { row: ProItem; showLabel?: boolean }) {
  const addr = shownAddress(row);
  return (
    <div className="evidence-title">
      <div className="evidence-title-main" title={row.title}>
        {showLabel && row.label ? <Tag color="blue">{row.label}</Tag> : null}
        {row.title || <span className="muted">（无标题）</span>}
      </div>
      {addr && addr !== row.title ? (
        <div className="evidence-title-sub" title={addr}>
          {addr}
        </div>
      ) : null}
    </div>
  );
}

export function proColumns({ purpose }: ColumnContext<ProItem>): ColumnsType<ProItem> {
  const list = purpose === 'list';
  const cols: ColumnsType<ProItem> = [
    { title: '保全号', dataIndex: 'baoquan', width: 190, render: (b: string, r) => <BaoquanLink kind={kindOfRow(r)} baoquan={b} /> },
    { title: '标题 / 网址', dataIndex: 'title', ellipsis: true, render: (_: string, r) => <ProTitleCell row={r} showLabel={list} /> },
    { title: '状态', dataIndex: 'status', width: 110, render: (_: number, r) => <ProStatusCell row={r} /> },
    { title: '时长', dataIndex: 'duration', width: 90, render: (d: number) => durationText(d) },
  ];
  if (!list) cols.push({ title: '大小', dataIndex: 'size', width: 100, render: (s: number, r) => (r.baoquan ? formatSize(s) : '-') });
  cols.push(
    { title: 'SHA-256', dataIndex: 'sha256', width: 140, render: (h: string) => <HashCell hash={h} /> },
    { title: '取证时间', dataIndex: 'saveTime', width: 165, render: (t: number) => formatDateTime(t) },
  );
  return cols;
}
