/**
 * The /evidences-all area (spec p2 §2: default /web; children web, process, mobile-process, music): a tab
 * strip between the kinds' lists (网页取证 / 过程取证 / 手机过程取证 / 音乐存证, names and paths from the contract
 * registry), shown above the list pages only — the download, queue, live and preview pages keep the
 * whole width. The page itself renders below (Outlet).
 */
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Tabs } from 'antd';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import './evidencesAll.css';

/** The kinds listed under /evidences-all, in tab order. */
export const EVIDENCES_ALL_TABS = (['web', 'process', 'mobile', 'music'] as const).map((k) => ({ key: EVIDENCE_KIND[k].routes.list, label: EVIDENCE_KIND[k].name }));

export default function EvidencesAll() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = EVIDENCES_ALL_TABS.find((t) => t.key.toLowerCase() === pathname.replace(/\/+$/, '').toLowerCase());
  return (
    <>
      {active ? (
        <nav className="evidences-tabs" aria-label="在线取证类型">
          <Tabs activeKey={active.key} items={EVIDENCES_ALL_TABS} onChange={(k) => navigate(k)} />
        </nav>
      ) : null}
      <Outlet />
    </>
  );
}
