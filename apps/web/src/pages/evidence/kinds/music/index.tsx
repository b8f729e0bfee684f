/**
 * The music kind (音乐存证, /evidences-all/music and its download page; issue 12 §2) for the shared list
 * and download page: the deposit form above the list (audio, lyrics, score and the work's metadata), the
 * work columns, label column, batch download as one zip of the audio files.
 */
import { lazy } from 'react';
import { FileZipOutlined } from '@ant-design/icons';
import { musicApi } from '../../../../api/kinds/music';
import type { MusicItem } from '../../../../api/music';
import { EMPTY_FILTER } from '../../../../components/evidence/EvidenceFilters';
import { formatDateTime, formatSize } from '../../../../utils/format';
import { CardMeta, DownloadCell, joinFacts, LabelBadge } from '../parts';
import { defineListKind, type TopProps } from '../types';
import { FileTags, musicColumns } from './columns';
import { creditsLine, formatDuration } from './format';

const nameOf = (r: MusicItem) => r.workTitle || r.title;

export const musicKind = defineListKind<MusicItem>({
  id: 'music',
  api: musicApi,
  copy: {
    title: '音乐存证',
    intro: '上传音乐作品的音频，并可附上歌词与曲谱，一次生成保全证书，作品信息与文件指纹写入公开账本',
    listTitle: '我的作品',
    empty: '暂无音乐存证，上传作品音频即可开始',
    downloadIntro: '按条件筛选并勾选作品，一键打包下载其音频文件',
    back: '返回音乐存证',
    downloadEmpty: '没有符合条件的作品',
    mobileColumn: '作品',
  },
  filters: { list: { typeOptions: [], keywordPlaceholder: '作品名称或保全号' }, download: { showDateRange: true, typeOptions: [], keywordPlaceholder: '作品名称或保全号' }, empty: EMPTY_FILTER },
  columns: musicColumns,
  labelColumn: true,
  actionsWidth: 170,
  cardTitle: nameOf,
  cardMeta: (r) => (
    <>
      {creditsLine(r) ? <div className="evidence-card-meta">{creditsLine(r)}</div> : null}
      <CardMeta facts={[formatDuration(r.duration), formatSize(r.size), formatDateTime(r.saveTime)]} />
      <div className="evidence-card-meta">
        <FileTags r={r} />
      </div>
    </>
  ),
  cardBadge: (r) => <LabelBadge label={r.label} />,
  downloadCell: (r) => <DownloadCell title={nameOf(r)} lines={[joinFacts([r.baoquan, formatDuration(r.duration), formatSize(r.size)]), formatDateTime(r.saveTime)]} />,
  nameOf,
  isReady: () => true,
  downloadBlocker: () => null,
  confirmDelete: (r) => `确定删除“${nameOf(r)}”吗？删除后该作品将从列表中移除，账本记录和保全证书仍可查询。`,
  // A deposit spends points: the header's balance is refreshed with the list.
  alsoRefresh: ['user/info'],
  Top: lazy(async () => {
    const { MusicUploadPanel } = await import('./UploadPanel');
    return { default: ({ labels, onDone }: TopProps) => <MusicUploadPanel labels={labels} onUploaded={onDone} /> };
  }),
  downloads: [{ use: 'zip', label: '一键打包下载', icon: <FileZipOutlined />, primary: true }],
});
