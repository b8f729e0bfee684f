/**
 * The preservation certificate as shown to a viewer (spec p1 §2 "Preservation certificate page",
 * p1 §6): number, block transaction hash linking to the ledger explorer, the server-rendered
 * certificate html, the QR code for online viewing, and the buttons this viewer may use (分享 for
 * everyone: copies the page link and shows it with its QR code, issue 8 §3).
 * Presentational: the page loads the view and passes it in; the Chinese and English pages share it.
 * Plain markup (no antd): dialogs (antd Modals with antd's theme), toasts and the QR library load on
 * first use, so a first visit stays small (issue 2 §8, issue 16).
 */
import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { downloadCertificatePdf, ownerDownload, type CertificateView, type DownUrl } from '../../../api/certificate';
import type { CertLabels } from './labels';
import { downloadDecision, visibility, type Viewer } from './rules';
import { startDownload } from './download';
import { QrCode } from './QrCode';
import { ActionButton } from './ActionButton';
import { lazyWithAntd } from './lazyAntd';
import { copyText } from '../../../utils/clipboard';
import './certificate.css';

// The dialogs are antd Modals: they and antd (with its theme) load on first click (issue 16).
const ExtractDialog = lazyWithAntd(() => import('./ExtractDialog').then((m) => m.ExtractDialog));
const PrintNote = lazyWithAntd(() => import('./PrintNote').then((m) => m.PrintNote));
const PhoneInfoDialog = lazyWithAntd(() => import('./PhoneInfoDialog').then((m) => m.PhoneInfoDialog));
const ShareDialog = lazyWithAntd(() => import('./ShareDialog').then((m) => m.ShareDialog));

export interface CertificateBodyProps {
  view: CertificateView;
  viewer: Viewer;
  labels: CertLabels;
  /** Certificate html to show: `view.html` (Chinese) or `view.htmlEn` (English). */
  html: string;
  /** Absolute URL encoded in the QR code (this page). */
  pageUrl: string;
  /** Path of the same certificate in the other language; absent → no language link. */
  otherLanguageHref?: string;
  /** The owner's 下载证据 call (default POST /api/data/downBaoquan with `view.id`). */
  download?: () => Promise<DownUrl>;
  /** The 证据提取 call (default POST /api/share/downBaoquan). */
  extract?: (baoquan: string, code: string) => Promise<DownUrl>;
  /** Kind-specific blocks shown before the certificate (e.g. a web capture's screenshot). */
  intro?: ReactNode;
  /** Extra buttons in the action column. */
  actions?: ReactNode;
  /** Kind-specific blocks shown after the certificate (e.g. a web capture's artefacts). */
  children?: ReactNode;
}

type Dialog = 'extract' | 'print' | 'phone' | 'share';

/** Renders the certificate with its actions; all dialogs live here. */
export function CertificateBody({ view, viewer, labels, html, pageUrl, otherLanguageHref, download, extract, intro, actions, children }: CertificateBodyProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A dialog stays mounted after its first opening so its closing animation can run.
  const [mounted, setMounted] = useState<ReadonlySet<Dialog>>(new Set());
  const [busy, setBusy] = useState<'download' | 'pdf' | null>(null);
  const show = visibility(view, viewer);
  const open = (d: Dialog) => {
    setMounted((s) => new Set(s).add(d));
    setDialog(d);
  };
  const close = () => setDialog(null);

  const onDownload = async () => {
    const d = downloadDecision(view.isDownload);
    if (!d.ok) {
      const msg = view.isDownload === 2 ? labels.uploading : labels.missing;
      void import('./notify').then((n) => n.warn(msg));
      return;
    }
    setBusy('download');
    try {
      startDownload((await (download ? download() : ownerDownload(view.id))).downUrl);
    } catch {
      // The request wrapper showed the server's message.
    } finally {
      setBusy(null);
    }
  };

  /** 分享: copy the link at once (the click is the user gesture the clipboard needs), then show it with its QR code. */
  const onShare = async () => {
    const copied = await copyText(pageUrl);
    open('share');
    void import('./notify').then((n) => (copied ? n.success(labels.shareCopied) : n.warn(labels.shareCopyFailed)));
  };

  const onPdf = async () => {
    setBusy('pdf');
    try {
      startDownload((await downloadCertificatePdf(view.baoquan, labels.lang)).downUrl);
    } catch {
      // The request wrapper showed the server's message.
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="cert-page" lang={labels.lang === 'zh' ? 'zh-CN' : 'en'}>
      <div className="cert-head no-print">
        <h1 className="cert-title">{labels.pageTitle}</h1>
        {otherLanguageHref ? (
          <Link to={otherLanguageHref} className="cert-lang">
            {labels.otherLanguage}
          </Link>
        ) : null}
      </div>

      {show.deletedNotice && (
        <div className="cert-deleted no-print" role="note">
          <strong>{labels.deletedTitle}</strong>
          <div>{labels.deletedText}</div>
        </div>
      )}

      <dl className="cert-meta no-print">
        <dt>{labels.baoquan}</dt>
        <dd className="cert-mono">{view.baoquan}</dd>
        <dt>{labels.chainhash}</dt>
        <dd>
          <Link to={`/ledger/${view.chainhash}`} className="cert-mono cert-hash" data-testid="chainhash-link">
            {view.chainhash}
          </Link>
          <div className="cert-hint">{labels.chainhashHint}</div>
        </dd>
      </dl>

      {intro}

      <div className="cert-main">
        <div className="cert-html print-area" dangerouslySetInnerHTML={{ __html: html }} />
        <aside className="cert-side no-print">
          {show.qr && (
            <div className="cert-qr">
              <QrCode value={pageUrl} alt={labels.qrTitle} />
              <div className="cert-qr-title">{labels.qrTitle}</div>
              <div className="cert-hint">{labels.qrHint}</div>
            </div>
          )}
          <div className="cert-actions">
            {show.phoneInfo && <ActionButton onClick={() => open('phone')}>{labels.phoneInfo}</ActionButton>}
            {show.download && (
              <ActionButton primary loading={busy === 'download'} onClick={() => void onDownload()}>
                {labels.download}
              </ActionButton>
            )}
            {show.extract && (
              <ActionButton primary onClick={() => open('extract')}>
                {labels.extract}
              </ActionButton>
            )}
            <ActionButton onClick={() => void onShare()}>{labels.share}</ActionButton>
            {show.print && <ActionButton onClick={() => open('print')}>{labels.print}</ActionButton>}
            {show.print && (
              <ActionButton loading={busy === 'pdf'} onClick={() => void onPdf()}>
                {labels.pdf}
              </ActionButton>
            )}
            {actions}
          </div>
        </aside>
      </div>

      {children}

      <Suspense fallback={null}>
        {mounted.has('extract') && <ExtractDialog open={dialog === 'extract'} baoquan={view.baoquan} labels={labels} onClose={close} extract={extract} />}
        {mounted.has('print') && <PrintNote open={dialog === 'print'} labels={labels} onClose={close} />}
        {mounted.has('share') && <ShareDialog open={dialog === 'share'} url={pageUrl} labels={labels} onClose={close} />}
        {mounted.has('phone') && show.phoneInfo && <PhoneInfoDialog open={dialog === 'phone'} baoquan={view.baoquan} labels={labels} onClose={close} />}
      </Suspense>
    </div>
  );
}
