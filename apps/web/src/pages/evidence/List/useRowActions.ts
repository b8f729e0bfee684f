/**
 * Row actions of the shared list, for any kind: download (the kind's blocker first — spec p1 §4
 * isDownload for data, 取证尚未完成 for a capture — then its download call, opened in a hidden frame)
 * and delete after the confirm dialog titled 提示 (the kind's text and delete call).
 */
import { App } from 'antd';
import { MSG, UI } from '@cunzheng/contract/messages';
import type { EvidenceRow } from '../../../api/kinds/types';
import { startDownload } from '../../../components/evidence/download';
import type { ListKind } from '../kinds/types';

export function useRowActions(kind: ListKind, onChanged: () => void) {
  const { message, modal } = App.useApp();

  /** Downloads row `id` without checking (the detail drawer offers it only for ready rows). */
  const downloadId = async (id: number) => {
    try {
      startDownload((await kind.api.download(id)).downUrl);
    } catch {
      // shown by the wrapper
    }
  };

  const download = (r: EvidenceRow) => {
    const blocked = kind.downloadBlocker(r);
    if (blocked) return void message.warning(blocked);
    void downloadId(r.id);
  };

  const remove = (r: EvidenceRow) => {
    modal.confirm({
      title: UI.CONFIRM_TITLE,
      content: kind.confirmDelete(r),
      okText: UI.OK,
      cancelText: UI.CANCEL,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await kind.api.remove(r.id);
          void message.success(MSG.DELETE_SUCCESS);
          onChanged();
        } catch {
          // shown by the wrapper
        }
      },
    });
  };

  return { download, downloadId, remove };
}
