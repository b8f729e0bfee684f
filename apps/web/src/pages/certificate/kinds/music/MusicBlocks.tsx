/**
 * The music blocks of /evidencesMusic/{evidencesId} (issue 12 §2; registry sections `music`, `artefacts`):
 * the work summary with the owner's player before the certificate, the files table after it. Plain markup
 * (a first visit stays light); loaded only by music certificates.
 */
import type { ReactNode } from 'react';
import { formatIsrc } from '@cunzheng/contract/music';
import type { MusicView } from '../../../../api/music';
import { formatSize } from '../../../../utils/format';
import type { CertificateSlots } from '../types';
import '../web/web-certificate.css';
import './music-certificate.css';

const ROLE_NAME: Record<string, string> = { audio: '音频', lyrics: '歌词', score: '曲谱' };

/** "3 分 05 秒" of seconds. */
const durationText = (seconds: number): string => {
  const s = Math.round(seconds);
  if (!(s > 0)) return '未知';
  return s >= 60 ? `${Math.floor(s / 60)} 分 ${String(s % 60).padStart(2, '0')} 秒` : `${s} 秒`;
};

function MusicSummary({ view }: { view: MusicView }) {
  return (
    <section className="wcert-summary mcert-summary" aria-label="作品信息">
      <dl className="wcert-facts">
        <dt>作品名称</dt>
        <dd data-testid="music-work-title">{view.workTitle || view.title}</dd>
        {view.lyricist ? (
          <>
            <dt>作词</dt>
            <dd>{view.lyricist}</dd>
          </>
        ) : null}
        {view.composer ? (
          <>
            <dt>作曲</dt>
            <dd>{view.composer}</dd>
          </>
        ) : null}
        {view.performer ? (
          <>
            <dt>表演者</dt>
            <dd>{view.performer}</dd>
          </>
        ) : null}
        {view.album ? (
          <>
            <dt>专辑</dt>
            <dd>{view.album}</dd>
          </>
        ) : null}
        <dt>时长</dt>
        <dd data-testid="music-duration">{durationText(view.duration)}</dd>
        {view.isrc ? (
          <>
            <dt>ISRC</dt>
            <dd className="cert-mono">{formatIsrc(view.isrc)}</dd>
          </>
        ) : null}
        <dt>音频 SHA-256</dt>
        <dd className="cert-mono wcert-sha">{view.sha256}</dd>
      </dl>
      {view.audioUrl ? (
        <div className="mcert-player no-print">
          <div className="mcert-player-title">试听（仅作品所有者可见）</div>
          <audio controls preload="metadata" src={view.audioUrl} data-testid="music-player">
            您的浏览器不支持音频播放
          </audio>
        </div>
      ) : null}
    </section>
  );
}

function MusicFiles({ view }: { view: MusicView }) {
  return (
    <section className="wcert-block" aria-label="作品文件">
      <div className="wcert-block-head">
        <h2>作品文件</h2>
      </div>
      <p className="mcert-muted">音频的 SHA-256 写入区块链账本；歌词与曲谱的 SHA-256 记录在本证书中，可用 sha256sum 等工具自行比对。</p>
      <ul className="mcert-files">
        {view.files.map((f) => (
          <li key={`${f.role}-${f.name}`} className="mcert-file" data-testid={`music-file-${f.role}`}>
            <div className="mcert-file-head">
              <span className="mcert-role">{ROLE_NAME[f.role] ?? f.role}</span>
              <span className="mcert-name">{f.name}</span>
              <span className="mcert-size">{formatSize(f.size)}</span>
              {f.url ? (
                <a className="mcert-down no-print" href={f.url} download={f.name}>
                  下载
                </a>
              ) : null}
            </div>
            <div className="cert-mono mcert-sha">{f.sha256}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Default export for React.lazy in the kind's config. */
export default function MusicBlocks({ view, render }: { view: MusicView; render: (slots: CertificateSlots) => ReactNode }) {
  return render({ intro: <MusicSummary view={view} />, after: <MusicFiles view={view} /> });
}
