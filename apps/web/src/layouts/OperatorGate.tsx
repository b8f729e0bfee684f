/**
 * The gate of the operator console (/admin/*, issue 5 §7; issue 8 §3): operators (user info `role`
 * 'operator') get the console; any other logged-in user gets the 403 page (无权访问) inside the main
 * layout and stays logged in. The server still answers 403 to every /api/admin/* call of a non-operator.
 */
import { page } from '../lazyPage';
import { isOperator } from '../components/SiteHeader/menu';
import type { MenuEntry } from '../routeHandle';
import { useSession } from '../stores/session';

const AdminLayout = page(() => import('./AdminLayout/index.tsx'), { antd: true });
const MainLayout = page(() => import('./MainLayout/index.tsx'));
const Forbidden = page(() => import('../pages/error/Forbidden/index.tsx'));

export function OperatorGate({ getMenu }: { getMenu: () => MenuEntry[] }) {
  const { userInfo } = useSession();
  if (isOperator(userInfo)) return <AdminLayout />;
  return (
    <MainLayout getMenu={getMenu}>
      <Forbidden />
    </MainLayout>
  );
}
