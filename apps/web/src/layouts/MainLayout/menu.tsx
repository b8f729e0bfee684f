/**
 * The header menu items, built from the route table's `handle.menu` (spec p2 §2 "Header and role
 * menus"), filtered by the stored role.
 */
import { Link, useLocation } from 'react-router';
import type { MenuProps } from 'antd';
import { menuEntries } from '../../routes';
import { useSession } from '../../stores/session';

/** Where the help link goes (the help centre page comes later; the home page has the FAQ). */
export const HELP_PATH = '/home#help';

/** The menu entries visible to the current role as antd Menu items keyed by path, and the selected keys. */
export function useMenuItems(): { items: NonNullable<MenuProps['items']>; selected: string[] } {
  const { role } = useSession();
  const location = useLocation();
  const entries = menuEntries().filter((e) => !e.hideForRoles?.includes(role));
  const items = entries.map((e) => ({ key: e.path, label: <Link to={e.path}>{e.label}</Link> }));
  const selected = entries.filter((e) => location.pathname === e.path || location.pathname.startsWith(`${e.path}/`)).map((e) => e.path);
  return { items, selected };
}
