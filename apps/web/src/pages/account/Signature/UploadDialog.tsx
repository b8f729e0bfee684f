/**
 * 上传签章: a name and a PNG (transparent background kept) sent to POST /api/signature/add as multipart
 * (`name`, `file`). The file is checked before sending (PNG bytes, at most 2M) and previewed.
 */
import { useRef, useState } from 'react';
import { App, Button, Form, Input, Modal } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { signatureAdd } from '../../../api/account';
import { textRules } from '../../../utils/rules';
import { checkStampFile, toDataUrl } from './png';
import { SIGNATURES_KEY } from './useSignatureActions';

/** Stamp name limit (SIGNATURE_LIMITS.nameMax of the contract). */
export const SIGNATURE_NAME_MAX = 20;

export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="上传签章" onCancel={onClose} footer={null} destroyOnHidden width={480}>
      {open ? <UploadForm onClose={onClose} /> : null}
    </Modal>
  );
}

function UploadForm({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const { message } = App.useApp();
  const qc = useQueryClient();

  const pick = async (f: File | undefined) => {
    setFile(null);
    setPreview('');
    if (!f) return;
    const problem = await checkStampFile(f);
    setFileError(problem);
    if (problem) return;
    setFile(f);
    setPreview(await toDataUrl(f));
    if (!form.getFieldValue('name')) form.setFieldValue('name', f.name.replace(/\.png$/i, '').slice(0, SIGNATURE_NAME_MAX));
  };

  const onFinish = async (v: { name: string }) => {
    if (!file) {
      setFileError(fileError ?? '请选择签章图片');
      return;
    }
    setBusy(true);
    setPercent(0);
    try {
      const { msg } = await signatureAdd(v.name.trim(), file, file.name, (p) => setPercent(p.percent));
      void message.success(msg || MSG.UPLOAD_SUCCESS);
      await qc.invalidateQueries({ queryKey: SIGNATURES_KEY });
      onClose();
    } catch {
      // The wrapper showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <Form.Item label="签章图片" required validateStatus={fileError ? 'error' : undefined} help={fileError ?? 'PNG 格式、透明背景，不超过 2M，宽高 50–2000 像素'}>
        <div className="sig-upload">
          <div className="sig-image sig-upload-preview">{preview ? <img src={preview} alt="签章预览" /> : <span className="muted">未选择图片</span>}</div>
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            选择 PNG 图片
          </Button>
          <input ref={input} type="file" accept="image/png" className="visually-hidden" aria-label="选择签章图片" onChange={(e) => void pick(e.target.files?.[0])} />
        </div>
      </Form.Item>
      <Form.Item name="name" label="签章名称" rules={textRules(MSG.SIGNATURE_NAME_REQUIRED, SIGNATURE_NAME_MAX, '签章名称')}>
        <Input placeholder="例如：合同专用章" maxLength={SIGNATURE_NAME_MAX} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {busy ? `上传中 ${percent}%` : '上传'}
      </Button>
    </Form>
  );
}
