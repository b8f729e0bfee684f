/**
 * Row actions of the evidence list: download the evidence (spec p1 §4 isDownload rules:
 * 1 downloadable, 2 still uploading 证据上传中请稍后下载, otherwise 证据缺失不可下载) and delete
 * after a confirm dialog titled 提示 (GET /api/data/delData).
 */
import { App } from 'antd';
import { MSG, UI } from '@cunzheng/contract/messages';
import { delData, downBaoquan } from '../../../api/data';
import type { DataEvidence } from '../../../api/types';
import { startDownload } from '../../../components/evidence/download';

/** The message blocking a download, or null when `isDownload` allows it (spec p1 §4). */
export function downloadBlocker(isDownload: number | string | undefined): string | null {
  const v = Number(isDownload);
  if (v === 1) return null;
  if (v === 2) return MSG.EVIDENCE_UPLOADING;
  return MSG.EVIDENCE_MISSING;
}

export function useEvidenceActions(onDeleted: () => void) {
  const { message, modal } = App.useApp();

  const download = async (r: DataEvidence) => {
    const blocked = downloadBlocker(r.isDownload);
    if (blocked) return void message.warning(blocked);
    try {
      const { downUrl } = await downBaoquan(r.id);
      startDownload(downUrl);
    } catch {
      // shown by the wrapper
    }
  };

  const remove = (r: DataEvidence) => {
    modal.confirm({
      title: UI.CONFIRM_TITLE,
      content: `确定删除“${r.title || r.fileName}”吗？删除后该证据将从列表中移除，账本记录和保全证书仍可查询。`,
      okText: UI.OK,
      cancelText: UI.CANCEL,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await delData(r.id);
          void message.success(MSG.DELETE_SUCCESS);
          onDeleted();
        } catch {
          // shown by the wrapper
        }
      },
    });
  };

  return { download, remove };
}
