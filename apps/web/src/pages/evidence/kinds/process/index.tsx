/**
 * The process kinds for the shared list and download page (issue 11 §2): 过程取证 /evidences-all/process
 * and 手机过程取证 /evidences-all/mobile-process with their download pages (spec p2 §2). Status filter,
 * the label as a tag, 详情 drawer (video beside the action log), 证书/下载/标签 once saved (完成 or 中断),
 * refresh while a session on the page is live, batch download as one zip (WACZ + MP4 per session).
 */
import { Tag } from 'antd';
import { FileZipOutlined } from '@ant-design/icons';
import { MSG } from '@cunzheng/contract/messages';
import { PROCESS_POLL_MS, PROCESS_STATUS_LABEL } from '@cunzheng/contract/process';
import { isSaved, mobileProcessApi, processApi } from '../../../../api/kinds/process';
import type { ProItem } from '../../../../api/process';
import { BaoquanLink } from '../../../../components/evidence/BaoquanLink';
import { EMPTY_FILTER, type EvidenceFilterValue } from '../../../../components/evidence/EvidenceFilters';
import { formatDateTime, formatSize } from '../../../../utils/format';
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
    cardMeta: (r) => (
      <>
        {shownAddress(r) && shownAddress(r) !== r.title ? <div className="evidence-card-meta web-url">{shownAddress(r)}</div> : null}
        <div className="evidence-card-meta">
          {durationText(r.duration)} · {isSaved(r) ? `${formatSize(r.size)} · ` : ''}
          {formatDateTime(r.saveTime)}
        </div>
      </>
    ),
    cardBadge: (r) => (
      <span>
        {r.label ? <Tag color="blue">{r.label}</Tag> : null}
        <ProStatusCell row={r} />
      </span>
    ),
    downloadCell: (r) => (
      <div className="evidence-title">
        <div className="evidence-title-main">{r.title || shownAddress(r)}</div>
        <div className="evidence-title-sub">
          <BaoquanLink kind={kindOfRow(r)} baoquan={r.baoquan} />
        </div>
        <div className="evidence-title-sub">
          {isSaved(r) ? `${formatSize(r.size)} · ` : ''}
          {formatDateTime(r.saveTime)}
        </div>
      </div>
    ),
    nameOf: (r) => r.title || shownAddress(r),
    isReady: isSaved,
    downloadBlocker: (r) => (isSaved(r) ? null : MSG.CAPTURE_NOT_DONE),
    confirmDelete: (r) =>
      isSaved(r) ? `确定删除“${r.title || shownAddress(r)}”吗？删除后该取证将从列表中移除，账本记录和保全证书仍可查询。` : `确定删除“${r.title || shownAddress(r)}”的取证记录吗？`,
    isActive: isLive,
    pollMs: PROCESS_POLL_MS,
    Detail: ProDetailDrawer,
    downloads: [{ use: 'zip', label: '批量下载', icon: <FileZipOutlined />, primary: true }],
  });
}

export const processKind = processListKind('process');
export const mobileProcessKind = processListKind('mobile');
