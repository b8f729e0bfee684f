/**
 * The process-evidence blocks of /evidencesPro/{evidencesId} (issue 11 §2; registry sections `process`,
 * `video`, `actionLog`, `artefacts`, `provenance`): the session summary (start and last address, start
 * and end time, duration, 中断 note, WACZ and MP4 SHA-256), the video beside the action log (a row seeks
 * the video), the screenshots taken at each navigation, the WACZ package's files and the recording
 * environment. Plain markup to keep a first visit light.
 */
import type { ProView } from '../../../../api/process';
import { formatDateTime, formatSize } from '../../../../utils/format';
import { VideoWithLog } from '../../../process/shared/VideoWithLog';
import { videoTime } from '../../../process/shared/actionText';
import { ArtefactTable } from '../web/WebSections';

const durationText = (s: number): string => (s >= 60 ? `${Math.floor(s / 60)} 分 ${s % 60} 秒` : `${s} 秒`);

/** Session facts, shown before the certificate. */
export function ProSummary({ view }: { view: ProView }) {
  const p = view.provenance;
  const interrupted = view.status === 4;
  return (
    <section className="wcert-summary no-print" aria-label="过程取证信息">
      {interrupted || view.note ? (
        <div className={interrupted ? 'pcert-note pcert-note-warn' : 'pcert-note'} role="note">
          {interrupted ? <strong>取证中断：</strong> : null}
          {view.note || '已保存中断前的记录'}
        </div>
      ) : null}
      <dl className="wcert-facts">
        <dt>取证类型</dt>
        <dd>{view.type === 4 ? '手机过程取证（手机尺寸浏览器，触屏）' : '过程取证（云端浏览器）'}</dd>
        <dt>起始网址</dt>
        <dd className="cert-mono wcert-url">{view.url || '空白页'}</dd>
        {view.finalUrl && view.finalUrl !== view.url ? (
          <>
            <dt>结束时网址</dt>
            <dd className="cert-mono wcert-url">{view.finalUrl}</dd>
          </>
        ) : null}
        <dt>开始时间</dt>
        <dd>{formatDateTime(view.startTime)}</dd>
        <dt>结束时间</dt>
        <dd>{formatDateTime(view.endTime)}</dd>
        <dt>取证时长</dt>
        <dd>{durationText(view.duration)}</dd>
        <dt>证据包 SHA-256</dt>
        <dd className="cert-mono wcert-sha" data-testid="pro-wacz-sha">
          {view.sha256}
        </dd>
        <dt>证据包大小</dt>
        <dd>{formatSize(view.size)}（WACZ 格式，含 WARC 网络记录、操作日志、每次跳转的截图、TLS 证书链与取证环境说明）</dd>
        <dt>录像 SHA-256</dt>
        <dd className="cert-mono wcert-sha" data-testid="pro-mp4-sha">
          {p.video.sha256 || '无录像'}
        </dd>
        {p.video.sha256 ? (
          <>
            <dt>录像大小</dt>
            <dd>{`${formatSize(p.video.size)}，${p.video.frames} 帧，${p.video.seconds.toFixed(1)} 秒`}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** Video and action log, screenshots, WACZ files and the environment, after the certificate. */
export function ProAfter({ view }: { view: ProView }) {
  const p = view.provenance;
  return (
    <>
      <section className="wcert-block" aria-label="录像与操作日志">
        <div className="wcert-block-head">
          <h2>录像与操作日志</h2>
        </div>
        <VideoWithLog videoUrl={view.videoUrl} actions={view.actions} noVideoNote={view.note} />
      </section>
      {view.shots.length > 0 ? (
        <section className="wcert-block" aria-label="跳转截图">
          <div className="wcert-block-head">
            <h2>跳转截图（{view.shots.length}）</h2>
          </div>
          <div className="pcert-shots">
            {view.shots.map((s) => (
              <figure key={`${s.t}-${s.url}`} className="pcert-shot">
                <a href={s.imageUrl} target="_blank" rel="noopener noreferrer" title="查看原图">
                  <img src={s.imageUrl} alt={`截图：${s.url}`} loading="lazy" />
                </a>
                <figcaption className="cert-hint">
                  {videoTime(s.t)} · <span className="cert-mono">{s.url}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
      ) : null}
      <ArtefactTable artefacts={view.artefacts} />
      <section className="wcert-block" aria-label="取证环境">
        <div className="wcert-block-head">
          <h2>取证环境</h2>
        </div>
        <dl className="wcert-facts pcert-env">
          <dt>浏览器</dt>
          <dd>{p.browser}</dd>
          <dt>操作系统</dt>
          <dd>{p.os}</dd>
          <dt>窗口尺寸</dt>
          <dd>{p.viewport}{p.mobile ? '（手机）' : ''}</dd>
          <dt>User-Agent</dt>
          <dd className="cert-mono">{p.userAgent}</dd>
          <dt>出口地址</dt>
          <dd>{p.publicAddress || '—'}</dd>
          <dt>网络请求</dt>
          <dd>{`${p.requestCount} 个，共 ${formatSize(p.totalBytes)}${p.truncated ? '（超出上限部分未保存）' : ''}`}</dd>
          <dt>访问的主机</dt>
          <dd className="cert-mono">{p.hosts.map((h) => `${h.host}${h.ips.length ? ` (${h.ips.join(', ')})` : ''}`).join('；') || '—'}</dd>
          {p.notes.length > 0 ? (
            <>
              <dt>说明</dt>
              <dd>{p.notes.join('；')}</dd>
            </>
          ) : null}
        </dl>
      </section>
    </>
  );
}
