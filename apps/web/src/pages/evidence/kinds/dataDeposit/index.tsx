/**
 * The data-deposit kind (数据保全, /attestation-all/data and its download page; spec p1 §2, §4, §7;
 * issue 2 §7) for the shared list and download page: upload panel above the list, file-type filter,
 * label column, downloads gated by isDownload (spec p1 §4), batch download as one URL per file or one zip.
 */
import { lazy } from 'react';
import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { MSG } from '@cunzheng/contract/messages';
import { dataApi } from '../../../../api/kinds/data';
import type { DataEvidence } from '../../../../api/types';
import { EMPTY_FILTER } from '../../../../components/evidence/EvidenceFilters';
import { formatDateTime, formatSize } from '../../../../utils/format';
import { CardMeta, DownloadCell, joinFacts, LabelBadge } from '../parts';
import { defineListKind, type TopProps } from '../types';
import { dataColumns, fileTypeLabel } from './columns';

/** The message blocking a download, or null when `isDownload` allows it (spec p1 §4). */
export function downloadBlocker(isDownload: number | string | undefined): string | null {
  const v = Number(isDownload);
  if (v === 1) return null;
  if (v === 2) return MSG.EVIDENCE_UPLOADING;
  return MSG.EVIDENCE_MISSING;
}

const nameOf = (r: DataEvidence) => r.title || r.fileName;

export const dataKind = defineListKind<DataEvidence>({
  id: 'data',
  api: dataApi,
  copy: {
    title: '数据存证',
    intro: '上传文件即生成保全证书，文件指纹写入公开账本',
    listTitle: '我的存证',
    empty: '暂无存证，上传文件即可开始',
    downloadIntro: '按条件筛选并勾选证据，可逐个批量下载，或一键打包为压缩包下载',
    back: '返回数据存证',
    downloadEmpty: '没有符合条件的证据',
    mobileColumn: '证据',
  },
  filters: { list: {}, download: { showDateRange: true }, empty: EMPTY_FILTER },
  columns: dataColumns,
  labelColumn: true,
  actionsWidth: 170,
  cardTitle: nameOf,
  cardMeta: (r) => <CardMeta facts={[fileTypeLabel(r.fileType), formatSize(r.size), formatDateTime(r.saveTime)]} />,
  cardBadge: (r) => <LabelBadge label={r.label} />,
  downloadCell: (r) => <DownloadCell title={nameOf(r)} lines={[joinFacts([r.baoquan, fileTypeLabel(r.fileType), formatSize(r.size)]), formatDateTime(r.saveTime)]} />,
  nameOf,
  isReady: () => true,
  downloadBlocker: (r) => downloadBlocker(r.isDownload),
  confirmDelete: (r) => `确定删除“${nameOf(r)}”吗？删除后该证据将从列表中移除，账本记录和保全证书仍可查询。`,
  // A deposit spends points: the header's balance is refreshed with the list.
  alsoRefresh: ['user/info'],
  // Loaded on demand: the download page, which shares this config, never shows it.
  Top: lazy(async () => {
    const { UploadPanel } = await import('./UploadPanel');
    return { default: ({ labels, onDone }: TopProps) => <UploadPanel labels={labels} onUploaded={onDone} /> };
  }),
  downloads: [
    { use: 'urls', label: '批量下载', icon: <DownloadOutlined />, primary: true },
    { use: 'zip', label: '一键打包下载', icon: <FileZipOutlined /> },
  ],
});
