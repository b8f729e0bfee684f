/**
 * The role switch of the account menu (spec p2 §2 "role switch", §4 "Role switch: the server is asked,
 * then the role is stored; the page goes to /overview for role 1, otherwise /attestation-all/data").
 * Roles come from GET /api/companymember/getCurrentRole; a person with two roles (own account and a
 * company's member) sees the other one as a menu entry.
 */
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRoleItem } from '@cunzheng/contract/members';
import { fetchUserInfo } from '../../api/auth';
import { currentRoles, MEMBER_KEYS, switchRole } from '../../api/members';
import { setRole, setUserInfo, useSession } from '../../stores/session';

/** Menu text of switching to `r`. */
export const roleLabel = (r: TRoleItem): string => (r.role === 2 ? `切换为企业成员（${r.name}）` : '切换为个人账户');

/** Where a role lands after the switch (spec p2 §4). */
export const roleHome = (role: number): string => (role === 1 ? '/overview' : '/attestation-all/data');

/** The roles the visitor can switch to (not the current one) and the switch action. */
export function useRoleSwitch(enabled: boolean): { others: TRoleItem[]; current: TRoleItem | undefined; switchTo: (r: TRoleItem) => Promise<void> } {
  const { token, role } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const roles = useQuery({ queryKey: [...MEMBER_KEYS.roles, token], queryFn: currentRoles, enabled: enabled && token !== '', staleTime: 60_000 });
  const current = Number(role || '1');
  const list = roles.data ?? [];
  const others = list.length > 1 ? list.filter((r) => r.role !== current) : [];
  const mine = list.find((r) => r.role === current);
  const switchTo = async (r: TRoleItem) => {
    try {
      await switchRole({ role: r.role as 1 | 2, pid: r.pid, uid: r.user_id });
    } catch {
      return; // Toasted by the wrapper.
    }
    setRole(String(r.role));
    try {
      setUserInfo(await fetchUserInfo());
    } catch {
      // The header refreshes the user info on its own.
    }
    // Every cached answer belonged to the other acting account.
    qc.clear();
    await navigate(roleHome(r.role));
  };
  return { others, current: mine, switchTo };
}
