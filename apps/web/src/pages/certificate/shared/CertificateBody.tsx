/**
 * The preservation certificate as shown to a viewer (spec p1 §2 "Preservation certificate page",
 * p1 §6): number, block transaction hash linking to the ledger explorer, the server-rendered
 * certificate html, the QR code for online viewing, and the buttons this viewer may use.
 * Presentational: the page loads the view and passes it in; the Chinese and English pages share it.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Typography, message } from 'antd';
import { downloadCertificatePdf, ownerDownload, type CertificateView } from '../../../api/certificate';
import type { CertLabels } from './labels';
import { downloadDecision, visibility, type Viewer } from './rules';
import { startDownload } from './download';
import { ExtractDialog } from './ExtractDialog';
import { PhoneInfoDialog } from './PhoneInfoDialog';
import { PrintNote } from './PrintNote';
import { QrCode } from './QrCode';
import './certificate.css';

export interface CertificateBodyProps {
  view: CertificateView;
  viewer: Viewer;
  labels: CertLabels;
  /** Certificate html to show: `view.html` (Chinese) or `view.htmlEn` (English). */
  html: string;
  /** Absolute URL encoded in the QR code (this page). */
  pageUrl: string;
  /** Path of the same certificate in the other language. */
  otherLanguageHref: string;
}

type Dialog = 'extract' | 'print' | 'phone' | null;

/** Renders the certificate with its actions; all dialogs live here. */
export function CertificateBody({ view, viewer, labels, html, pageUrl, otherLanguageHref }: CertificateBodyProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<'download' | 'pdf' | null>(null);
  const [msgApi, msgHolder] = message.useMessage();
  const show = visibility(view, viewer);
  const close = () => setDialog(null);

  const onDownload = async () => {
    const d = downloadDecision(view.isDownload);
    if (!d.ok) {
      void msgApi.warning(view.isDownload === 2 ? labels.uploading : labels.missing);
      return;
    }
    setBusy('download');
    try {
      startDownload((await ownerDownload(view.id)).downUrl);
    } catch {
      // The request wrapper showed the server's message.
    } finally {
      setBusy(null);
    }
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
      {msgHolder}
      <div className="cert-head no-print">
        <Typography.Title level={3} className="cert-title">
          {labels.pageTitle}
        </Typography.Title>
        <Link to={otherLanguageHref} className="cert-lang">
          {labels.otherLanguage}
        </Link>
      </div>

      {show.deletedNotice && (
        <Alert className="cert-deleted" type="warning" showIcon title={labels.deletedTitle} description={labels.deletedText} />
      )}

      <dl className="cert-meta">
        <dt>{labels.baoquan}</dt>
        <dd className="cert-mono">{view.baoquan}</dd>
        <dt>{labels.chainhash}</dt>
        <dd>
          <Link to={`/ledger/${view.chainhash}`} className="cert-mono cert-hash" data-testid="chainhash-link">
            {view.chainhash}
          </Link>
          <div className="cert-hint no-print">{labels.chainhashHint}</div>
        </dd>
      </dl>

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
            {show.phoneInfo && <Button onClick={() => setDialog('phone')}>{labels.phoneInfo}</Button>}
            {show.download && (
              <Button type="primary" loading={busy === 'download'} onClick={onDownload}>
                {labels.download}
              </Button>
            )}
            {show.extract && (
              <Button type="primary" onClick={() => setDialog('extract')}>
                {labels.extract}
              </Button>
            )}
            {show.print && <Button onClick={() => setDialog('print')}>{labels.print}</Button>}
            {show.print && (
              <Button loading={busy === 'pdf'} onClick={onPdf}>
                {labels.pdf}
              </Button>
            )}
          </div>
        </aside>
      </div>

      <ExtractDialog open={dialog === 'extract'} baoquan={view.baoquan} labels={labels} onClose={close} />
      <PrintNote open={dialog === 'print'} labels={labels} onClose={close} />
      {show.phoneInfo && <PhoneInfoDialog open={dialog === 'phone'} baoquan={view.baoquan} labels={labels} onClose={close} />}
    </div>
  );
}
