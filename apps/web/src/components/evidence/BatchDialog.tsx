/**
 * The "batch download in progress" dialog (spec p1 §2): closes itself after 5 s while the
 * downloads continue in the background.
 */
import { useEffect } from 'react';
import { Modal } from 'antd';
import { BATCH_DIALOG_CLOSE_MS } from '@cunzheng/contract/constants';

export function BatchDialog({ open, count, zip, onClose }: { open: boolean; count: number; zip: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!open) return;
    const t = setTimeout(onClose, BATCH_DIALOG_CLOSE_MS);
    return () => clearTimeout(t);
  }, [open, onClose]);

  return (
    <Modal title="批量下载中" open={open} onCancel={onClose} footer={null} width={420} centered>
      <p>{zip ? `正在打包 ${count} 个证据，压缩包生成后将自动开始下载。` : `已开始下载 ${count} 个证据文件，下载将在后台继续进行。`}</p>
      <p className="muted">若浏览器询问“是否允许下载多个文件”，请选择允许。本窗口 {BATCH_DIALOG_CLOSE_MS / 1000} 秒后自动关闭。</p>
    </Modal>
  );
}
