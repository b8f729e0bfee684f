/**
 * /kyc-info 企业认证信息 (issue 14 §2; spec p2 §2–3): read-only enterprise verification info with the masked
 * fields of p2 §3 (taxNumberEn, accountNoEn, authorPhoneEn, authorIdcardEn), the company's images
 * (watermarked previews, each view audited), 变更被授权人 (amendment under operator review), the supplementary
 * upload when the letter or ID images are missing or failed, and the deletion request of the images.
 */
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Spin, Tag } from 'antd';
import { KYC_REVIEW_KIND_LABEL, type TKycReviewKind } from '@cunzheng/contract/kyc';
import { requestImageDeletion } from '../../../api/kyc';
import { useSession } from '../../../stores/session';
import { formatDateTime } from '../../../utils/format';
import { StoredImages } from '../shared/ImageField';
import { RepairForm } from '../shared/RepairForm';
import { useAuthInfo } from '../shared/useKyc';
import { AmendDialog } from './AmendDialog';
import '../shared/kyc.css';

export default function KycInfoPage() {
  const { message } = App.useApp();
  const { userInfo } = useSession();
  const q = useAuthInfo();
  const [amending, setAmending] = useState(false);
  if (userInfo && Number(userInfo.status) !== 2) return <Navigate to="/person-info" replace />;
  const i = q.data;
  if (q.isPending || !i) return <div className="kyc-page"><Card title="企业认证信息"><Spin /></Card></div>;
  if (i.userStatus !== 3) return <Navigate to="/organization-kyc" replace />;
  const pending = i.pending && (i.pending.kind === 'amend' || i.pending.kind === 'repair') ? i.pending : null;
  const stored = new Map(i.images.map((x) => [x.field, x.url]));
  const lettersMissing = !stored.get('file') || !stored.get('authorFront') || !stored.get('authorBack') || i.repairType === 4;
  const askDelete = async () => {
    try {
      const r = await requestImageDeletion();
      void message.success(`已申请删除证件照片，将于 ${formatDateTime(r.data.purgeAfter)} 后删除（法定保存期限届满）`);
    } catch {
      // Toasted by the wrapper.
    }
  };
  return (
    <div className="kyc-page">
      <Card
        title="企业认证信息"
        extra={<Tag color="success">已认证</Tag>}
      >
        {pending ? (
          <Alert
            style={{ marginBottom: 16 }}
            showIcon
            type={pending.status === 2 ? 'info' : pending.status === 4 ? 'error' : 'success'}
            message={`${KYC_REVIEW_KIND_LABEL[pending.kind as TKycReviewKind]}：${pending.status === 2 ? '审核中' : pending.status === 4 ? `未通过${pending.reason ? `（${pending.reason}）` : ''}` : '已通过'}`}
          />
        ) : null}
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label="企业名称">{i.company}</Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">{i.taxNumberEn}</Descriptions.Item>
          <Descriptions.Item label="企业地址">{i.address}</Descriptions.Item>
          <Descriptions.Item label="法人姓名">{i.legalName}</Descriptions.Item>
          <Descriptions.Item label="账户名称">{i.accountName}</Descriptions.Item>
          <Descriptions.Item label="开户银行">{i.accountBank}</Descriptions.Item>
          <Descriptions.Item label="银行账号">{i.accountNoEn}</Descriptions.Item>
          <Descriptions.Item label="联系人身份证号码">{i.idcard}</Descriptions.Item>
          <Descriptions.Item label="被授权人">{i.contactName}</Descriptions.Item>
          <Descriptions.Item label="被授权人手机号">{i.authorPhoneEn}</Descriptions.Item>
          <Descriptions.Item label="被授权人身份证号码">{i.authorIdcardEn}</Descriptions.Item>
          <Descriptions.Item label="出生日期 / 性别">{i.authorBrith} / {i.authorSex === 1 ? '女' : '男'}</Descriptions.Item>
          <Descriptions.Item label="登录手机号">{i.contactPhone}</Descriptions.Item>
        </Descriptions>
        <div className="kyc-actions" style={{ marginTop: 16 }}>
          <Button type="primary" disabled={pending?.status === 2} onClick={() => setAmending(true)}>变更被授权人</Button>
          {i.images.length ? (
            <Popconfirm title="提示" description="证件照片将在法定保存期限届满后删除，确定申请删除吗？" okText="确定" cancelText="取消" onConfirm={askDelete}>
              <Button>申请删除证件照片</Button>
            </Popconfirm>
          ) : null}
        </div>
        <h3 style={{ marginTop: 24 }}>认证材料</h3>
        <StoredImages images={i.images} />
        {lettersMissing && pending?.status !== 2 ? (
          <>
            <h3 style={{ marginTop: 24 }}>补充认证材料</h3>
            <RepairForm company />
          </>
        ) : null}
      </Card>
      <AmendDialog open={amending} onClose={() => setAmending(false)} stored={stored} />
    </div>
  );
}
