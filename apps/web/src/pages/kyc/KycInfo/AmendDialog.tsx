/**
 * 变更被授权人 (issue 14 §2; POST api/user/updateAuthor; spec p2 §5 same rules, images ≤ 20 MB): the new
 * authorised person's name, ID number (fills birth date and sex), phone, authorisation letter and ID front and
 * back. Images not chosen keep the stored ones. The change applies once an operator approves it.
 */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { AMEND_IMAGE_FIELDS, KYC_IMAGE_LABEL } from '@cunzheng/contract/kyc';
import { submitAmend, type Files } from '../../../api/kyc';
import { ImageField } from '../shared/ImageField';
import { LIMIT } from '../shared/imageRules';
import { useKycRefresh } from '../shared/useKyc';
import { autoFill, RULES } from '../OrganizationKyc/fields';
import { TemplateLink } from '../OrganizationKyc/TemplateLink';

interface Values {
  authorName: string;
  authorIdcard: string;
  authorPhone: string;
  authorBrith?: string;
  authorSex?: 0 | 1;
}

export function AmendDialog({ open, onClose, stored }: { open: boolean; onClose: () => void; stored: Map<string, string> }) {
  const { message } = App.useApp();
  const refresh = useKycRefresh();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<Files>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const fields: Record<string, string | number> = { authorName: v.authorName.trim(), authorIdcard: v.authorIdcard.trim(), authorPhone: v.authorPhone.trim() };
      const a = autoFill(v.authorIdcard);
      if (a) Object.assign(fields, a);
      const r = await submitAmend(fields, files);
      void message.success(r.msg || MSG.SUBMIT_SUCCESS);
      await refresh();
      onClose();
    } catch {
      // Toasted by the wrapper.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="变更被授权人" open={open} onCancel={onClose} onOk={submit} okText="提交" cancelText="取消" confirmLoading={busy} destroyOnHidden width={640}>
      <Form<Values>
        form={form}
        layout="vertical"
        onValuesChange={(c: Partial<Values>) => {
          if (c.authorIdcard !== undefined) {
            const a = autoFill(c.authorIdcard);
            if (a) form.setFieldsValue(a);
          }
        }}
      >
        <Form.Item label="被授权人姓名" name="authorName" rules={RULES.authorName}><Input maxLength={30} /></Form.Item>
        <Form.Item label="被授权人身份证号码" name="authorIdcard" rules={RULES.authorIdcard} required><Input maxLength={18} /></Form.Item>
        <Form.Item label="出生日期" name="authorBrith"><Input disabled placeholder="根据身份证号码自动填写" /></Form.Item>
        <Form.Item label="性别" name="authorSex" getValueProps={(v) => ({ value: v === undefined ? '' : v === 1 ? '女' : '男' })}><Input disabled placeholder="自动填写" /></Form.Item>
        <Form.Item label="被授权人手机号" name="authorPhone" rules={RULES.authorPhone} required><Input maxLength={11} /></Form.Item>
        <Form.Item label="授权材料（jpg/png/jpeg，单张不超过20M）">
          <div className="kyc-images">
            {AMEND_IMAGE_FIELDS.map((f) => (
              <div key={f}>
                <ImageField testId={`amend-${f}`} label={KYC_IMAGE_LABEL[f] ?? f} maxBytes={LIMIT.personal} storedUrl={stored.get(f)} value={files[f]} onChange={(file) => setFiles((s) => ({ ...s, [f]: file }))} />
                {f === 'file' ? <TemplateLink type={1} label="下载授权委托书模板" /> : null}
              </div>
            ))}
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
