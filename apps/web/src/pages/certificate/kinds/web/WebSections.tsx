/**
 * The web-capture blocks of /evidencesWeb/{evidencesId} (issue 4 §3): the capture summary
 * (screenshot, address, final address, capture time, WACZ SHA-256), the archived page (the server's
 * sandboxed, script-free snapshot shown in an iframe with an empty `sandbox`, or opened in a new tab)
 * and the artefact table of the WACZ package. Plain markup (no table library) to keep a first visit light.
 */
import { useRef, useState, type RefObject } from 'react';
import type { WebView } from '../../../../api/forensics';
import { formatDateTime, formatSize } from '../../../../utils/format';
import { ActionButton } from '../../shared/ActionButton';

/** Capture facts and the full-page screenshot, shown before the certificate. */
export function WebCaptureSummary({ view }: { view: WebView }) {
  const redirected = view.finalUrl !== '' && view.finalUrl !== view.url;
  return (
    <section className="wcert-summary no-print" aria-label="网页取证信息">
      <dl className="wcert-facts">
        <dt>网页标题</dt>
        <dd>{view.title || '（无标题）'}</dd>
        <dt>网页地址</dt>
        <dd className="cert-mono wcert-url">{view.url}</dd>
        {redirected ? (
          <>
            <dt>最终地址</dt>
            <dd className="cert-mono wcert-url">{view.finalUrl}</dd>
          </>
        ) : null}
        <dt>取证时间</dt>
        <dd>{formatDateTime(view.captureTime || view.saveTime)}</dd>
        <dt>证据包 SHA-256</dt>
        <dd className="cert-mono wcert-sha">{view.sha256}</dd>
        <dt>证据包大小</dt>
        <dd>{formatSize(view.size)}（WACZ 格式，含截图、网页快照、WARC 网络记录、TLS 证书链与取证环境说明）</dd>
      </dl>
      {view.screenshotUrl ? (
        <figure className="wcert-shot">
          <a href={view.screenshotUrl} target="_blank" rel="noopener noreferrer" title="查看完整截图">
            <img src={view.screenshotUrl} alt={`网页截图：${view.title || view.url}`} loading="lazy" />
          </a>
          <figcaption className="cert-hint">取证时平台服务器截取的整页截图，点击查看原图</figcaption>
        </figure>
      ) : null}
    </section>
  );
}

/** Open state of the archived-page panel, and the element to scroll to. */
export interface ReplayState {
  open: boolean;
  setOpen: (v: boolean) => void;
  ref: RefObject<HTMLElement | null>;
}

export function useReplay(): ReplayState {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLElement | null>(null);
  return { open, setOpen, ref };
}

/** The 查看网页快照 button of the action column: opens the panel and scrolls to it. */
export function ReplayButton({ replay }: { replay: ReplayState }) {
  return (
    <ActionButton
      onClick={() => {
        replay.setOpen(true);
        requestAnimationFrame(() => replay.ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
      }}
    >
      查看网页快照
    </ActionButton>
  );
}

/** The archived page in a fully sandboxed iframe (no scripts, no same-origin), or in a new tab. */
export function ReplayPanel({ replay, url, title }: { replay: ReplayState; url: string; title: string }) {
  return (
    <section className="wcert-block no-print" ref={replay.ref} aria-label="网页快照">
      <div className="wcert-block-head">
        <h2>网页快照</h2>
        <span className="wcert-links">
          {replay.open ? (
            <button type="button" className="wcert-linkbtn" onClick={() => replay.setOpen(false)}>
              收起
            </button>
          ) : (
            <button type="button" className="wcert-linkbtn" onClick={() => replay.setOpen(true)}>
              在本页查看
            </button>
          )}
          <a href={url} target="_blank" rel="noopener noreferrer">
            新窗口打开
          </a>
        </span>
      </div>
      <p className="cert-hint">取证时保存的网页内容（已移除脚本，仅供查看）；完整的网络记录在证据包的 WARC 文件中，可用 ReplayWeb.page 等工具回放。</p>
      {replay.open ? <iframe className="wcert-replay" src={url} sandbox="" title={`网页快照：${title}`} referrerPolicy="no-referrer" /> : null}
    </section>
  );
}

/** The files of the WACZ package with size and SHA-256. */
export function ArtefactTable({ artefacts }: { artefacts: WebView['artefacts'] }) {
  if (artefacts.length === 0) return null;
  return (
    <section className="wcert-block" aria-label="证据包文件">
      <div className="wcert-block-head">
        <h2>证据包文件（{artefacts.length}）</h2>
      </div>
      <div className="wcert-table-wrap">
        <table className="wcert-table" data-testid="artefact-table">
          <thead>
            <tr>
              <th>文件</th>
              <th>大小</th>
              <th>SHA-256</th>
            </tr>
          </thead>
          <tbody>
            {artefacts.map((a) => (
              <tr key={a.path}>
                <td>
                  <div>{a.name}</div>
                  <div className="cert-hint cert-mono">{a.path}</div>
                </td>
                <td className="wcert-size" data-label="大小">
                  {formatSize(a.size)}
                </td>
                <td className="cert-mono wcert-hash" data-label="SHA-256">
                  {a.sha256}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
