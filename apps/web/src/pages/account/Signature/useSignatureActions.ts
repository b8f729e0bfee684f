/**
 * Set-default and delete of a stamp (spec p1 §2 "each with a confirmation", §8 "the server msg for …
 * set default and delete"): a 提示 confirm dialog, the call, the server's msg as a success toast and a
 * refresh of the list.
 */
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { TSignatureItem } from '@cunzheng/contract/account';
import { MSG, UI } from '@cunzheng/contract/messages';
import { signatureDel, signatureSetDefault } from '../../../api/account';

/** Query key of the stamp list. */
export const SIGNATURES_KEY = ['signature/listing'] as const;

export function useSignatureActions() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();

  const run = (content: string, call: () => Promise<{ msg: string }>, fallback: string, danger: boolean) => {
    modal.confirm({
      title: UI.CONFIRM_TITLE,
      content,
      okText: UI.OK,
      cancelText: UI.CANCEL,
      okButtonProps: danger ? { danger: true } : undefined,
      onOk: async () => {
        try {
          const { msg } = await call();
          void message.success(msg || fallback);
          await qc.invalidateQueries({ queryKey: SIGNATURES_KEY });
        } catch {
          // The wrapper showed the server's message.
        }
      },
    });
  };

  return {
    setDefault: (s: TSignatureItem) => run(`确定将“${s.name}”设为默认章吗？`, () => signatureSetDefault(s.id), MSG.SET_DEFAULT_SUCCESS, false),
    remove: (s: TSignatureItem) => run(`确定删除签章“${s.name}”吗？删除后不可恢复。`, () => signatureDel(s.id), MSG.DELETE_SUCCESS, true),
  };
}
