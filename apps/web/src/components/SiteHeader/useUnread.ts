/**
 * The header's unread-notification count (spec p2 §2 badge): GET /api/News/unread while logged in,
 * polled every 30 s and refetched at once when a page invalidates `NEWS_KEYS.unread` (after a read
 * or delete), so the badge follows without a reload. Until the first answer the stored
 * `userInfo.newsNum` is shown.
 */
import { useQuery } from '@tanstack/react-query';
import { NEWS_KEYS, newsUnread } from '../../api/account';
import { useSession } from '../../stores/session';

/** Poll interval of the badge. */
export const UNREAD_POLL_MS = 30_000;

/** The unread count (0 when logged out). */
export function useUnreadCount(): number {
  const { token, userInfo } = useSession();
  const q = useQuery({
    queryKey: [...NEWS_KEYS.unread, token],
    queryFn: newsUnread,
    enabled: token !== '',
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
    retry: false,
  });
  if (!token) return 0;
  return q.data?.count ?? Number(userInfo?.newsNum ?? 0);
}
