/**
 * Route /mobile/previewProgress/{fileUrl}/{key} (spec p2 §2; issue 12 §1): shown while a (large) file is
 * prepared for preview — the server reads the whole file and checks it against its SHA-256 (GET
 * /api/app/mediaStatus/{ticket}); then the page continues to /mobile/preview/{fileUrl}/{key}/{type}/{baoquan}
 * (type and baoquan from the query; else the type from the file's media type and '-' for an unknown number). A ticket that is expired,
 * forged or whose file fails the check shows the reason instead.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Progress, Result, Typography } from 'antd';
import { APP_MSG, PREVIEW_TYPES } from '@cunzheng/contract/app';
import { getMediaStatus, previewPath } from '../../../api/app';
import '../preview.css';

const typeOfMime = (mime: string) => (mime.startsWith('image/') ? '图片' : mime.startsWith('video/') ? '视频' : mime.startsWith('audio/') ? '音频' : '文档');

export default function MobilePreviewProgress() {
  const { fileUrl = '', key = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [percent, setPercent] = useState(5);
  const status = useQuery({ queryKey: ['app/mediaStatus', fileUrl, 'prepare'], queryFn: ({ signal }) => getMediaStatus(fileUrl, signal), retry: false, enabled: fileUrl.length >= 10 });

  // The check has no byte progress of its own: the bar creeps towards 90 % until the answer comes.
  useEffect(() => {
    if (status.data || status.isError) return;
    const t = setInterval(() => setPercent((p) => Math.min(90, p + Math.max(1, Math.round((90 - p) / 8)))), 300);
    return () => clearInterval(t);
  }, [status.data, status.isError]);

  useEffect(() => {
    const s = status.data;
    if (!s || s.sha256 !== key) return;
    setPercent(100);
    const q = search.get('type') ?? '';
    const type = (PREVIEW_TYPES as readonly string[]).includes(q) ? q : typeOfMime(s.mime);
    void navigate(previewPath({ fileUrl, key, type: type as (typeof PREVIEW_TYPES)[number], baoquan: search.get('baoquan') || '-' }), { replace: true });
  }, [status.data, key, fileUrl, search, navigate]);

  if (fileUrl.length < 10 || status.isError) return <Result status="warning" title={APP_MSG.PREVIEW_INVALID} extra={<Link to="/attestation-all/app">返回App取证</Link>} />;
  if (status.data && status.data.sha256 !== key) return <Result status="error" title="文件指纹与链接不一致" subTitle="请从证书页或取证列表重新打开预览" />;
  return (
    <div className="mpreview-progress" role="status">
      <Typography.Title level={4}>正在准备预览文件</Typography.Title>
      <Progress percent={percent} status="active" />
      <Typography.Paragraph type="secondary">正在校验文件指纹，大文件需要稍候片刻…</Typography.Paragraph>
    </div>
  );
}
