/**
 * Dialog to set or clear an evidence's label (spec p1 §7 saveLabel; issue 4 §2 webforlist/saveLabel).
 * An empty label removes it. Checked before sending: at most LABEL_MAX characters (标签不能超过…),
 * no special characters (spec p2 §5). Shared by the data-deposit and web-evidence lists: the caller
 * says what is labelled (`target`) and how the label is saved (`save`, which throws ApiError on a
 * refusal — the request wrapper has shown its message).
 */
import { useEffect, useState } from 'react';
import { App, AutoComplete, Modal } from 'antd';
import { LABEL_MAX } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { validateNoSpecialChars } from '@cunzheng/contract/validators';

/** What the dialog needs of the labelled evidence. */
export interface LabelTarget {
  /** Shown in the note (title, else file name or URL). */
  name: string;
  /** The current label ('' none). */
  label: string;
}

export interface LabelEditorProps {
  /** The evidence being labelled; null closes the dialog. */
  target: LabelTarget | null;
  /** Suggestions (the user's existing labels). */
  labels: string[];
  /** Saves the trimmed label for `target`. */
  save: (label: string) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
}

export function LabelEditor({ target, labels, save, onClose, onSaved }: LabelEditorProps) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();

  useEffect(() => setValue(target?.label ?? ''), [target]);

  const submit = async () => {
    if (!target) return;
    const label = value.trim();
    if ([...label].length > LABEL_MAX) return void message.error(MSG.LABEL_TOO_LONG);
    const special = validateNoSpecialChars(label, '标签');
    if (special !== true) return void message.error(special);
    setBusy(true);
    try {
      await save(label);
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
    <Modal title="编辑标签" open={target !== null} onOk={submit} onCancel={onClose} confirmLoading={busy} okText="确定" cancelText="取消" destroyOnHidden>
      <p className="label-editor-note">为“{target?.name}”设置标签，便于分类查找；留空则清除标签。</p>
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
