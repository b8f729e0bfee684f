/**
 * 生成印章: type (企业印章 round seal with the company name around a star / 个人印章 square seal with the
 * person's name) and text, sent to POST /api/signature/generate; the server renders the PNG and saves
 * the stamp, and the dialog shows it as the preview, with 完成 and 再生成一个.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Result, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { signatureGenerate } from '../../../api/account';
import type { UserInfo } from '../../../api/types';
import { SEAL_LIMITS, sealNameRules, subTextRules, type SealType } from './sealRules';
import { SIGNATURES_KEY } from './useSignatureActions';

interface GenerateForm {
  type: SealType;
  name: string;
  subText?: string;
}

const TYPE_OPTIONS = [
  { value: 'company', label: '企业印章（圆形）' },
  { value: 'personal', label: '个人印章（方形）' },
];

export function GenerateDialog({ open, userInfo, onClose }: { open: boolean; userInfo: UserInfo | null; onClose: () => void }) {
  return (
    <Modal open={open} title="生成印章" onCancel={onClose} footer={null} destroyOnHidden width={480}>
      {open ? <GenerateBody userInfo={userInfo} onClose={onClose} /> : null}
    </Modal>
  );
}

/** Default text of each seal type from the account. */
function defaultName(type: SealType, u: UserInfo | null): string {
  if (type === 'company') return u?.company ?? '';
  const n = u?.contactName ?? '';
  return /^[\u3400-\u9fff]{2,4}$/.test(n) ? n : '';
}

function GenerateBody({ userInfo, onClose }: { userInfo: UserInfo | null; onClose: () => void }) {
  const initialType: SealType = Number(userInfo?.status) === 2 ? 'company' : 'personal';
  const [form] = Form.useForm<GenerateForm>();
  const type = (Form.useWatch('type', form) ?? initialType) as SealType;
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ url: string; name: string } | null>(null);
  const { message } = App.useApp();
  const qc = useQueryClient();

  const onFinish = async (v: GenerateForm) => {
    setBusy(true);
    try {
      const { data, msg } = await signatureGenerate({ type: v.type, name: v.name.trim(), subText: v.type === 'company' ? v.subText?.trim() : undefined });
      void message.success(msg || MSG.OPERATION_SUCCESS);
      setMade({ url: data.pic_url, name: v.name.trim() });
      await qc.invalidateQueries({ queryKey: SIGNATURES_KEY });
    } catch {
      // The wrapper showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  if (made) {
    return (
      <Result
        status="success"
        title="印章已生成"
        subTitle="已保存到签章列表，可在列表中设为默认章"
        icon={
          <div className="sig-image sig-generated">
            <img src={made.url} alt={`生成的印章：${made.name}`} />
          </div>
        }
        extra={[
          <Button key="again" onClick={() => setMade(null)}>
            再生成一个
          </Button>,
          <Button key="done" type="primary" onClick={onClose}>
            完成
          </Button>,
        ]}
      />
    );
  }

  return (
    <Form<GenerateForm>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      requiredMark={false}
      initialValues={{ type: initialType, name: defaultName(initialType, userInfo), subText: '' }}
      onValuesChange={(changed: Partial<GenerateForm>) => {
        if (changed.type) form.setFieldsValue({ name: defaultName(changed.type, userInfo), subText: '' });
      }}
    >
      <Form.Item name="type" label="印章类型" rules={[{ required: true, message: MSG.SEAL_TYPE_REQUIRED }]}>
        <Select options={TYPE_OPTIONS} aria-label="印章类型" />
      </Form.Item>
      <Form.Item
        name="name"
        label={type === 'company' ? '企业名称' : '姓名'}
        dependencies={['type']}
        rules={sealNameRules}
        extra={type === 'company' ? '环绕在五角星上方，2–30 个字' : '2–4 个汉字；3 个字时自动加“印”字'}
      >
        <Input placeholder={type === 'company' ? '请输入企业全称' : '请输入姓名'} maxLength={SEAL_LIMITS.nameMax} aria-label="印章文字" />
      </Form.Item>
      {type === 'company' ? (
        <Form.Item name="subText" label="横排文字（选填）" rules={subTextRules} extra="位于五角星下方，例如：合同专用章">
          <Input placeholder="例如：合同专用章" maxLength={SEAL_LIMITS.subTextMax} />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" block loading={busy}>
        生成印章
      </Button>
    </Form>
  );
}
