/**
 * Single web capture (issue 4 §3 /newWeb): the address is checked with the shared validator
 * (validateEvidenceUrl → 网页地址格式错误,请重新输入, spec p2 §5) before anything is sent; 预览 asks
 * the server for a quick look (POST /api/webforensics/preview); 确认取证 submits the capture
 * (POST /api/webforensics/screenshot) and the progress is polled until done or failed. The capture id
 * is kept in the query (`?id=`) so a reload keeps showing the progress.
 */
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Space, type FormRule } from 'antd';
import { EyeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { TITLE_MAX } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { toRule, validateEvidenceUrl } from '@cunzheng/contract/validators';
import { previewWeb, startCapture, type WebPreview } from '../../api/forensics';
import { optionalTextRules } from '../../utils/rules';
import { CaptureProgress } from './CaptureProgress';
import { PreviewCard } from './PreviewCard';

interface CaptureForm {
  url: string;
  title?: string;
}

/** The antd rule of the address field (shared validator, spec p2 §5). */
export const urlRules: FormRule[] = [{ required: true, validator: (_r, v: string | undefined) => toRule(validateEvidenceUrl(v?.trim())) }];

export function SingleCapture({ intervalMs }: { intervalMs?: number }) {
  const [form] = Form.useForm<CaptureForm>();
  const [params, setParams] = useSearchParams();
  const [preview, setPreview] = useState<{ url: string; data: WebPreview | null } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<CaptureForm | null>(null);
  const abort = useRef<AbortController | null>(null);
  const id = Number(params.get('id') ?? '');
  const captureId = Number.isInteger(id) && id > 0 ? id : null;

  /** Validated, trimmed form values; null when a field is wrong (the form shows why). */
  const values = async (): Promise<CaptureForm | null> => {
    try {
      const v = await form.validateFields();
      return { url: v.url.trim(), title: v.title?.trim() || undefined };
    } catch {
      return null;
    }
  };

  const doPreview = async () => {
    const v = await values();
    if (!v) return;
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setPreview({ url: v.url, data: null });
    try {
      const data = await previewWeb(v.url, ctrl.signal);
      if (!ctrl.signal.aborted) setPreview({ url: v.url, data });
    } catch {
      // The wrapper showed the server's reason (refused address, timeout …).
      if (!ctrl.signal.aborted) setPreview(null);
    }
  };

  const submit = async (given?: CaptureForm) => {
    const v = given ?? (await values());
    if (!v) return;
    abort.current?.abort();
    setSubmitting(true);
    try {
      const r = await startCapture(v.url, v.title);
      setSubmitted(v);
      setPreview(null);
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set('id', String(r.id));
        return next;
      });
    } catch {
      // shown by the wrapper
    } finally {
      setSubmitting(false);
    }
  };

  const startOver = () => {
    form.resetFields();
    setPreview(null);
    setSubmitted(null);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('id');
      return next;
    });
  };

  if (captureId !== null) {
    return (
      <CaptureProgress
        key={captureId}
        id={captureId}
        url={submitted?.url ?? ''}
        intervalMs={intervalMs}
        onNew={startOver}
        onRetry={(url) => void submit({ url, title: submitted?.url === url ? submitted.title : undefined })}
      />
    );
  }

  return (
    <>
      <Card size="small" className="web-capture-card">
        <Form form={form} layout="vertical" onFinish={() => void submit()} requiredMark={false} disabled={submitting}>
          <Form.Item name="url" label="网页地址" rules={urlRules} validateTrigger="onBlur" extra="以 http:// 或 https:// 开头，例如 https://www.example.com/news/1.html">
            <Input
              size="large"
              placeholder="请输入要取证的网页地址"
              maxLength={2048}
              allowClear
              inputMode="url"
              autoComplete="off"
              onChange={() => {
                // The preview belongs to the address it was made for.
                abort.current?.abort();
                setPreview(null);
              }}
            />
          </Form.Item>
          <Form.Item name="title" label="标题（选填）" rules={optionalTextRules(TITLE_MAX, MSG.TITLE_TOO_LONG, '标题')}>
            <Input placeholder="默认使用网页标题" maxLength={TITLE_MAX} />
          </Form.Item>
          <Space wrap>
            <Button icon={<EyeOutlined />} onClick={() => void doPreview()} loading={preview !== null && preview.data === null}>
              预览
            </Button>
            <Button type="primary" htmlType="submit" icon={<SafetyCertificateOutlined />} loading={submitting}>
              确认取证
            </Button>
          </Space>
        </Form>
      </Card>
      {preview ? <PreviewCard url={preview.url} preview={preview.data} submitting={submitting} onConfirm={() => void submit()} /> : null}
    </>
  );
}
