/**
 * The evidence list under 768 px: one card per evidence with its number, title, label, facts and
 * actions (a table does not fit 375 px).
 */
import { Link } from 'react-router';
import { Button, Empty, Spin, Tag } from 'antd';
import type { DataEvidence } from '../../../api/types';
import { formatDateTime, formatSize } from '../../../utils/format';
import { certificatePath, fileTypeLabel } from '../shared/columns';

export interface RowActions {
  download: (r: DataEvidence) => void;
  remove: (r: DataEvidence) => void;
  editLabel: (r: DataEvidence) => void;
}

export function EvidenceCards({ list, loading, actions }: { list: DataEvidence[]; loading: boolean; actions: RowActions }) {
  if (!loading && list.length === 0) return <Empty description="暂无存证，上传文件即可开始" />;
  return (
    <Spin spinning={loading}>
      <ul className="evidence-cards">
        {list.map((r) => (
          <li key={r.id} className="evidence-card">
            <div className="evidence-card-head">
              <Link to={certificatePath(r.baoquan)} className="mono-link">
                {r.baoquan}
              </Link>
              {r.label ? <Tag color="blue">{r.label}</Tag> : null}
            </div>
            <div className="evidence-card-title">{r.title || r.fileName}</div>
            <div className="evidence-card-meta">
              {fileTypeLabel(r.fileType)} · {formatSize(r.size)} · {formatDateTime(r.saveTime)}
            </div>
            <div className="evidence-card-actions">
              <Link to={certificatePath(r.baoquan)}>
                <Button size="small" type="link">
                  证书
                </Button>
              </Link>
              <Button size="small" type="link" onClick={() => actions.download(r)}>
                下载
              </Button>
              <Button size="small" type="link" onClick={() => actions.editLabel(r)}>
                标签
              </Button>
              <Button size="small" type="link" danger onClick={() => actions.remove(r)}>
                删除
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Spin>
  );
}
