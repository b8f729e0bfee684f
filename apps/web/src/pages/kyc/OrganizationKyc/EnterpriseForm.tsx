/**
 * The enterprise verification form (issue 14 §2; spec p2 §3, §5): company, credit code, address, legal person,
 * account, bank, bank number, reserved mobile, contact ID, the authorised person (name, ID — which fills birth
 * date and sex — and phone) and seven images (jpg/png/jpeg ≤ 10 MB) with the two template downloads. Images
 * already stored (after a rejection) are not sent again. POST /api/user/companyAuthorize → 提交成功, then the
 * user info is re-read (p2 §4).
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, Col, Divider, Form, Input, Row } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { ENTERPRISE_IMAGE_FIELDS, KYC_IMAGE_LABEL, msgImageRequired, type TAuthInfo } from '@cunzheng/contract/kyc';
import { submitEnterprise, type Files } from '../../../api/kyc';
import { ImageField } from '../shared/ImageField';
import { LIMIT } from '../shared/imageRules';
import { useKycRefresh } from '../shared/useKyc';
import { autoFill, RULES } from './fields';
import { TemplateLink } from './TemplateLink';

const TEXT_FIELDS = ['name', 'code', 'address', 'legalName', 'account', 'bank', 'bankNo', 'mobileReserve', 'contactIdcard', 'authorName', 'authorPhone', 'authorIdcard'] as const;
type Values = Record<(typeof TEXT_FIELDS)[number] | 'authorBrith', string> & { authorSex?: 0 | 1; agree: boolean };

const LABEL: Record<string, string> = {
  name: '企业名称', code: '统一社会信用代码', address: '企业地址', legalName: '法人姓名', account: '账户名称', bank: '开户银行',
  bankNo: '银行账号', mobileReserve: '预留手机号', contactIdcard: '联系人身份证号码', authorName: '被授权人姓名', authorPhone: '被授权人手机号', authorIdcard: '被授权人身份证号码',
};

export function EnterpriseForm({ info }: { info: TAuthInfo | undefined }) {
  const { message } = App.useApp();
  const refresh = useKycRefresh();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<Files>({});
  const [busy, setBusy] = useState(false);
  const prev = info?.form ?? {};
  const stored = new Map((info?.images ?? []).map((i) => [i.field, i.url]));
  const initial = Object.fromEntries(TEXT_FIELDS.map((k) => [k, String(prev[k] ?? '')])) as unknown as Values;
  const fill = autoFill(initial.authorIdcard);

  const submit = async (v: Values) => {
    if (!v.agree) {
      void message.error(MSG.KYC_CONSENT_REQUIRED);
      return;
    }
    const missing = ENTERPRISE_IMAGE_FIELDS.find((f) => !files[f] && !stored.get(f));
    if (missing) {
      void message.error(msgImageRequired(missing));
      return;
    }
    setBusy(true);
    try {
      const fields: Record<string, string | number> = { agree: 1 };
      for (const k of TEXT_FIELDS) fields[k] = String(v[k] ?? '').trim();
      const a = autoFill(fields.authorIdcard as string);
      if (a) Object.assign(fields, a);
      const r = await submitEnterprise(fields, files);
      void message.success(r.msg || MSG.SUBMIT_SUCCESS);
      await refresh();
    } catch {
      // Toasted by the wrapper.
    } finally {
      setBusy(false);
    }
  };

  const text = (k: (typeof TEXT_FIELDS)[number], max = 100) => (
    <Col xs={24} md={12} key={k}>
      <Form.Item label={LABEL[k]} name={k} rules={RULES[k]} required>
        <Input maxLength={max} placeholder={`请输入${LABEL[k]}`} />
      </Form.Item>
    </Col>
  );
  const image = (f: string, extra?: ReactNode) => (
    <div key={f}>
      <ImageField testId={`img-${f}`} label={KYC_IMAGE_LABEL[f] ?? f} maxBytes={LIMIT.company} storedUrl={stored.get(f)} value={files[f]} onChange={(file) => setFiles((s) => ({ ...s, [f]: file }))} />
      {extra}
    </div>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ ...initial, agree: false, authorBrith: fill?.authorBrith ?? '', authorSex: fill?.authorSex }}
      onValuesChange={(changed: Partial<Values>) => {
        if (changed.authorIdcard !== undefined) {
          const a = autoFill(changed.authorIdcard);
          if (a) form.setFieldsValue(a);
        }
      }}
    >
      {info?.reason ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={`上次认证未通过：${info.reason}`} /> : null}
      <Divider titlePlacement="start">企业信息</Divider>
      <Row gutter={16}>{(['name', 'code', 'address', 'legalName'] as const).map((k) => text(k, k === 'address' ? 200 : k === 'code' ? 18 : k === 'legalName' ? 30 : 100))}</Row>
      <Form.Item label="企业证件（jpg/png/jpeg，单张不超过10M）" required>
        <div className="kyc-images">
          {image('license')}
          {image('legalPerson', <TemplateLink type={2} label="下载法人证明模板" />)}
          {image('legalFront')}
          {image('legalBack')}
        </div>
      </Form.Item>
      <Divider titlePlacement="start">对公账户</Divider>
      <Row gutter={16}>{(['account', 'bank', 'bankNo', 'mobileReserve', 'contactIdcard'] as const).map((k) => text(k, k === 'bankNo' ? 25 : k === 'mobileReserve' ? 11 : k === 'contactIdcard' ? 18 : 100))}</Row>
      <Divider titlePlacement="start">被授权人</Divider>
      <Row gutter={16}>
        {text('authorName', 30)}
        {text('authorIdcard', 18)}
        <Col xs={12} md={6}>
          <Form.Item label="出生日期" name="authorBrith"><Input disabled placeholder="根据身份证号码自动填写" /></Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="性别" name="authorSex" getValueProps={(v) => ({ value: v === undefined ? '' : v === 1 ? '女' : '男' })}><Input disabled placeholder="自动填写" /></Form.Item>
        </Col>
        {text('authorPhone', 11)}
      </Row>
      <Form.Item label="授权材料（jpg/png/jpeg，单张不超过10M）" required>
        <div className="kyc-images">
          {image('file', <TemplateLink type={1} label="下载授权委托书模板" />)}
          {image('authorFront')}
          {image('authorBack')}
        </div>
      </Form.Item>
      <Form.Item name="agree" valuePropName="checked">
        <Checkbox>我已阅读并同意《企业认证服务协议》，授权平台核验企业及被授权人信息</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>提交认证</Button>
    </Form>
  );
}
