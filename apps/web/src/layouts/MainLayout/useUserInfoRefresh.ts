/**
 * Re-reads the user info (GET /api/user/info) while logged in and stores it, so the header's
 * points, unread count (also handed to the badge's query) and verification state stay current
 * (spec p2 §2). Query key `['user/info']`; pages invalidate it after actions that change points or status.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NEWS_KEYS } from '../../api/account';
import { fetchUserInfo } from '../../api/auth';
import { setUserInfo, useSession } from '../../stores/session';

export const USER_INFO_KEY = ['user/info'] as const;

export function useUserInfoRefresh(): void {
  const { token } = useSession();
  const qc = useQueryClient();
  useQuery({
    queryKey: [...USER_INFO_KEY, token],
    queryFn: async () => {
      const u = await fetchUserInfo();
      setUserInfo(u);
      // The answer's unread count is as fresh as the badge's own poll.
      if (typeof u.newsNum === 'number') qc.setQueriesData({ queryKey: NEWS_KEYS.unread }, { count: u.newsNum });
      return u;
    },
    enabled: token !== '',
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
