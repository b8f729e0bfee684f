/**
 * The evidence-extraction dialog (spec p2 §2 "Dialogs": title 证据提取, one field of at most 30
 * characters, button 提取). On a valid code it calls POST /api/share/downBaoquan and starts the
 * download from the returned downUrl; a wrong code shows the server's message (toast by the wrapper).
 * After repeated wrong codes the server asks for an image captcha (issue 9 §3): the dialog then shows one
 * and sends its answer with every retry.
 */
import { useState } from 'react';
import { Button, Flex, Input, Modal, Spin } from 'antd';
import { CAPTCHA_LENGTH } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { extractEvidence, type DownUrl } from '../../../api/certificate';
import { needsCaptcha } from '../../../api/request';
import { useImageCaptcha } from '../../../hooks/useImageCaptcha';
import type { CertLabels } from './labels';
import { checkExtractCode, EXTRACT_CODE_MAX } from './extractCode';
import { startDownload } from './download';

export interface ExtractDialogProps {
  open: boolean;
  baoquan: string;
  labels: CertLabels;
  onClose: () => void;
  /** The extraction call (default POST /api/share/downBaoquan; web captures use /api/share/webDownload). */
  extract?: (baoquan: string, code: string, captcha?: { captchaId: string; imgCode: string }) => Promise<DownUrl>;
}

/** Modal with one code field; closes itself once the download starts. */
export function ExtractDialog({ open, baoquan, labels, onClose, extract = extractEvidence }: ExtractDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [imgCode, setImgCode] = useState('');
  const captcha = useImageCaptcha(needCaptcha);

  const submit = async () => {
    const value = code.trim();
    const problem = checkExtractCode(value, { required: labels.extractRequired, format: labels.extractFormat });
    setError(problem);
    if (problem) return;
    if (needCaptcha && imgCode.trim() === '') {
      setError(MSG.IMG_CODE_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      const { downUrl } = await extract(baoquan, value, needCaptcha ? { captchaId: captcha.captchaId, imgCode: imgCode.trim() } : undefined);
      startDownload(downUrl);
      setCode('');
      onClose();
    } catch (e) {
      // The request wrapper already showed the server's message; keep the dialog open to retry.
      if (needsCaptcha(e)) setNeedCaptcha(true);
      if (needCaptcha) captcha.refresh(); // single use, right or wrong
      setImgCode('');
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
      {needCaptcha ? (
        <Flex gap={8} className="cert-extract-captcha">
          <Input
            aria-label="图形验证码"
            value={imgCode}
            maxLength={CAPTCHA_LENGTH}
            placeholder="请输入图形验证码"
            autoComplete="off"
            onChange={(e) => setImgCode(e.target.value)}
            onPressEnter={submit}
          />
          <button type="button" className="captcha-img" onClick={captcha.refresh} title="看不清？换一张" aria-label="刷新图形验证码">
            {captcha.src ? <img src={captcha.src} alt="图形验证码" /> : <Spin size="small" spinning={captcha.loading} />}
          </button>
        </Flex>
      ) : null}
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
