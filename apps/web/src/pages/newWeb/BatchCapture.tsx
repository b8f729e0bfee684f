/**
 * Batch web capture 批量网页取证 (issue 4 §2–3): one URL per line (blank lines ignored, at most 100:
 * 单次最多提交100个网址; none: 请输入网址, both checked before sending); 校验 sends them to
 * POST /api/webbatch/getData and shows the per-URL validation table (✓ 可取证 or the reason);
 * 开始取证 calls POST /api/webbatch/pay (free for now — the server's msg is shown) and then a progress
 * table polls each capture's webstatus until done or failed.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Grid, Input, Progress, Space, Table, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, PlayCircleOutlined, SafetyOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { WEB_BATCH_MAX } from '@cunzheng/contract/forensics';
import { MSG } from '@cunzheng/contract/messages';
import { batchGetData, batchPay, type WebBatchData } from '../../api/forensics';
import { WebStatusTag, webCertificatePath } from '../../components/evidence/web';
import { useCaptureStatuses, type CaptureProgressState } from './poll';

/** The non-blank lines of the textarea, trimmed, in order. */
export function splitUrls(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** The message blocking a check before anything is sent, or null. */
export function batchInputProblem(lines: readonly string[]): string | null {
  if (lines.length === 0) return MSG.WEB_URLS_REQUIRED;
  if (lines.length > WEB_BATCH_MAX) return MSG.WEB_BATCH_TOO_MANY;
  return null;
}

type Checked = WebBatchData['items'][number] & { n: number };
interface Started {
  ids: number[];
  msg: string;
  /** Capture id → its line. */
  rows: { id: number; n: number; url: string }[];
}

/** ✓ 可取证, or ✗ with the server's reason. */
function CheckResult({ item }: { item: Checked }) {
  return item.valid ? (
    <span className="web-ok">
      <CheckCircleFilled /> 可取证
    </span>
  ) : (
    <span className="web-bad">
      <CloseCircleFilled /> {item.reason || '不可取证'}
    </span>
  );
}

export function BatchCapture({ intervalMs }: { intervalMs?: number }) {
  const { message } = App.useApp();
  const { md } = Grid.useBreakpoint();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<{ batchId: string; items: Checked[] } | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const [busy, setBusy] = useState<'check' | 'pay' | null>(null);
  const lines = useMemo(() => splitUrls(text), [text]);
  const validCount = checked?.items.filter((i) => i.valid).length ?? 0;

  const check = async () => {
    const problem = batchInputProblem(lines);
    if (problem) return void message.warning(problem);
    setBusy('check');
    try {
      const r = await batchGetData(lines.join('\n'));
      setChecked({ batchId: r.batchId, items: r.items.map((it, i) => ({ ...it, n: i + 1 })) });
    } catch {
      setChecked(null);
    } finally {
      setBusy(null);
    }
  };

  const start = async () => {
    if (!checked) return;
    if (validCount === 0) return void message.warning(MSG.WEB_BATCH_NO_VALID);
    setBusy('pay');
    try {
      const r = await batchPay(checked.batchId);
      const valid = checked.items.filter((i) => i.valid);
      const rows = r.ids.map((id, k) => ({ id, n: valid[k]?.n ?? k + 1, url: valid[k]?.url ?? '' }));
      setStarted({ ids: r.ids, msg: r.msg, rows });
      if (r.msg) void message.info(r.msg);
    } catch {
      // shown by the wrapper
    } finally {
      setBusy(null);
    }
  };

  const reset = () => {
    setText('');
    setChecked(null);
    setStarted(null);
  };

  if (started) return <BatchProgress started={started} intervalMs={intervalMs} onNew={reset} />;

  const columns: ColumnsType<Checked> = md
    ? [
        { title: '序号', dataIndex: 'n', width: 64 },
        { title: '网址', dataIndex: 'url', render: (u: string) => <span className="web-url">{u}</span> },
        { title: '校验结果', key: 'valid', width: 220, render: (_: unknown, r) => <CheckResult item={r} /> },
      ]
    : [
        {
          title: '网址 / 校验结果',
          key: 'mobile',
          render: (_: unknown, r) => (
            <div>
              <div className="web-url">
                {r.n}. {r.url}
              </div>
              <CheckResult item={r} />
            </div>
          ),
        },
      ];

  return (
    <>
      <Card size="small" className="web-capture-card">
        <label htmlFor="batch-urls" className="web-field-label">
          网址列表
        </label>
        <Input.TextArea
          id="batch-urls"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setChecked(null);
          }}
          rows={8}
          placeholder={'每行一个网址，最多 100 个，例如：\nhttps://www.example.com/news/1.html\nhttps://www.example.com/news/2.html'}
          className="web-batch-input"
          disabled={busy !== null}
          spellCheck={false}
        />
        <div className="web-batch-bar">
          <span className={lines.length > WEB_BATCH_MAX ? 'web-bad' : 'muted'} data-testid="batch-count">
            已输入 {lines.length} 个网址（最多 {WEB_BATCH_MAX} 个）
          </span>
          <Button icon={<SafetyOutlined />} onClick={() => void check()} loading={busy === 'check'} type={checked ? 'default' : 'primary'}>
            校验
          </Button>
        </div>
      </Card>
      {checked ? (
        <Card size="small" title="校验结果" className="web-batch-result">
          <div className="web-batch-bar">
            <span data-testid="batch-summary">
              共 {checked.items.length} 个网址，可取证 <strong className="web-ok">{validCount}</strong> 个
              {checked.items.length - validCount > 0 ? (
                <>
                  ，不可取证 <strong className="web-bad">{checked.items.length - validCount}</strong> 个（将跳过）
                </>
              ) : null}
            </span>
            <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => void start()} loading={busy === 'pay'} disabled={validCount === 0}>
              开始取证
            </Button>
          </div>
          <Table<Checked> rowKey="n" columns={columns} dataSource={checked.items} pagination={false} size="small" scroll={md ? { x: 560 } : undefined} data-testid="batch-check-table" />
        </Card>
      ) : null}
    </>
  );
}

