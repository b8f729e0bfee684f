/**
 * Route /mobile/preview/{fileUrl}/{key}/{type}/{baoquan} (spec p1 §2, p2 §2; issue 12 §1): the preview of
 * an evidence file in a phone-sized page. `fileUrl` is a signed, expiring media ticket (GET
 * /api/app/previewUrl gives it to the owner), `key` the file's SHA-256, `type` 图片 / 视频 / 音频 / 文档,
 * `baoquan` the certificate number. Images show inline; video and audio play with the browser's player,
 * which fetches /api/app/media/{ticket} with HTTP range requests (seeking loads only what it needs);
 * documents open inline or download. An expired or forged ticket shows 预览链接无效或已过期.
 */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result } from 'antd';
import { APP_MSG, PREVIEW_TYPES, type PreviewType } from '@cunzheng/contract/app';
import { getMediaStatus, mediaUrl } from '../../../api/app';
import { PageLoading } from '../../../components/PageLoading';
import { formatSize } from '../../../utils/format';
import '../preview.css';

export default function MobilePreview() {
  const { fileUrl = '', key = '', type = '', baoquan = '' } = useParams();
  const kind: PreviewType = (PREVIEW_TYPES as readonly string[]).includes(type) ? (type as PreviewType) : '文档';
  const status = useQuery({ queryKey: ['app/mediaStatus', fileUrl], queryFn: ({ signal }) => getMediaStatus(fileUrl, signal), retry: false, enabled: fileUrl.length >= 10 });
  if (fileUrl.length < 10 || status.isError) return <Result status="warning" title={APP_MSG.PREVIEW_INVALID} extra={<Link to="/attestation-all/app">返回App取证</Link>} />;
  if (!status.data) return <PageLoading />;
  const s = status.data;
  const src = mediaUrl(fileUrl);
  const matches = s.sha256 === key;
  return (
    <div className="mpreview" lang="zh-CN">
      <h1 className="mpreview-title">{s.name}</h1>
      {!matches && <Alert type="error" showIcon message="文件指纹与链接不一致，请从证书页重新打开预览" style={{ marginBottom: 12 }} />}
      {kind === '图片' && <img className="mpreview-media" src={src} alt={s.name} />}
      {kind === '视频' && <video className="mpreview-media" src={src} controls playsInline preload="metadata" data-testid="preview-video" />}
      {kind === '音频' && <audio className="mpreview-audio" src={src} controls preload="metadata" data-testid="preview-audio" />}
      {kind === '文档' && (
        <Button type="primary" href={src} target="_blank" rel="noopener">
          打开文件
        </Button>
      )}
      <dl className="mpreview-facts">
        {/^CZ/i.test(baoquan) && (
          <>
            <dt>保全号</dt>
            <dd>
              <Link to={`/attestation/${encodeURIComponent(baoquan)}`}>{baoquan}</Link>
            </dd>
          </>
        )}
        <dt>类型 / 大小</dt>
        <dd>
          {kind} · {formatSize(s.size)}
        </dd>
        <dt>文件指纹（SHA-256）</dt>
        <dd>{s.sha256}</dd>
      </dl>
    </div>
  );
}
