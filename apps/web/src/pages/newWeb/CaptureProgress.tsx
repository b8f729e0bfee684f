/**
 * Progress of one submitted capture (issue 4 §3 "progress shown until done"): polls webstatus every
 * 2 s and shows 已提交 → 排队中 → 取证中 → 已完成; once done the certificate number links to the
 * public certificate /evidencesWeb/{baoquan} and the ledger hash to /ledger/{chainhash}; once failed
 * the server's reason is shown with a retry.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Result, Space, Steps } from 'antd';
import { webCertificatePath } from '../../components/evidence/web';
import { useCaptureStatuses } from './poll';

export interface CaptureProgressProps {
  id: number;
  /** The address submitted (shown until the server answers). */
  url: string;
  /** Submit the same address again (after a failure). */
  onRetry?: (url: string) => void;
  /** Start over with an empty form. */
  onNew: () => void;
  /** Poll interval (tests); default 2 s. */
  intervalMs?: number;
}

/** Seconds since mount, ticking every second while `running`. */
function useElapsed(running: boolean): number {
  const [start] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [running]);
  return Math.max(0, Math.round((now - start) / 1000));
}

export function CaptureProgress({ id, url, onRetry, onNew, intervalMs }: CaptureProgressProps) {
  const state = useCaptureStatuses([id], intervalMs).get(id);
  const s = state?.status;
  const status = s?.status;
  const finished = status === 2 || status === 3 || state?.final === true;
  const elapsed = useElapsed(!finished);
  const shownUrl = s?.url || url;

  if (status === 2 && s) {
    return (
      <Card size="small" className="web-progress" data-testid="capture-progress">
        <Result
          status="success"
          title="取证完成"
          subTitle={
            <span>
              网页已完整保存并写入账本，保全号 <strong className="mono">{s.baoquan}</strong>
            </span>
          }
          extra={
            <Space wrap className="web-progress-extra">
              <Link to={webCertificatePath(s.baoquan)}>
                <Button type="primary">查看保全证书</Button>
              </Link>
              <Link to="/evidences-all/web">
                <Button>我的网页取证</Button>
              </Link>
              <Button onClick={onNew}>继续取证</Button>
            </Space>
          }
        >
          <dl className="web-facts">
            <dt>网页地址</dt>
            <dd className="web-url">{shownUrl}</dd>
            {s.title ? (
              <>
                <dt>网页标题</dt>
                <dd>{s.title}</dd>
              </>
            ) : null}
            <dt>账本存证哈希</dt>
            <dd>
              <Link to={`/ledger/${s.chainhash}`} className="mono-link">
                {s.chainhash}
              </Link>
            </dd>
          </dl>
        </Result>
      </Card>
    );
  }

  if (status === 3 || state?.final) {
    const reason = s?.reason || state?.error || '网页取证失败，请稍后重试';
    return (
      <Card size="small" className="web-progress" data-testid="capture-progress">
        <Result
          status="error"
          title="取证失败"
          subTitle={
            <span>
              失败原因：<span data-testid="capture-reason">{reason}</span>
            </span>
          }
          extra={
            <Space wrap className="web-progress-extra">
              {onRetry && shownUrl ? (
                <Button type="primary" onClick={() => onRetry(shownUrl)}>
                  重新取证
                </Button>
              ) : null}
              <Button onClick={onNew}>取证其他网页</Button>
            </Space>
          }
        >
          <div className="web-url muted">{shownUrl}</div>
        </Result>
      </Card>
    );
  }

  const current = status === undefined ? 0 : status === 0 ? 1 : 2;
  return (
    <Card size="small" title="取证进度" className="web-progress" data-testid="capture-progress">
      <Steps
        current={current}
        size="small"
        className="web-steps"
        items={[{ title: '已提交' }, { title: '排队中' }, { title: '取证中' }, { title: '已完成' }]}
      />
      <div className="web-progress-now" role="status">
        <strong>{status === 1 ? '正在取证' : '排队中'}</strong>
        <span className="muted">
          {status === 1 ? '平台服务器正在全新隔离的浏览器中加载网页，保存截图、网页快照、全部网络请求与证书链' : '任务已提交，正在等待取证服务器'}
          （已用时 {elapsed} 秒）
        </span>
      </div>
      <div className="web-url muted">{shownUrl}</div>
      {state?.error ? <Alert type="warning" showIcon className="web-progress-warn" title={state.error} description="将自动重试" /> : null}
      <p className="muted web-progress-note">可以离开本页，取证会在后台继续，完成后可在“我的网页取证”中查看。</p>
    </Card>
  );
}
