/**
 * Shows the current announcement once per announcement per user (spec p2 §1–2; issue 5 §3): reads
 * GET /api/news/notice, and when {@link shouldShowNotice} says so opens the 公告 dialog (loaded on
 * demand, so pages without an announcement load no dialog code), marking it shown at once — on the
 * server (POST /api/news/noticeRead) for a logged-in user and in localStorage in every case.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TNotice } from '@cunzheng/contract/account';
import { getNotice, noticeRead } from '../../api/account';
import { useSession } from '../../stores/session';
import { rememberSeen, shouldShowNotice } from './seen';

const AnnouncementModal = lazy(() => import('./Dialog.tsx'));

/** Query key of the current announcement. */
export const NOTICE_KEY = ['news/notice'] as const;

/** `token:id` of the announcements shown since the app loaded (a cached answer may still say unread after the mark). */
const handled = new Set<string>();

export function AnnouncementGate() {
  const { token } = useSession();
  const loggedIn = token !== '';
  const q = useQuery({ queryKey: [...NOTICE_KEY, token], queryFn: getNotice, staleTime: 5 * 60_000, retry: false });
  const [shown, setShown] = useState<TNotice | null>(null);

  const candidate = q.data;
  useEffect(() => {
    if (shown || !shouldShowNotice(candidate, loggedIn)) return;
    const key = `${token}:${candidate.id}`;
    if (handled.has(key)) return;
    handled.add(key);
    setShown(candidate);
    rememberSeen(candidate.id);
    if (loggedIn) noticeRead(candidate.id).catch(() => undefined);
  }, [candidate, loggedIn, shown, token]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementModal notice={shown} onClose={() => setShown(null)} />
    </Suspense>
  );
}
