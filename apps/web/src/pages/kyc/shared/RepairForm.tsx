/**
 * Supplementary ID upload (spec p2 §4–6; POST /api/user/informationRepair): personal accounts (face-verified)
 * send address, type and the ID front, back and hand-held photos; company accounts the authorisation letter
 * and the authorised person's ID front and back. Images jpg/png/jpeg ≤ 20 MB.
 */
import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { KYC_IMAGE_LABEL, msgImageRequired } from '@cunzheng/contract/kyc';
import { submitRepair, type Files } from '../../../api/kyc';
import { ImageField } from './ImageField';
import { LIMIT } from './imageRules';
import { useKycRefresh } from './useKyc';

export function RepairForm({ company, kycType, defaultAddress }: { company: boolean; kycType?: number | null; defaultAddress?: string }) {
  const { message } = App.useApp();
  const refresh = useKycRefresh();
  const [files, setFiles] = useState<Files>({});
  const [busy, setBusy] = useState(false);
  const fields = company ? ['file', 'authorFront', 'authorBack'] : ['authorFront', 'authorBack', 'authorHand'];
  const submit = async (v: { address?: string }) => {
    const missing = fields.find((f) => !files[f]);
    if (missing) {
      void message.error(msgImageRequired(missing));
      return;
    }
    setBusy(true);
    try {
      const r = await submitRepair(company ? {} : { address: v.address ?? '', type: kycType ?? 2 }, files);
      void message.success(r.msg || MSG.SUBMIT_SUCCESS);
      await refresh();
    } catch {
      // Toasted by the wrapper.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={submit} initialValues={{ address: defaultAddress ?? '' }} style={{ maxWidth: 640 }}>
      {!company && (
        <Form.Item label="身份证地址" name="address" rules={[{ required: true, whitespace: true, message: MSG.ID_ADDRESS_REQUIRED }]}>
          <Input maxLength={100} placeholder="请输入身份证地址" />
        </Form.Item>
      )}
      <Form.Item label="证件照片（jpg/png/jpeg，单张不超过20M）" required>
        <div className="kyc-images">
          {fields.map((f) => (
            <ImageField key={f} testId={`repair-${f}`} label={KYC_IMAGE_LABEL[f] ?? f} maxBytes={LIMIT.personal} value={files[f]} onChange={(file) => setFiles((s) => ({ ...s, [f]: file }))} />
          ))}
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>提交补传</Button>
    </Form>
  );
}
