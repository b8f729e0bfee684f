/**
 * Columns shared by the evidence tables: certificate number (links to /attestation/{baoquan}),
 * title and file name, type, size, SHA-256 and deposit time (spec p1 §3).
 */
import { Link } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { EVIDENCE_FILE_TYPE_LABEL } from '@cunzheng/contract/constants';
import type { DataEvidence } from '../../../api/types';
import { HashCell } from '../../../components/evidence/HashCell';
import { formatDateTime, formatSize } from '../../../utils/format';

/** Path of an evidence's certificate page. */
export const certificatePath = (baoquan: string): string => `/attestation/${encodeURIComponent(baoquan)}`;

/** Label of a file type code (1–5), '-' when unknown. */
export const fileTypeLabel = (t: number | string): string => EVIDENCE_FILE_TYPE_LABEL[Number(t)] ?? '-';

export function baseColumns(): ColumnsType<DataEvidence> {
  return [
    {
      title: '保全号',
      dataIndex: 'baoquan',
      width: 190,
      render: (b: string) => (
        <Link to={certificatePath(b)} className="mono-link">
          {b}
        </Link>
      ),
    },
    {
      title: '标题 / 文件名',
      dataIndex: 'title',
      ellipsis: true,
      render: (_: string, r) => (
        <div className="evidence-title">
          <div className="evidence-title-main">{r.title || r.fileName}</div>
          {r.title && r.fileName && r.title !== r.fileName ? <div className="evidence-title-sub">{r.fileName}</div> : null}
        </div>
      ),
    },
    { title: '类型', dataIndex: 'fileType', width: 70, render: fileTypeLabel },
    { title: '大小', dataIndex: 'size', width: 100, render: (s: number) => formatSize(s) },
    {
      title: 'SHA-256',
      dataIndex: 'sha256',
      width: 150,
      render: (h: string) => <HashCell hash={h} />,
    },
    { title: '存证时间', dataIndex: 'saveTime', width: 170, render: (t: number | string) => formatDateTime(t) },
  ];
}
