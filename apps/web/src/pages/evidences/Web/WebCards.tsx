/**
 * The web-evidence list under 768 px: one card per capture with its number, status, title, address,
 * facts and actions (a table does not fit 375 px).
 */
import { Link } from 'react-router';
import { Button, Empty, Spin, Tag } from 'antd';
import type { WebItem } from '../../../api/forensics';
import { webCertificatePath } from '../../../components/evidence/web';
import { formatDateTime, formatSize } from '../../../utils/format';
import { BaoquanCell, shownAddress, StatusCell } from '../shared/columns';

export interface WebRowActions {
  detail: (r: WebItem) => void;
  download: (r: WebItem) => void;
  remove: (r: WebItem) => void;
  editLabel: (r: WebItem) => void;
}

export function WebCards({ list, loading, actions, empty }: { list: WebItem[]; loading: boolean; actions: WebRowActions; empty: string }) {
  if (!loading && list.length === 0) return <Empty description={empty} />;
  return (
    <Spin spinning={loading}>
      <ul className="evidence-cards">
        {list.map((r) => (
          <li key={r.id} className="evidence-card">
            <div className="evidence-card-head">
              <BaoquanCell row={r} />
              <span>
                {r.label ? <Tag color="blue">{r.label}</Tag> : null}
                <StatusCell row={r} />
              </span>
            </div>
            <div className="evidence-card-title">{r.title || '（无标题）'}</div>
            {shownAddress(r) !== r.title ? <div className="evidence-card-meta web-url">{shownAddress(r)}</div> : null}
            <div className="evidence-card-meta">
              {r.status === 2 ? `${formatSize(r.size)} · ` : ''}
              {formatDateTime(r.saveTime)}
            </div>
            <div className="evidence-card-actions">
              <Button size="small" type="link" onClick={() => actions.detail(r)}>
                详情
              </Button>
              {r.status === 2 ? (
                <>
                  <Link to={webCertificatePath(r.baoquan)}>
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
                </>
              ) : null}
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
