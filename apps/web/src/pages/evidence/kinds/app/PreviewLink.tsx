/**
 * 预览 of an owner's evidence row: asks for a preview ticket (GET /api/app/previewUrl) and opens
 * /mobile/previewProgress/{fileUrl}/{key}, which checks the file and continues to /mobile/preview.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { getPreviewUrl, previewProgressPath } from '../../../../api/app';

export function PreviewLink({ baoquan }: { baoquan: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const p = await getPreviewUrl(baoquan);
      void navigate(`${previewProgressPath(p)}?type=${encodeURIComponent(p.type)}&baoquan=${encodeURIComponent(p.baoquan)}`);
    } catch {
      // The request wrapper shows the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" size="small" icon={<EyeOutlined />} loading={busy} onClick={() => void open()} className="preview-link">
      预览
    </Button>
  );
}
