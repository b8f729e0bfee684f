/**
 * The App取证 kind (/attestation-all/app and /attestation-all/app/download; issue 12 §1, spec p1 §2–3,
 * §7, §9) for the shared list and download page: the capture block above the list (拍照, 录像, 录音,
 * 录屏 in the browser), the data-deposit columns plus the capture type and a 预览 link
 * (/mobile/previewProgress → /mobile/preview), certificates at /attestation/{baoquan} (手机信息 there).
 */
import { lazy } from 'react';
import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { ORDER_TYPE_LABEL } from '@cunzheng/contract/constants';
import type { AppItem } from '../../../../api/app';
import { appApi } from '../../../../api/kinds/app';
import { EMPTY_FILTER } from '../../../../components/evidence/EvidenceFilters';
import { formatDateTime, formatSize } from '../../../../utils/format';
import { downloadBlocker } from '../dataDeposit';
import { dataColumns } from '../dataDeposit/columns';
import { CardMeta, DownloadCell, joinFacts, LabelBadge } from '../parts';
import { defineListKind, type ColumnContext, type TopProps } from '../types';
import { PreviewLink } from './PreviewLink';
import './app.css';

const nameOf = (r: AppItem) => r.title || r.fileName;
const typeOf = (r: AppItem) => ORDER_TYPE_LABEL[r.appType] ?? r.type;
const durationOf = (r: AppItem) => (r.duration > 0 ? `${r.duration} 秒` : '');

function appColumns(ctx: ColumnContext<AppItem>) {
  const cols = dataColumns(ctx as never) as unknown as ReturnType<typeof dataColumns>;
  const out = cols.filter((c) => (c as { dataIndex?: string }).dataIndex !== 'fileType');
  // The capture type, with 预览 under it on the list page (no column of its own: the title keeps its width).
  out.splice(2, 0, {
    title: '取证类型',
    dataIndex: 'appType',
    width: 100,
    render: (_: number, r) => (
      <div>
        <div>{typeOf(r as unknown as AppItem)}</div>
        {ctx.purpose === 'list' && <PreviewLink baoquan={r.baoquan} />}
      </div>
    ),
  });
  return out;
}

export const appKind = defineListKind<AppItem>({
  id: 'app',
  api: appApi,
  copy: {
    title: 'App取证',
    intro: '拍照、录像、录音、录屏现场取证，文件指纹与设备信息一同写入公开账本',
    listTitle: '我的取证',
    empty: '暂无取证，点击上方按钮开始拍照、录像、录音或录屏',
    downloadIntro: '按条件筛选并勾选取证文件，可逐个批量下载，或一键打包为压缩包下载',
    back: '返回App取证',
    downloadEmpty: '没有符合条件的取证',
    mobileColumn: '取证',
  },
  filters: { list: {}, download: { showDateRange: true }, empty: EMPTY_FILTER },
  columns: appColumns as never,
  labelColumn: true,
  actionsWidth: 170,
  cardTitle: nameOf,
  cardMeta: (r) => <CardMeta facts={[typeOf(r), durationOf(r), formatSize(r.size), formatDateTime(r.saveTime), <PreviewLink key="preview" baoquan={r.baoquan} />].filter(Boolean)} />,
  cardBadge: (r) => <LabelBadge label={r.label} />,
  downloadCell: (r) => <DownloadCell title={nameOf(r)} lines={[joinFacts([r.baoquan, typeOf(r), formatSize(r.size)]), formatDateTime(r.saveTime)]} />,
  nameOf,
  isReady: () => true,
  downloadBlocker: (r) => downloadBlocker(r.isDownload),
  confirmDelete: (r) => `确定删除“${nameOf(r)}”吗？删除后该取证将从列表中移除，账本记录和保全证书仍可查询。`,
  // A capture spends points: the header's balance is refreshed with the list.
  alsoRefresh: ['user/info'],
  Top: lazy(async () => {
    const { CapturePanel } = await import('./CapturePanel');
    return { default: ({ onDone }: TopProps) => <CapturePanel onDone={onDone} /> };
  }),
  downloads: [
    { use: 'urls', label: '批量下载', icon: <DownloadOutlined />, primary: true },
    { use: 'zip', label: '一键打包下载', icon: <FileZipOutlined /> },
  ],
});
