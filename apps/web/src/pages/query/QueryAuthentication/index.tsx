/**
 * /queryAuthentication 证书查询 (spec p2 §2 "Query pages"; issue 12 §3): the public query centre, no login.
 * Its children, as tabs: notarial 公证书查询 (default; POST /api/check/checkGzsNo), mutualEvidence 文件比对核验
 * (a local file hashed in the browser and compared with a certificate; nothing uploaded), keepSingle 单证核验
 * (any certificate number of any kind, POST /api/check/checkNo), electronicData 电子数据核验 (by a local
 * file's SHA-256/SM3 or a typed digest, POST /api/check/checkDigest). Links to the kinds' own query pages
 * and the English check page. Plain controls (components/light; issue 16: no antd on these pages).
 */
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Switcher } from '../../../components/light/controls';
import '../Safekeeping/safekeeping.css';
import './query.css';

/** The tabs: child path and label. */
export const QUERY_TABS = [
  { key: 'notarial', label: '公证书查询' },
  { key: 'mutualEvidence', label: '文件比对' },
  { key: 'keepSingle', label: '单证核验' },
  { key: 'electronicData', label: '电子数据核验' },
] as const;

/** Default export for React.lazy in the route table. */
export default function QueryAuthentication() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = QUERY_TABS.find((t) => pathname.toLowerCase().endsWith(`/${t.key.toLowerCase()}`))?.key ?? 'notarial';
  return (
    <div className="sk-page qa-page" lang="zh-CN">
      <h1 className="sk-title">证书查询</h1>
      <p className="sk-intro">无需登录：核验公证书、保全证书和电子数据。本地文件只在您的浏览器中计算摘要，不会上传。</p>
      <nav className="qa-tabs" aria-label="查询方式">
        <Switcher label="查询方式" value={current} options={QUERY_TABS.map((t) => ({ value: t.key, label: t.label }))} onChange={(k) => navigate(`/queryAuthentication/${k}`)} />
      </nav>
      <Outlet />
      <p className="qa-more">
        按类型查询：<Link to="/queryAuthentication/safekeeping">保全证书</Link> · <Link to="/queryAuthentication/prokeeping">过程取证</Link> ·{' '}
        <Link to="/queryAuthentication/musickeeping">音乐存证</Link> · <Link to="/English/safekeeping">English</Link>
      </p>
    </div>
  );
}
