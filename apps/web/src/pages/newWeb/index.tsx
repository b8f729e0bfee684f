/**
 * /newWeb — 网页取证 (spec p2 §2; issue 4 §3): the platform's server opens the page in a clean,
 * isolated browser and preserves what was served. Two tabs: a single address (preview, confirm,
 * progress until done) and 批量网页取证 (a textarea, the per-URL validation table, progress per
 * item). The tab is kept in the query (`?tab=batch`).
 */
import { Link, useSearchParams } from 'react-router';
import { Button, Tabs } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { BatchCapture } from './BatchCapture';
import { SingleCapture } from './SingleCapture';
import '../../components/evidence/evidence.css';
import './newWeb.css';

export default function NewWebPage({ intervalMs }: { intervalMs?: number } = {}) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'batch' ? 'batch' : 'single';
  return (
    <div className="page web-page">
      <div className="page-head">
        <div>
          <h1>网页取证</h1>
          <p>由平台服务器在全新、隔离的浏览器中打开网页，完整保存截图、网页快照、全部网络请求与 TLS 证书链，并写入公开账本</p>
        </div>
        <Link to="/evidences-all/web">
          <Button icon={<UnorderedListOutlined />}>我的网页取证</Button>
        </Link>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'batch' ? { tab: 'batch' } : {})}
        items={[
          { key: 'single', label: '网页取证', children: <SingleCapture intervalMs={intervalMs} /> },
          { key: 'batch', label: '批量网页取证', children: <BatchCapture intervalMs={intervalMs} /> },
        ]}
      />
    </div>
  );
}
