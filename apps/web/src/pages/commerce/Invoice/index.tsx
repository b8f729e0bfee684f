/**
 * /invoice 发票管理 (issue 13 §4; spec p2 §2): tabs by `activeName` — 1 invoice applications, 2 invoice
 * headers, 3 delivery addresses.
 */
import { useSearchParams } from 'react-router';
import { Card, Tabs } from 'antd';
import { Addresses } from './Addresses';
import { Applications } from './Applications';
import { Headers } from './Headers';
import '../BuyCredits/buyCredits.css';

export default function InvoicePage() {
  const [params, setParams] = useSearchParams();
  const active = ['1', '2', '3'].includes(params.get('activeName') ?? '') ? params.get('activeName')! : '1';
  return (
    <div className="buy-credits">
      <Card title="发票管理">
        <Tabs
          activeKey={active}
          onChange={(k) => setParams({ activeName: k })}
          items={[
            { key: '1', label: '发票申请', children: <Applications /> },
            { key: '2', label: '发票抬头', children: <Headers /> },
            { key: '3', label: '收货地址', children: <Addresses /> },
          ]}
        />
      </Card>
    </div>
  );
}
