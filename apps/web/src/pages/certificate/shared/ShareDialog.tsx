/**
 * 分享 of the certificate page (issue 8 §3): the link of this certificate (already copied when the
 * dialog opens), a button to copy it again, and its QR code to scan with a phone. Loaded on first use.
 */
import { useState } from 'react';
import { Button, Input, Modal, Space } from 'antd';
import { copyText } from '../../../utils/clipboard';
import type { CertLabels } from './labels';
import { QrCode } from './QrCode';

export interface ShareDialogProps {
  open: boolean;
  /** Absolute URL of the certificate page. */
  url: string;
  labels: CertLabels;
  onClose: () => void;
}

export function ShareDialog({ open, url, labels, onClose }: ShareDialogProps) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => setCopied(await copyText(url));
  return (
    <Modal open={open} title={labels.shareTitle} footer={null} width={420} onCancel={onClose}>
      <div className="cert-share">
        <QrCode value={url} size={160} alt={labels.qrTitle} />
        <p className="cert-hint">{labels.shareHint}</p>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={url} aria-label={labels.shareLink} onFocus={(e) => e.target.select()} />
          <Button type="primary" onClick={() => void copy()}>
            {labels.shareCopy}
          </Button>
        </Space.Compact>
        {copied === null ? null : <p className="cert-hint">{copied ? labels.shareCopied : labels.shareCopyFailed}</p>}
      </div>
    </Modal>
  );
}
