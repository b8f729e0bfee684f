/**
 * The /attestation-all area (spec p2 §2: children /data and /app, default /data): a tab strip between
 * 数据保全 and App取证 (names and paths from the contract registry), shown above the two list pages only;
 * the download pages keep the whole width. The page itself renders below (Outlet).
 */
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Tabs } from 'antd';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import './evidencesAll.css';

/** The kinds listed under /attestation-all, in tab order. */
export const ATTESTATION_ALL_TABS = (['data', 'app'] as const).map((k) => ({ key: EVIDENCE_KIND[k].routes.list, label: EVIDENCE_KIND[k].name }));

export default function AttestationAll() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = ATTESTATION_ALL_TABS.find((t) => t.key.toLowerCase() === pathname.replace(/\/+$/, '').toLowerCase());
  return (
    <>
      {active ? (
        <nav className="evidences-tabs" aria-label="数据存证类型">
          <Tabs activeKey={active.key} items={ATTESTATION_ALL_TABS} onChange={(k) => navigate(k)} />
        </nav>
      ) : null}
      <Outlet />
    </>
  );
}
