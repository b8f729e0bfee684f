/**
 * Row actions of the web-evidence list (issue 4 §2): download the WACZ package of a done capture
 * (POST /api/webforlist/webDownload → downUrl, opened in a hidden frame; before it is done:
 * 取证尚未完成) and delete after the confirm dialog titled 提示 (POST /api/webforlist/webDel).
 */
import { App } from 'antd';
import { MSG, UI } from '@cunzheng/contract/messages';
import { delWeb, webDownload, type WebItem } from '../../../api/forensics';
import { startDownload } from '../../../components/evidence/download';

export function useWebActions(onDeleted: () => void) {
  const { message, modal } = App.useApp();

  const download = async (r: Pick<WebItem, 'id' | 'status'>) => {
    if (r.status !== 2) return void message.warning(MSG.WEB_NOT_DONE);
    try {
      const { downUrl } = await webDownload(r.id);
      startDownload(downUrl);
    } catch {
      // shown by the wrapper
    }
  };

  const remove = (r: WebItem) => {
    modal.confirm({
      title: UI.CONFIRM_TITLE,
      content:
        r.status === 2
          ? `确定删除“${r.title || r.url}”吗？删除后该取证将从列表中移除，账本记录和保全证书仍可查询。`
          : `确定删除“${r.title || r.url}”的取证记录吗？`,
      okText: UI.OK,
      cancelText: UI.CANCEL,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await delWeb(r.id);
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
