/**
 * Routes /evidences-all/process/queue/:id and /evidences-all/mobile/queue/:id — one process-evidence
 * session (过程取证 / 手机过程取证, issue 11 §2; spec p2 §2 "Previews and queues"). Loads the session
 * (POST /api/processlist/look), then follows its WebSocket stream: the queue position until a browser is
 * free, then the remote browser (canvas, input forwarding, address bar, elapsed and remaining time,
 * 结束取证, 取消), then the result. The socket is reconnected once if it drops.
 */
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PROCESS_VIEWPORT } from '@cunzheng/contract/process';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import { MSG } from '@cunzheng/contract/messages';
import { cancelProcess, endProcess, lookProcess, streamUrl } from '../../../api/process';
import { ApiError } from '../../../api/request';
import { RemoteScreen } from '../live/RemoteScreen';
import { useRemoteSession } from '../live/useRemoteSession';
import { SessionResult } from './SessionResult';
import { SessionToolbar } from './SessionToolbar';
import '../process.css';

/** Live statuses: the page connects to the stream for these (0 queued, 1 running). */
const LIVE = [0, 1];

/** The queue line: 1 = next. */
export function queueText(position: number): string {
  return position <= 1 ? '即将为您分配浏览器，请稍候…' : `排队中，您前面还有 ${position - 1} 人`;
}

export default function ProcessSession({ kind = 'process' }: { kind?: 'process' | 'mobile' }) {
  const { id: idParam = '' } = useParams();
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const def = EVIDENCE_KIND[kind];
  const q = useQuery({
    queryKey: ['processlist/look', id],
    queryFn: ({ signal }) => lookProcess(id, true, signal),
    enabled: valid,
    retry: false,
    staleTime: Infinity,
  });

  if (!valid || q.isError) {
    const msg = q.error instanceof ApiError ? q.error.msg : MSG.CAPTURE_NOT_FOUND;
    return (
      <div className="page pro-page">
        <Result status="warning" title={valid ? msg : MSG.CAPTURE_NOT_FOUND} extra={<Link to={def.routes.list}><Button>返回列表</Button></Link>} />
      </div>
    );
  }
  if (!q.data) return <div className="page pro-page"><Spin /></div>;
  const s = q.data.session;
  return (
    <div className="page pro-page">
      <div className="page-head">
        <div>
          <h1>{def.name}</h1>
          <p>{kind === 'mobile' ? '在云端手机浏览器中操作，画面与全部网络请求都会被录制并保全' : '在云端浏览器中操作，画面与全部网络请求都会被录制并保全'}</p>
        </div>
      </div>
      {LIVE.includes(s.status) && s.streamToken ? <LiveSession key={s.id} session={s} kind={kind} /> : <SessionResult id={s.id} kind={kind} />}
    </div>
  );
}

/** The streamed part: queue → remote browser → result. */
function LiveSession({ session, kind }: { session: NonNullable<Awaited<ReturnType<typeof lookProcess>>>['session']; kind: 'process' | 'mobile' }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const def = EVIDENCE_KIND[kind];
  const draw = useRef<((jpeg: Blob) => void) | null>(null);
  const register = useCallback((d: ((jpeg: Blob) => void) | null) => {
    draw.current = d;
  }, []);
  const [url] = useState(() => streamUrl(session));
  const live = useRemoteSession(url, (jpeg) => draw.current?.(jpeg));
  const [stopping, setStopping] = useState(false);
  const { state, facts } = live;

  const stop = async () => {
    setStopping(true);
    if (!live.send({ t: 'stop' })) {
      try {
        await endProcess(session.id);
      } catch {
        setStopping(false);
      }
    }
  };
  const cancel = async () => {
    try {
      await cancelProcess(session.id);
      message.success(MSG.PROCESS_CANCELLED);
      navigate(def.routes.list);
    } catch {
      // the wrapper showed why
    }
  };

  if (state.phase === 'ended') return <SessionResult id={session.id} kind={kind} note={state.note} />;
  if (state.phase === 'lost') {
    return (
      <Result
        status="warning"
        title="取证中断"
        subTitle={state.msg}
        data-testid="process-lost"
        extra={[
          <Button key="retry" type="primary" onClick={() => window.location.reload()}>
            重新连接
          </Button>,
          <Link key="list" to={def.routes.list}>
            <Button>返回列表</Button>
          </Link>,
        ]}
      />
    );
  }
  if (state.phase === 'connecting' || state.phase === 'queued') {
    const position = state.phase === 'queued' ? state.position : session.position;
    return (
      <div className="pro-queue" data-testid="process-queue" role="status">
        <Spin size="large" />
        <div className="pro-queue-title">{state.phase === 'connecting' && session.status === 1 ? '正在连接云端浏览器…' : queueText(position)}</div>
        <p className="pro-queue-hint">浏览器空闲后会自动开始，请不要关闭本页面。</p>
        <Button onClick={() => void cancel()}>取消</Button>
      </div>
    );
  }
  const viewport = facts.viewport ?? PROCESS_VIEWPORT[session.type];
  const mobile = facts.viewport ? facts.mobile : session.type === 4;
  return (
    <div className={mobile ? 'pro-live pro-live-mobile' : 'pro-live'} data-testid="process-live">
      <SessionToolbar
        url={facts.url}
        // From the deadline (server clock) when known, so a reload or reconnect keeps counting from the real start.
        startedAt={facts.deadline && session.maxSeconds ? facts.deadline - session.maxSeconds * 1000 : facts.startedAt}
        deadline={facts.deadline}
        send={live.send}
        onStop={() => void stop()}
        onCancel={() => void cancel()}
        stopping={stopping}
        disabled={state.phase !== 'running' || stopping}
      />
      {state.phase === 'reconnecting' ? <Alert type="warning" showIcon title="连接中断，正在重新连接…" className="pro-alert" /> : null}
      {facts.note ? <Alert type="warning" showIcon title={facts.note} className="pro-alert" data-testid="process-note" /> : null}
      <RemoteScreen viewport={viewport} mobile={mobile} send={live.send} register={register} disabled={state.phase !== 'running' || stopping} />
      <p className="pro-hint">
        {facts.title ? <span className="pro-page-title">{facts.title}</span> : null}
        在画面中点击、滚动、输入即可操作云端浏览器；密码输入会在操作日志中打码。完成后点击“结束取证”保存。
      </p>
    </div>
  );
}
