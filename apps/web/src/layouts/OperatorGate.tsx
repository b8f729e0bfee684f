/**
 * The gate of the operator console (/admin/*, issue 5 §7; issue 8 §3): operators (user info `role`
 * 'operator') get the console; any other logged-in user gets the 403 page (无权访问) inside the main
 * layout and stays logged in. The server still answers 403 to every /api/admin/* call of a non-operator.
 */
import { lazy } from 'react';
import { isOperator } from '../components/SiteHeader/menu';
import type { MenuEntry } from '../routeHandle';
import { useSession } from '../stores/session';

const AdminLayout = lazy(() => import('./AdminLayout/index.tsx'));
const MainLayout = lazy(() => import('./MainLayout/index.tsx'));
const Forbidden = lazy(() => import('../pages/error/Forbidden/index.tsx'));

export function OperatorGate({ getMenu }: { getMenu: () => MenuEntry[] }) {
  const { userInfo } = useSession();
  if (isOperator(userInfo)) return <AdminLayout />;
  return (
    <MainLayout getMenu={getMenu}>
      <Forbidden />
    </MainLayout>
  );
}
