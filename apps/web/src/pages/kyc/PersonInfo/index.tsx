/**
 * /person-info 认证信息 (issue 14 §1; spec p2 §2–3): read-only personal verification info — name, masked ID
 * number, sex, address, method (上传照片 / 人脸识别), supplementary-upload state — and the caller's own ID
 * images (watermarked previews, each view audited). The owner can ask for the images' deletion after the
 * legal retention period (issue 14 §5).
 */
import { Link, Navigate } from 'react-router';
import { App, Button, Card, Descriptions, Popconfirm, Spin, Tag } from 'antd';
import { REPAIR_TYPE } from '@cunzheng/contract/constants';
import { requestImageDeletion } from '../../../api/kyc';
import { useSession } from '../../../stores/session';
import { formatDateTime } from '../../../utils/format';
import { StoredImages } from '../shared/ImageField';
import { useAuthInfo } from '../shared/useKyc';
import '../shared/kyc.css';

const REPAIR_LABEL: Record<number, string> = { 0: '无需补传', [REPAIR_TYPE.needed]: '需补传', [REPAIR_TYPE.underReview]: '审核中', [REPAIR_TYPE.passed]: '已通过', [REPAIR_TYPE.failed]: '未通过' };

export default function PersonInfoPage() {
  const { message } = App.useApp();
  const { userInfo } = useSession();
  const q = useAuthInfo();
  if (Number(userInfo?.status) === 2) return <Navigate to="/kyc-info" replace />;
  const i = q.data;
  if (q.isPending || !i) return <div className="kyc-page"><Card title="认证信息"><Spin /></Card></div>;
  if (i.userStatus !== 3) return <Navigate to="/personage-kyc" replace />;
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
      <Card title="认证信息" extra={<Tag color="success">已实名</Tag>}>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label="姓名">{i.userName}</Descriptions.Item>
          <Descriptions.Item label="身份证号码">{i.idCardEn}</Descriptions.Item>
          <Descriptions.Item label="性别">{i.sex === 1 ? '女' : '男'}</Descriptions.Item>
          <Descriptions.Item label="身份证地址">{i.address}</Descriptions.Item>
          <Descriptions.Item label="认证方式">{i.type === 2 ? '人脸识别' : '上传身份证照片'}</Descriptions.Item>
          {i.type === 2 ? <Descriptions.Item label="证件补传">{REPAIR_LABEL[i.repairType] ?? ''}</Descriptions.Item> : null}
        </Descriptions>
        {i.type === 2 && (i.repairType === 1 || i.repairType === 4) ? (
          <p style={{ marginTop: 16 }}><Link to="/personage-kyc"><Button type="primary">补传身份证照片</Button></Link></p>
        ) : null}
        <h3 style={{ marginTop: 24 }}>证件照片</h3>
        <StoredImages images={i.images} />
        {i.images.length ? (
          <Popconfirm title="提示" description="证件照片将在法定保存期限届满后删除，确定申请删除吗？" okText="确定" cancelText="取消" onConfirm={askDelete}>
            <Button style={{ marginTop: 16 }}>申请删除证件照片</Button>
          </Popconfirm>
        ) : null}
      </Card>
    </div>
  );
}
