/**
 * Data-deposit columns (spec p1 §3): certificate number (links to /attestation/{baoquan}), title and
 * file name, type, size, SHA-256 and deposit time; on the list page also the label with its edit button.
 */
import { Link } from 'react-router';
import { Button, Space, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { EVIDENCE_FILE_TYPE_LABEL } from '@cunzheng/contract/constants';
import { certificatePath as kindCertificatePath } from '@cunzheng/contract/evidenceKinds';
import type { DataEvidence } from '../../../../api/types';
import { HashCell } from '../../../../components/evidence/HashCell';
import { formatDateTime, formatSize } from '../../../../utils/format';
import type { ColumnContext } from '../types';

/** Path of a deposit's certificate page. */
export const certificatePath = (baoquan: string): string => kindCertificatePath('data', baoquan);

/** Label of a file type code (1–5), '-' when unknown. */
export const fileTypeLabel = (t: number | string): string => EVIDENCE_FILE_TYPE_LABEL[Number(t)] ?? '-';

export function dataColumns({ purpose, editLabel }: ColumnContext<DataEvidence>): ColumnsType<DataEvidence> {
  const cols: ColumnsType<DataEvidence> = [
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
  if (purpose === 'list')
    cols.push({
      title: '标签',
      dataIndex: 'label',
      width: 130,
      render: (l: string, r) => (
        <Space size={4}>
          {l ? <Tag color="blue">{l}</Tag> : <span className="muted">无</span>}
          <Button type="text" size="small" icon={<EditOutlined />} aria-label="编辑标签" onClick={() => editLabel(r)} />
        </Space>
      ),
    });
  return cols;
}
