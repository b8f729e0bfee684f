/**
 * /overview 概览 (spec p2 §2, hidden for role 2; p1 §7 GET /api/Overview/getInfo): evidence counts of
 * the kinds the platform offers (kinds.ts OFFERED_KINDS), each opening its list, storage used (human-readable), available points (thousands separators, 2 decimals), a chart of
 * deposits per day over the last 30 days, the latest deposits and notifications.
 */
import { Link } from 'react-router';
import { Card, Col, Empty, Row, Skeleton, Statistic, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { overviewInfo } from '../../../api/account';
import { useSession } from '../../../stores/session';
import { accountName, formatDateTime, formatPoints, formatSize } from '../../../utils/format';
import { DepositChart } from './DepositChart';
import { certificatePath } from '@cunzheng/contract/evidenceKinds';
import { KIND_LABEL, OFFERED_KINDS } from './kinds';
import '../shared/account.css';

export default function OverviewPage() {
  const { userInfo } = useSession();
  const info = useQuery({ queryKey: ['Overview/getInfo'], queryFn: overviewInfo });
  const d = info.data;

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>概览</h1>
          <p>{userInfo ? `欢迎回来，${accountName(userInfo)}` : '账号数据一览'}</p>
        </div>
        <Link to="/attestation-all/data" className="ov-cta">
          去存证
        </Link>
      </div>

      {!d ? (
        <Card>{info.isError ? <Empty description="概览加载失败，请刷新重试" /> : <Skeleton active paragraph={{ rows: 6 }} />}</Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={8}>
              <Card size="small">
                <Statistic title="存证总数（件）" value={d.counts.total} />
              </Card>
            </Col>
            <Col xs={12} sm={8}>
              <Card size="small">
                <Statistic title="已用存储" value={formatSize(d.storageBytes)} />
              </Card>
            </Col>
            <Col xs={12} sm={8}>
              <Card size="small">
                <Statistic title="可用积分" value={formatPoints(d.points)} styles={{ content: { color: '#d46b08' } }} />
              </Card>
            </Col>
          </Row>

          <Card size="small" title="各类存证" className="ov-block">
            <div className="ov-kinds">
              {OFFERED_KINDS.map(({ kind, list }) => (
                <Link key={kind} to={list} className="ov-kind" aria-label={`${KIND_LABEL[kind]} ${d.counts[kind]} 件`}>
                  <span className="ov-kind-count">{d.counts[kind]}</span>
                  <span className="ov-kind-label">{KIND_LABEL[kind]}</span>
                </Link>
              ))}
            </div>
          </Card>

          <Card size="small" title="近 30 天存证趋势" className="ov-block">
            <DepositChart data={d.perDay} />
          </Card>

          <Row gutter={[16, 16]} className="ov-block">
            <Col xs={24} lg={14}>
              <Card size="small" title="最近存证" extra={<Link to="/attestation-all/data">全部</Link>}>
                {d.recent.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无存证" />
                ) : (
                  <ul className="ov-list" aria-label="最近存证">
                    {d.recent.map((r) => (
                      <li key={r.baoquan}>
                        <div className="ov-list-main">
                          <Link to={certificatePath(r.kind, r.baoquan)} className="ov-list-title">
                            {r.title}
                          </Link>
                          <span className="ov-list-meta">
                            {r.baoquan} · <span className="ov-time">{formatDateTime(r.saveTime)}</span>
                          </span>
                        </div>
                        <Tag>{KIND_LABEL[r.kind]}</Tag>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card size="small" title="最新消息" extra={<Link to="/notifications">全部</Link>}>
                {d.notifications.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
                ) : (
                  <ul className="ov-list" aria-label="最新消息">
                    {d.notifications.map((n) => (
                      <li key={n.newsId}>
                        <div className="ov-list-main">
                          <span className={n.isRead === '0' ? 'news-text news-unread-text' : 'news-text'}>
                            {n.isRead === '0' ? <span className="news-dot" aria-hidden /> : null}
                            {n.str}
                          </span>
                          <span className="ov-list-meta">{formatDateTime(n.addTime)}</span>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
