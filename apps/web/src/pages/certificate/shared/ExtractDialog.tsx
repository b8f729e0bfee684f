/**
 * The evidence-extraction dialog (spec p2 §2 "Dialogs": title 证据提取, one field of at most 30
 * characters, button 提取). On a valid code it calls POST /api/share/downBaoquan and starts the
 * download from the returned downUrl; a wrong code shows the server's message (toast by the wrapper).
 */
import { useState } from 'react';
import { Button, Input, Modal } from 'antd';
import { extractEvidence, type DownUrl } from '../../../api/certificate';
import type { CertLabels } from './labels';
import { checkExtractCode, EXTRACT_CODE_MAX } from './extractCode';
import { startDownload } from './download';

export interface ExtractDialogProps {
  open: boolean;
  baoquan: string;
  labels: CertLabels;
  onClose: () => void;
  /** The extraction call (default POST /api/share/downBaoquan; web captures use /api/share/webDownload). */
  extract?: (baoquan: string, code: string) => Promise<DownUrl>;
}

/** Modal with one code field; closes itself once the download starts. */
export function ExtractDialog({ open, baoquan, labels, onClose, extract = extractEvidence }: ExtractDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const value = code.trim();
    const problem = checkExtractCode(value, { required: labels.extractRequired, format: labels.extractFormat });
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { downUrl } = await extract(baoquan, value);
      startDownload(downUrl);
      setCode('');
      onClose();
    } catch {
      // The request wrapper already showed the server's message; keep the dialog open to retry.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={labels.extractTitle}
      onCancel={onClose}
      destroyOnHidden
      width={400}
      footer={
        <Button type="primary" loading={busy} onClick={submit} block>
          {labels.extractButton}
        </Button>
      }
    >
      <label htmlFor="extract-code" className="cert-extract-label">
        {labels.extractLabel}
      </label>
      <Input
        id="extract-code"
        value={code}
        maxLength={EXTRACT_CODE_MAX}
        placeholder={labels.extractPlaceholder}
        status={error ? 'error' : undefined}
        autoComplete="off"
        inputMode="numeric"
        onChange={(e) => {
          setCode(e.target.value);
          if (error) setError(null);
        }}
        onPressEnter={submit}
      />
      {error ? (
        <span role="alert" className="cert-extract-error cert-extract-danger">
          {error}
        </span>
      ) : (
        <span className="cert-extract-error cert-hint">{labels.extractHint}</span>
      )}
    </Modal>
  );
}
