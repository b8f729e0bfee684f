/**
 * The web-capture kind (网页取证, /evidences-all/web and its download page; spec p2 §2; issue 4 §2–3)
 * for the shared list and download page: date range and status filters, the label as a tag, 详情 drawer
 * (clickWebFor), 证书/下载/标签 once a capture is done, refresh every 2 s while a capture on the page is
 * queued or running, batch download as one zip of the WACZ packages (at most 100).
 */
import { lazy } from 'react';
import { FileZipOutlined } from '@ant-design/icons';
import { WEB_CAPTURE_STATUS, WEB_STATUS_POLL_MS } from '@cunzheng/contract/forensics';
import { MSG } from '@cunzheng/contract/messages';
import type { WebItem } from '../../../../api/forensics';
import { webApi } from '../../../../api/kinds/web';
import { BaoquanLink } from '../../../../components/evidence/BaoquanLink';
import { isCaptureActive } from '../../../../components/evidence/web';
import { formatDateTime, formatSize } from '../../../../utils/format';
import { captureDeleteText, CardMeta, DownloadCell, joinFacts, LabelBadge } from '../parts';
import { defineListKind } from '../types';
import { shownAddress, StatusCell, webColumns } from './columns';
import { EMPTY_WEB_FILTER, STATUS_OPTIONS } from './filters';
import './web.css';

const KEYWORD = '搜索标题、网址或保全号';
const done = (r: Pick<WebItem, 'status'>) => r.status === WEB_CAPTURE_STATUS.done;

export const webKind = defineListKind<WebItem>({
  id: 'web',
  api: webApi,
  copy: {
    title: '网页取证',
    intro: '平台服务器完整保存网页（截图、快照、网络请求与证书链），证据包指纹写入公开账本',
    listTitle: '我的网页取证',
    empty: '暂无网页取证，点击“新建取证”开始',
    downloadIntro: '按条件筛选并勾选已完成的网页取证，打包下载其证据包（WACZ）',
    back: '返回网页取证',
    downloadEmpty: '没有可下载的网页取证',
    mobileColumn: '网页取证',
  },
  create: '新建取证',
  filters: {
    list: { showDateRange: true, typeOptions: STATUS_OPTIONS, typeLabel: '取证状态', keywordPlaceholder: KEYWORD },
    download: { showDateRange: true, typeOptions: [], keywordPlaceholder: KEYWORD },
    empty: EMPTY_WEB_FILTER,
  },
  columns: webColumns,
  labelColumn: false,
  actionsWidth: 250,
  cardTitle: (r) => r.title || '（无标题）',
  cardMeta: (r) => <CardMeta title={r.title} address={shownAddress(r)} facts={[done(r) ? formatSize(r.size) : null, formatDateTime(r.saveTime)]} />,
  cardBadge: (r) => (
    <LabelBadge label={r.label}>
      <StatusCell row={r} />
    </LabelBadge>
  ),
  downloadCell: (r) => (
    <DownloadCell
      title={r.title || r.url}
      lines={[shownAddress(r) !== r.title ? shownAddress(r) : null, <BaoquanLink key="bq" kind="web" baoquan={r.baoquan} />, joinFacts([formatSize(r.size), formatDateTime(r.saveTime)])]}
    />
  ),
  nameOf: (r) => r.title || r.url,
  isReady: done,
  downloadBlocker: (r) => (done(r) ? null : MSG.CAPTURE_NOT_DONE),
  confirmDelete: (r) => captureDeleteText(r.title || r.url, done(r)),
  isActive: (r) => isCaptureActive(r.status),
  pollMs: WEB_STATUS_POLL_MS,
  // Loaded on the first 详情 (the download page, which shares this config, never shows it).
  Detail: lazy(() => import('./DetailDrawer').then((m) => ({ default: m.DetailDrawer }))),
  downloads: [{ use: 'zip', label: '批量下载', icon: <FileZipOutlined />, primary: true }],
});
