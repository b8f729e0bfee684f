/**
 * The process kinds for the shared list and download page (issue 11 §2): 过程取证 /evidences-all/process
 * and 手机过程取证 /evidences-all/mobile-process with their download pages (spec p2 §2). Status filter,
 * the label as a tag, 详情 drawer (video beside the action log), 证书/下载/标签 once saved (完成 or 中断),
 * refresh while a session on the page is live, batch download as one zip (WACZ + MP4 per session).
 */
import { FileZipOutlined } from '@ant-design/icons';
import { MSG } from '@cunzheng/contract/messages';
import { PROCESS_POLL_MS, PROCESS_STATUS_LABEL } from '@cunzheng/contract/process';
import { isSaved, mobileProcessApi, processApi } from '../../../../api/kinds/process';
import type { ProItem } from '../../../../api/process';
import { BaoquanLink } from '../../../../components/evidence/BaoquanLink';
import { EMPTY_FILTER, type EvidenceFilterValue } from '../../../../components/evidence/EvidenceFilters';
import { formatDateTime, formatSize } from '../../../../utils/format';
import { captureDeleteText, CardMeta, DownloadCell, joinFacts, LabelBadge } from '../parts';
import { defineListKind, type ListKind } from '../types';
import { durationText, isLive, kindOfRow, ProStatusCell, proColumns, shownAddress } from './columns';
import { ProDetailDrawer } from './DetailDrawer';
import '../../../process/process.css';

/** Status select: −1 all, else 0 排队中 … 6 已取消. */
const STATUS_OPTIONS = [{ value: -1, label: '全部状态' }, ...Object.entries(PROCESS_STATUS_LABEL).map(([v, label]) => ({ value: Number(v), label }))];
const EMPTY: EvidenceFilterValue = { ...EMPTY_FILTER, type: -1 };
const KEYWORD = '搜索标题、网址或保全号';

function processListKind(id: 'process' | 'mobile'): ListKind {
  const name = id === 'mobile' ? '手机过程取证' : '过程取证';
  return defineListKind<ProItem>({
    id,
    api: id === 'mobile' ? mobileProcessApi : processApi,
    copy: {
      title: name,
      intro: id === 'mobile' ? '在云端手机浏览器中操作的全过程录像、操作日志与网络记录，证据包指纹写入公开账本' : '在云端浏览器中操作的全过程录像、操作日志与网络记录，证据包指纹写入公开账本',
      listTitle: `我的${name}`,
      empty: `暂无${name}，点击“新建取证”开始`,
      downloadIntro: `按条件筛选并勾选已保存的${name}，打包下载其证据包（WACZ 与 MP4 录像）`,
      back: `返回${name}`,
      downloadEmpty: `没有可下载的${name}`,
      mobileColumn: name,
    },
    create: '新建取证',
    filters: {
      list: { showDateRange: true, typeOptions: STATUS_OPTIONS, typeLabel: '取证状态', keywordPlaceholder: KEYWORD },
      download: { showDateRange: true, typeOptions: [], keywordPlaceholder: KEYWORD },
      empty: EMPTY,
    },
    columns: proColumns,
    labelColumn: false,
    actionsWidth: 250,
    cardTitle: (r) => r.title || '（无标题）',
    cardMeta: (r) => <CardMeta title={r.title} address={shownAddress(r)} facts={[durationText(r.duration), isSaved(r) ? formatSize(r.size) : null, formatDateTime(r.saveTime)]} />,
    cardBadge: (r) => (
      <LabelBadge label={r.label}>
        <ProStatusCell row={r} />
      </LabelBadge>
    ),
    downloadCell: (r) => (
      <DownloadCell
        title={r.title || shownAddress(r)}
        lines={[<BaoquanLink key="bq" kind={kindOfRow(r)} baoquan={r.baoquan} />, joinFacts([isSaved(r) ? formatSize(r.size) : null, formatDateTime(r.saveTime)])]}
      />
    ),
    nameOf: (r) => r.title || shownAddress(r),
    isReady: isSaved,
    downloadBlocker: (r) => (isSaved(r) ? null : MSG.CAPTURE_NOT_DONE),
    confirmDelete: (r) => captureDeleteText(r.title || shownAddress(r), isSaved(r)),
    isActive: isLive,
    pollMs: PROCESS_POLL_MS,
    Detail: ProDetailDrawer,
    downloads: [{ use: 'zip', label: '批量下载', icon: <FileZipOutlined />, primary: true }],
  });
}

export const processKind = processListKind('process');
export const mobileProcessKind = processListKind('mobile');
