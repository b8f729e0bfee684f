/**
 * Music-work columns (issue 12 §2): certificate number (to /evidencesMusic/{baoquan}), the work (title,
 * credits, album, audio size), duration, the files (audio, 歌词, 曲谱), deposit time (the SHA-256s are on
 * the certificate); on
 * the list page also the label with its edit button.
 */
import { Link } from 'react-router';
import { Button, Space, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { certificatePath } from '@cunzheng/contract/evidenceKinds';
import type { MusicItem } from '../../../../api/music';
import { formatDateTime, formatSize } from '../../../../utils/format';
import type { ColumnContext } from '../types';
import { creditsLine, formatDuration } from './format';

/** The files of a work as tags: 音频 always, 歌词 and 曲谱 when deposited. */
export function FileTags({ r }: { r: Pick<MusicItem, 'hasLyrics' | 'hasScore'> }) {
  return (
    <Space size={2} wrap>
      <Tag color="geekblue">音频</Tag>
      {r.hasLyrics ? <Tag color="green">歌词</Tag> : null}
      {r.hasScore ? <Tag color="purple">曲谱</Tag> : null}
    </Space>
  );
}

export function musicColumns({ purpose, editLabel }: ColumnContext<MusicItem>): ColumnsType<MusicItem> {
  const cols: ColumnsType<MusicItem> = [
    {
      title: '保全号',
      dataIndex: 'baoquan',
      width: 200,
      render: (b: string) => (
        <Link to={certificatePath('music', b)} className="mono-link">
          {b}
        </Link>
      ),
    },
    {
      title: '作品',
      dataIndex: 'workTitle',
      ellipsis: true,
      render: (_: string, r) => (
        <div className="evidence-title">
          <div className="evidence-title-main">{r.workTitle || r.title}</div>
          {creditsLine(r) ? <div className="evidence-title-sub">{creditsLine(r)}</div> : null}
          <div className="evidence-title-sub">{[r.album ? `专辑《${r.album}》` : '', formatSize(r.size)].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    { title: '时长', dataIndex: 'duration', width: 70, render: (d: number) => formatDuration(d) },
    { title: '文件', key: 'files', width: 130, render: (_: unknown, r) => <FileTags r={r} /> },
    { title: '存证时间', dataIndex: 'saveTime', width: 160, render: (t: number | string) => formatDateTime(t) },
  ];
  if (purpose === 'list')
    cols.push({
      title: '标签',
      dataIndex: 'label',
      width: 120,
      render: (l: string, r) => (
        <Space size={4}>
          {l ? <Tag color="blue">{l}</Tag> : <span className="muted">无</span>}
          <Button type="text" size="small" icon={<EditOutlined />} aria-label="编辑标签" onClick={() => editLabel(r)} />
        </Space>
      ),
    });
  return cols;
}
