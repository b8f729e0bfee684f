/**
 * What a process-evidence session came to (issue 11 §2): polls `look` while the session is saving
 * (status 2) or the page has not heard the end yet, then shows 已完成 / 中断 (saved up to that moment,
 * with the server's note) with the certificate and preview links, 失败 with the reason, or 已取消.
 */
import { Link } from 'react-router';
import { Alert, Button, Result, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PROCESS_POLL_MS, PROCESS_SAVED_STATUSES } from '@cunzheng/contract/process';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import { lookProcess } from '../../../api/process';

/** Statuses after which nothing changes any more. */
const FINAL = [3, 4, 5, 6];

export function SessionResult({ id, kind, note }: { id: number; kind: 'process' | 'mobile'; note?: string }) {
  const def = EVIDENCE_KIND[kind];
  const q = useQuery({
    queryKey: ['processlist/look', id, 'result'],
    queryFn: ({ signal }) => lookProcess(id, true, signal),
    refetchInterval: (query) => (query.state.data && FINAL.includes(query.state.data.session.status) ? false : PROCESS_POLL_MS),
    retry: 2,
  });
  const d = q.data;
  const status = d?.session.status;
  const saved = status !== undefined && PROCESS_SAVED_STATUSES.includes(status);
  const listButton = (
    <Link to={def.routes.list} key="list">
      <Button>返回列表</Button>
    </Link>
  );

  if (!d || status === undefined || !FINAL.includes(status)) {
    return (
      <div className="pro-result" data-testid="process-result" role="status">
        <Spin />
        <div className="pro-result-text">正在保存取证记录：生成视频、网页存档并写入账本，请稍候…</div>
        {note ? <div className="pro-note">{note}</div> : null}
      </div>
    );
  }
  if (saved) {
    const item = d.item;
    const interrupted = status === 4;
    return (
      <Result
        status={interrupted ? 'warning' : 'success'}
        title={interrupted ? '取证中断，已保存中断前的记录' : '取证完成'}
        data-testid="process-result"
        subTitle={
          <div className="pro-result-sub">
            <div>
              保全号：<strong className="mono" data-testid="process-baoquan">{item.baoquan}</strong>
            </div>
            {item.note ? <div className="pro-note">{item.note}</div> : null}
          </div>
        }
        extra={
          <Space wrap>
            <Link to={`${def.routes.certificate}/${encodeURIComponent(item.baoquan)}`}>
              <Button type="primary">查看保全证书</Button>
            </Link>
            <Link to={`${def.routes.preview}?id=${id}`}>
              <Button>回放录像</Button>
            </Link>
            {listButton}
          </Space>
        }
      />
    );
  }
  if (status === 5) {
    return (
      <Result status="error" title="取证失败" data-testid="process-result" subTitle={d.item.note || note || '过程取证保存失败，请稍后重试'} extra={<Space wrap>{listButton}<Link to={def.routes.create}><Button type="primary">重新取证</Button></Link></Space>} />
    );
  }
  return (
    <Result
      status="info"
      title="已取消取证"
      data-testid="process-result"
      subTitle={<Alert type="info" showIcon title="本次取证未保存任何内容" />}
      extra={
        <Space wrap>
          {listButton}
          <Link to={def.routes.create}>
            <Button type="primary">重新取证</Button>
          </Link>
        </Space>
      }
    />
  );
}
