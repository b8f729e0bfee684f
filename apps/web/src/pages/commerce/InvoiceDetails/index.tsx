/**
 * /invoice/details?id= 发票详情 (spec p2 §2–3): status, reject reason, content (技术服务费), header, delivery
 * address (paper special only), remark, related orders; the issued e-invoice PDF to download.
 */
import { useSearchParams, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Table } from 'antd';
import { INVOICE_TYPE, INVOICE_TYPE_LABEL } from '@cunzheng/contract/invoice';
import { INVOICE_STATUS_LABEL } from '@cunzheng/contract/constants';
import { PAY_TYPE_LABEL } from '@cunzheng/contract/commerce';
import { MSG, UI } from '@cunzheng/contract/messages';
import { invoiceDetail } from '../../../api/invoice';
import { apiUrl } from '../../../api/request';
import { formatDateTime } from '../../../utils/format';
import '../BuyCredits/buyCredits.css';

export default function InvoiceDetailsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const q = useQuery({ queryKey: ['User/invoiceDetail', id], queryFn: () => invoiceDetail(id), enabled: id > 0 });
  const d = q.data?.detail;
  return (
    <div className="buy-credits">
      <Card title="发票详情" loading={q.isPending && id > 0} extra={<Button onClick={() => void navigate('/invoice?activeName=1')}>{UI.BACK}</Button>}>
        {!d ? MSG.NO_DATA : (
          <>
            <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
              <Descriptions.Item label="状态">{INVOICE_STATUS_LABEL[d.status]}</Descriptions.Item>
              {d.status === 4 && <Descriptions.Item label="驳回原因">{d.check_remark}</Descriptions.Item>}
              <Descriptions.Item label="发票内容">{d.content}</Descriptions.Item>
              <Descriptions.Item label="发票类型">{INVOICE_TYPE_LABEL[d.invoice_type] ?? d.invoice_type}</Descriptions.Item>
              <Descriptions.Item label="发票抬头">{d.head}</Descriptions.Item>
              <Descriptions.Item label={d.type === 1 ? '身份证号' : '税号'}>{d.tax_num}</Descriptions.Item>
              <Descriptions.Item label="邮箱">{d.email}</Descriptions.Item>
              {d.type === 2 && <Descriptions.Item label="开户银行">{d.bank_name} {d.account}</Descriptions.Item>}
              {d.type === 2 && <Descriptions.Item label="注册地址/电话">{d.street} {d.phone_number}</Descriptions.Item>}
              {d.invoice_type === INVOICE_TYPE.paperSpecial && <Descriptions.Item label="收货地址">{d.name} {d.post_phone_number} {d.address}</Descriptions.Item>}
              {d.courier_number ? <Descriptions.Item label="快递单号">{d.courier_number}</Descriptions.Item> : null}
              <Descriptions.Item label="备注">{d.remark}</Descriptions.Item>
              {d.downUrl ? <Descriptions.Item label="电子发票"><a href={apiUrl(d.downUrl)} download>下载电子发票</a></Descriptions.Item> : null}
            </Descriptions>
            <Table
              style={{ marginTop: 16 }}
              rowKey="order_no"
              size="small"
              pagination={false}
              dataSource={q.data?.orderList ?? []}
              columns={[
                { title: '订单号', dataIndex: 'order_no' },
                { title: '时间', dataIndex: 'create_time', render: (v: number) => formatDateTime(v) },
                { title: '描述', dataIndex: 'order_desc' },
                { title: '金额(元)', dataIndex: 'money', render: (v: number) => (v / 100).toFixed(2) },
                { title: '支付方式', dataIndex: 'pay_type', render: (v: number) => PAY_TYPE_LABEL[v] ?? '' },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}
