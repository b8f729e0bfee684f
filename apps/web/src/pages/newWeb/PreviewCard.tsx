/**
 * The preview of a web page before preserving it (issue 4 §2 POST /api/webforensics/preview): the
 * server's viewport screenshot, the page title and the final URL after redirects, with a button to
 * confirm the capture. Nothing is preserved by a preview.
 */
import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { WebPreview } from '../../api/forensics';

export interface PreviewCardProps {
  /** The address the user asked for. */
  url: string;
  /** The answer; null while loading. */
  preview: WebPreview | null;
  /** The capture is being submitted. */
  submitting: boolean;
  onConfirm: () => void;
}

export function PreviewCard({ url, preview, submitting, onConfirm }: PreviewCardProps) {
  const redirected = preview !== null && preview.finalUrl !== '' && preview.finalUrl !== url;
  return (
    <Card size="small" title="网页预览" className="web-preview" data-testid="web-preview">
      {preview === null ? (
        <div className="web-preview-loading">
          <Skeleton.Image active className="web-preview-skeleton" />
          <p className="muted">正在平台服务器上打开该网页，请稍候…</p>
        </div>
      ) : (
        <div className="web-preview-body">
          <div className="web-preview-shot">
            {preview.screenshotUrl ? <img src={preview.screenshotUrl} alt={`网页预览：${preview.title || url}`} /> : <div className="web-preview-noshot muted">无预览图</div>}
          </div>
          <dl className="web-facts">
            <dt>网页标题</dt>
            <dd>{preview.title || <span className="muted">（无标题）</span>}</dd>
            <dt>最终地址</dt>
            <dd>
              <Typography.Link href={preview.finalUrl || url} target="_blank" rel="noopener noreferrer" className="web-url">
                {preview.finalUrl || url}
              </Typography.Link>
            </dd>
          </dl>
          {redirected ? <Alert type="info" showIcon title="该网址发生了跳转，取证将保存跳转后的最终页面及完整跳转过程。" /> : null}
          <div className="web-preview-actions">
            <span className="muted">预览仅供确认页面内容，确认后平台将完整保存网页并生成保全证书。</span>
            <Button type="primary" icon={<SafetyCertificateOutlined />} loading={submitting} onClick={onConfirm}>
              确认取证
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
