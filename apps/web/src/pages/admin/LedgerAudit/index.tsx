/**
 * /admin/ledger-audit 账本审计 (issue 3 §5): what the continuous audit found — open alerts first (each can
 * be marked handled), the rolling positions of the ledger and blob checks, the external anchoring
 * state, and the latest bounded runs with their counts (GET /api/admin/audit, refreshed every 30 s).
 * Operators only: the server answers 403 to anyone else and the request wrapper handles it.
 */
import { App, Button, Card, Col, Grid, Popconfirm, Row, Statistic, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUDIT_ALERT_KIND_LABEL, type TAuditAlert, type TAuditRun } from '@cunzheng/contract/audit';
import { AUDIT_KEY, getAuditOverview, resolveAuditAlert } from '../../../api/audit';
import { formatDateTime, formatSize } from '../../../utils/format';
import './ledgerAudit.css';

const PASS_LABEL: Record<string, string> = { ledger: '账本', blobs: '文件', anchors: '锚定' };
const when = (t: number | null) => (t ? formatDateTime(t) : '—');

export default function LedgerAuditPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: AUDIT_KEY, queryFn: getAuditOverview, refetchInterval: 30_000 });
  const resolve = useMutation({
    mutationFn: resolveAuditAlert,
    onSuccess: () => {
      void message.success('已标记为已处理');
      void qc.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
  const d = q.data;
  const wide = Grid.useBreakpoint().md !== false;

  /** The action cell of an alert: resolved time, or the confirm button. */
  const stateOf = (r: TAuditAlert) =>
    r.resolved ? (
      <span className="la-muted">已处理 {when(r.resolvedAt)}</span>
    ) : (
      <Popconfirm title="确认已排查并处理该告警？" description="若问题仍在，下一轮审计会重新告警。" okText="确定" cancelText="取消" onConfirm={() => resolve.mutate(r.id)}>
        <Button size="small" danger loading={resolve.isPending && resolve.variables === r.id}>
          标记已处理
        </Button>
      </Popconfirm>
    );
  const kindTag = (r: TAuditAlert) => <Tag color={r.resolved ? 'default' : 'red'}>{AUDIT_ALERT_KIND_LABEL[r.kind] ?? r.kind}</Tag>;

  const alertColumns: ColumnsType<TAuditAlert> = [
    { title: '类型', dataIndex: 'kind', width: 140, render: (_: unknown, r) => kindTag(r) },
    { title: '对象', dataIndex: 'target', width: 190, render: (t: string) => <span className="la-mono">{t}</span> },
    { title: '详情', dataIndex: 'detail', width: 340, render: (t: string) => <span className="la-detail">{t}</span> },
    { title: '首次发现', dataIndex: 'createdAt', width: 150, render: when },
    { title: '最近发现', dataIndex: 'lastSeenAt', width: 150, render: when },
    { title: '状态', key: 'state', width: 130, fixed: 'right', render: (_: unknown, r) => stateOf(r) },
  ];

  const runColumns: ColumnsType<TAuditRun> = [
    { title: '开始时间', dataIndex: 'startedAt', width: 170, render: when },
    { title: '耗时', key: 'took', width: 90, render: (_: unknown, r) => (r.finishedAt === null ? <span className="la-muted">未结束</span> : `${Math.max(0, r.finishedAt - r.startedAt)} 秒`) },
    { title: '文件', dataIndex: 'blobsChecked', width: 70 },
    { title: '字节', dataIndex: 'bytesChecked', width: 100, render: (n: number) => formatSize(n) },
    { title: '叶子', dataIndex: 'leavesChecked', width: 80 },
    { title: '检查点', dataIndex: 'checkpointsChecked', width: 80 },
    { title: '锚定', dataIndex: 'anchorsChecked', width: 70 },
    { title: '问题', dataIndex: 'problems', width: 70, render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0) },
    { title: '完成一轮', dataIndex: 'completed', width: 150, render: (c: string[]) => c.map((x) => <Tag key={x}>{PASS_LABEL[x] ?? x}</Tag>) },
    { title: '错误', dataIndex: 'error', render: (e: string) => (e ? <Tooltip title={e}><Tag color="red">出错</Tag></Tooltip> : '—') },
  ];

  return (
    <div className="la-page">
      <div className="admin-page-head">
        <div>
          <h1>账本审计</h1>
          <p>持续审计定期重新计算证据文件的哈希、重新验证账本哈希树与每个签名检查点，并回读区块链上的锚定交易；发现不一致即告警。</p>
        </div>
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>
          刷新
        </Button>
      </div>

      <Row gutter={[12, 12]} className="la-stats">
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="未处理告警" value={d?.openAlerts ?? '—'} valueStyle={d && d.openAlerts > 0 ? { color: '#cf1322' } : { color: '#389e0d' }} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="账本审计进度" value={d ? `${d.ledger.position} / ${d.ledger.size}` : '—'} />
            <div className="la-muted">已完成 {d?.ledger.passes ?? 0} 轮 · 上一轮 {when(d?.ledger.lastPassAt ?? null)}</div>
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="文件审计轮次" value={d?.blobs.passes ?? '—'} />
            <div className="la-muted">上一轮 {when(d?.blobs.lastPassAt ?? null)}</div>
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="外部锚定" value={!d ? '—' : d.anchoring.configured ? `${d.anchoring.count} 次` : '未配置'} />
            <div className="la-muted la-ellipsis">
              {d?.anchoring.latest ? (
                <>
                  {d.anchoring.chainName} 区块 {d.anchoring.latest.blockNumber} ·{' '}
                  {d.anchoring.latest.txUrl ? (
                    <a href={d.anchoring.latest.txUrl} target="_blank" rel="noopener noreferrer" className="la-mono">
                      {d.anchoring.latest.txHash.slice(0, 12)}…
                    </a>
                  ) : (
                    <span className="la-mono">{d.anchoring.latest.txHash.slice(0, 12)}…</span>
                  )}
                </>
              ) : d?.anchoring.configured ? (
                `${d.anchoring.chainName} · 尚无锚定`
              ) : (
                '设置 ANCHOR_RPC_URL 与 ANCHOR_PRIVATE_KEY 后开启'
              )}
            </div>
          </Card>
        </Col>
      </Row>

      <Card size="small" title="告警" className="la-card">
        {wide ? (
          <Table<TAuditAlert>
            rowKey="id"
            size="middle"
            columns={alertColumns}
            dataSource={d?.alerts ?? []}
            loading={q.isLoading}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 1100 }}
            rowClassName={(r) => (r.resolved ? 'la-resolved' : '')}
            locale={{ emptyText: '暂无告警：已审计的文件、账本与锚定均一致' }}
          />
        ) : (d?.alerts ?? []).length === 0 ? (
          <div className="la-muted la-empty">暂无告警：已审计的文件、账本与锚定均一致</div>
        ) : (
          <ul className="la-alerts">
            {(d?.alerts ?? []).map((r) => (
              <li key={r.id} className={r.resolved ? 'la-resolved' : ''}>
                <div className="la-alert-head">
                  {kindTag(r)}
                  {stateOf(r)}
                </div>
                <div className="la-mono">{r.target}</div>
                <div className="la-detail">{r.detail}</div>
                <div className="la-muted">
                  首次 {when(r.createdAt)} · 最近 {when(r.lastSeenAt)}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card size="small" title="最近的审计任务" className="la-card">
        <Table<TAuditRun>
          rowKey="id"
          size="small"
          columns={runColumns}
          dataSource={d?.runs ?? []}
          loading={q.isLoading}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 960 }}
          locale={{ emptyText: '尚未运行审计任务' }}
        />
      </Card>
    </div>
  );
}
