/**
 * Dialog to set or clear an evidence's label (POST /api/data/saveLabel, spec p1 §7). An empty
 * label removes it.
 */
import { useEffect, useState } from 'react';
import { App, AutoComplete, Modal } from 'antd';
import { LABEL_MAX } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { validateNoSpecialChars } from '@cunzheng/contract/validators';
import { saveLabel } from '../../../api/data';
import type { DataEvidence } from '../../../api/types';

export function LabelEditor({ target, labels, onClose, onSaved }: { target: DataEvidence | null; labels: string[]; onClose: () => void; onSaved: () => void }) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();

  useEffect(() => setValue(target?.label ?? ''), [target]);

  const save = async () => {
    if (!target) return;
    const label = value.trim();
    if ([...label].length > LABEL_MAX) return void message.error(MSG.LABEL_TOO_LONG);
    const special = validateNoSpecialChars(label, '标签');
    if (special !== true) return void message.error(special);
    setBusy(true);
    try {
      await saveLabel(target.id, label);
      void message.success(MSG.OPERATION_SUCCESS);
      onSaved();
      onClose();
    } catch {
      // shown by the wrapper
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="编辑标签" open={target !== null} onOk={save} onCancel={onClose} confirmLoading={busy} okText="确定" cancelText="取消" destroyOnHidden>
      <p className="label-editor-note">为“{target?.title || target?.fileName}”设置标签，便于分类查找；留空则清除标签。</p>
      <AutoComplete
        value={value}
        onChange={(v: string) => setValue(v)}
        options={labels.map((l) => ({ value: l }))}
        placeholder="输入或选择标签"
        maxLength={LABEL_MAX}
        style={{ width: '100%' }}
        allowClear
        filterOption
        autoFocus
      />
    </Modal>
  );
}