interface ProgressRow {
  id: number;
  n: number;
  url: string;
  state?: CaptureProgressState;
}

/** Shown status of a row: a final polling error counts as failed. */
const rowStatus = (r: ProgressRow): number | undefined => (r.state?.final ? 3 : r.state?.status?.status);

/** The address (as answered) with the page title under it. */
function ProgressUrl({ row, numbered = false }: { row: ProgressRow; numbered?: boolean }) {
  const s = row.state?.status;
  return (
    <div className="evidence-title">
      <div className="web-url">
        {numbered ? `${row.n}. ` : ''}
        {s?.url || row.url}
      </div>
      {s?.title && s.title !== (s.url || row.url) ? <div className="evidence-title-sub">{s.title}</div> : null}
    </div>
  );
}

/** The certificate number once done, the reason once failed, else a dash (or the last polling error). */
function ProgressResult({ row }: { row: ProgressRow }) {
  const s = row.state?.status;
  if (s?.status === 2 && s.baoquan)
    return (
      <Link to={webCertificatePath(s.baoquan)} className="mono-link">
        {s.baoquan}
      </Link>
    );
  if (s?.status === 3 || row.state?.final) return <span className="web-bad">{s?.reason || row.state?.error}</span>;
  return <span className="muted">{row.state?.error || '—'}</span>;
}

/** The progress table of a started batch. */
function BatchProgress({ started, intervalMs, onNew }: { started: Started; intervalMs?: number; onNew: () => void }) {
  const { md } = Grid.useBreakpoint();
  const states = useCaptureStatuses(started.ids, intervalMs);
  const rows: ProgressRow[] = started.rows.map((r) => ({ ...r, state: states.get(r.id) }));
  const done = rows.filter((r) => r.state?.status?.status === 2).length;
  const failed = rows.filter((r) => r.state?.status?.status === 3 || r.state?.final).length;
  const total = rows.length;
  const finished = done + failed === total;

  const columns: ColumnsType<ProgressRow> = md
    ? [
        { title: '序号', dataIndex: 'n', width: 64 },
        { title: '网址', dataIndex: 'url', render: (_: string, r) => <ProgressUrl row={r} /> },
        { title: '状态', key: 'status', width: 90, render: (_: unknown, r) => <WebStatusTag status={rowStatus(r)} /> },
        { title: '保全号 / 原因', key: 'result', width: 230, render: (_: unknown, r) => <ProgressResult row={r} /> },
      ]
    : [
        {
          title: '网址 / 进度',
          key: 'mobile',
          render: (_: unknown, r) => (
            <div>
              <ProgressUrl row={r} numbered />
              <div className="web-progress-line">
                <WebStatusTag status={rowStatus(r)} />
                <ProgressResult row={r} />
              </div>
            </div>
          ),
        },
      ];

  return (
    <Card size="small" title="批量取证进度" className="web-batch-result" data-testid="batch-progress">
      {started.msg ? <Alert type="info" showIcon title={started.msg} className="web-batch-msg" /> : null}
      <div className="web-batch-progress">
        <Progress percent={total === 0 ? 100 : Math.floor(((done + failed) / total) * 100)} status={finished ? (failed > 0 && done === 0 ? 'exception' : 'success') : 'active'} />
        <Typography.Text data-testid="batch-progress-summary">
          {finished ? '批量取证已结束' : '正在取证'}：完成 {done} 个，失败 {failed} 个，共 {total} 个
        </Typography.Text>
      </div>
      <Table<ProgressRow> rowKey="id" columns={columns} dataSource={rows} pagination={false} size="small" scroll={md ? { x: 600 } : undefined} data-testid="batch-progress-table" />
      <Space wrap className="web-batch-actions">
        <Link to="/evidences-all/web">
          <Button type={finished ? 'primary' : 'default'}>我的网页取证</Button>
        </Link>
        <Button onClick={onNew}>新的批量取证</Button>
      </Space>
      {!finished ? <p className="muted web-progress-note">可以离开本页，取证会在后台继续，完成后可在“我的网页取证”中查看。</p> : null}
    </Card>
  );
}
