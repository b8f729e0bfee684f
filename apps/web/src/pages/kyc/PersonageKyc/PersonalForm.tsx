/**
 * The personal verification form (spec p2 §3, §5; /personage-kyc while userStatus is 1 or 4): 认证方式 上传照片
 * (1) or 人脸识别 (2); name (请输入姓名), ID number (checked: length, date, GB 11643 check digit; fills the sex),
 * sex, address (请输入身份证地址); for photos the ID front, back and hand-held photo (≤ 20 MB each); the
 * consent tick (请先同意实名验证). Photo → POST perAuthorize → 提交成功 (review 1–2 days). Face → start call,
 * second call → url opened in a new window, then polling (useFacePolling).
 */
import { useState } from 'react';
import { App, Alert, Button, Checkbox, Form, Input, Radio } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { KYC_IMAGE_LABEL, PERSONAL_IMAGE_FIELDS, msgImageRequired, type TAuthInfo } from '@cunzheng/contract/kyc';
import { parseIdCard } from '@cunzheng/contract/idcard';
import { validateIdCard } from '@cunzheng/contract/validators';
import { faceH5, faceStart, submitPersonal, type Files } from '../../../api/kyc';
import { ImageField } from '../shared/ImageField';
import { LIMIT } from '../shared/imageRules';
import { useKycRefresh } from '../shared/useKyc';

interface Values {
  type: 1 | 2;
  userName: string;
  idCard: string;
  sex: 0 | 1;
  address: string;
  agree: boolean;
}

export function PersonalForm({ info, onFaceStarted }: { info: TAuthInfo | undefined; onFaceStarted: (bizSeqNo: string, url: string) => void }) {
  const { message } = App.useApp();
  const refresh = useKycRefresh();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 1;
  const [files, setFiles] = useState<Files>({});
  const [busy, setBusy] = useState(false);
  const prev = info?.form ?? null;
  const stored = new Map((info?.images ?? []).map((i) => [i.field, i.url]));

  const submit = async (v: Values) => {
    if (!v.agree) {
      void message.error(MSG.KYC_CONSENT_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      if (v.type === 2) {
        const { bizSeqNo } = await faceStart({ name: v.userName.trim(), idCard: v.idCard.trim(), address: v.address.trim(), agree: 1 });
        const { url } = await faceH5(bizSeqNo);
        onFaceStarted(bizSeqNo, url);
        return;
      }
      const missing = PERSONAL_IMAGE_FIELDS.find((f) => !files[f] && !stored.get(f));
      if (missing) {
        void message.error(msgImageRequired(missing));
        return;
      }
      const r = await submitPersonal({ userName: v.userName.trim(), idCard: v.idCard.trim(), sex: v.sex, address: v.address.trim(), agree: 1 }, files);
      void message.success(r.msg || MSG.SUBMIT_SUCCESS);
      await refresh();
    } catch {
      // Toasted by the wrapper.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      style={{ maxWidth: 640 }}
      initialValues={{ type: 1, userName: String(prev?.userName ?? ''), idCard: String(prev?.idCard ?? ''), sex: Number(prev?.sex ?? 0) as 0 | 1, address: String(prev?.address ?? ''), agree: false }}
      onValuesChange={(changed: Partial<Values>) => {
        if (changed.idCard !== undefined) {
          const p = parseIdCard(changed.idCard.trim());
          if (p) form.setFieldValue('sex', p.sex);
        }
      }}
    >
      {info?.reason ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={`上次认证未通过：${info.reason}`} /> : null}
      <Form.Item label="认证方式" name="type">
        <Radio.Group options={[{ value: 1, label: '上传身份证照片' }, { value: 2, label: '人脸识别' }]} optionType="button" />
      </Form.Item>
      <Form.Item label="姓名" name="userName" rules={[{ required: true, whitespace: true, message: MSG.NAME_REQUIRED }]}>
        <Input maxLength={30} placeholder="请输入姓名" />
      </Form.Item>
      <Form.Item label="身份证号码" name="idCard" required rules={[{ validator: async (_r, v: string) => { const r = validateIdCard(String(v ?? '').trim()); if (r !== true) throw new Error(r); } }]}>
        <Input maxLength={18} placeholder="请输入身份证号码" />
      </Form.Item>
      {type === 1 && (
        <Form.Item label="性别" name="sex">
          <Radio.Group options={[{ value: 0, label: '男' }, { value: 1, label: '女' }]} />
        </Form.Item>
      )}
      <Form.Item label="身份证地址" name="address" rules={[{ required: true, whitespace: true, message: MSG.ID_ADDRESS_REQUIRED }]}>
        <Input maxLength={100} placeholder="请输入身份证地址" />
      </Form.Item>
      {type === 1 && (
        <Form.Item label="证件照片（jpg/png/jpeg，单张不超过20M）" required>
          <div className="kyc-images">
            {PERSONAL_IMAGE_FIELDS.map((f) => (
              <ImageField key={f} testId={`img-${f}`} label={KYC_IMAGE_LABEL[f] ?? f} maxBytes={LIMIT.personal} storedUrl={stored.get(f)} value={files[f]} onChange={(file) => setFiles((s) => ({ ...s, [f]: file }))} />
            ))}
          </div>
        </Form.Item>
      )}
      {type === 2 && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="点击开始认证后将打开人脸识别页面，请按提示完成动作；本页每3秒查询一次结果。" />}
      <Form.Item name="agree" valuePropName="checked">
        <Checkbox>我已阅读并同意《实名认证服务协议》，授权平台核验本人身份信息</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>{type === 2 ? '开始人脸识别' : '提交认证'}</Button>
    </Form>
  );
}
