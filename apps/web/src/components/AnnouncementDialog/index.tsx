/**
 * Shows the current announcement once per announcement per user (spec p2 §1–2; issue 5 §3): reads
 * GET /api/news/notice, and when {@link shouldShowNotice} says so opens the 公告 dialog (loaded on
 * demand, so pages without an announcement load no dialog code), marking it shown at once — on the
 * server (POST /api/news/noticeRead) for a logged-in user and in localStorage in every case.
 * Never over the login, register and password-reset forms; and an announcement shown to a visitor
 * who then logs in on this page is marked read for the account instead of showing again (issue 8 §3).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
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
/** Ids shown to the logged-out visitor since the app loaded: after logging in they count as read. */
const shownToVisitor = new Set<number>();

/** The forms a visitor fills in to get in: no dialog over them. */
const AUTH_FORMS = /^\/(login|register|forgetpwd)(\/|$)/i;

export function AnnouncementGate() {
  const { token } = useSession();
  const loggedIn = token !== '';
  const q = useQuery({ queryKey: [...NOTICE_KEY, token], queryFn: getNotice, staleTime: 5 * 60_000, retry: false });
  const [shown, setShown] = useState<TNotice | null>(null);

  const candidate = q.data;
  const onAuthForm = AUTH_FORMS.test(useLocation().pathname);
  useEffect(() => {
    if (shown || onAuthForm || !shouldShowNotice(candidate, loggedIn)) return;
    const key = `${token}:${candidate.id}`;
    if (handled.has(key)) return;
    handled.add(key);
    if (loggedIn && shownToVisitor.has(candidate.id)) {
      // Read just before logging in: record it for the account, do not show it twice.
      noticeRead(candidate.id).catch(() => undefined);
      return;
    }
    setShown(candidate);
    rememberSeen(candidate.id);
    if (loggedIn) noticeRead(candidate.id).catch(() => undefined);
    else shownToVisitor.add(candidate.id);
  }, [candidate, loggedIn, shown, token, onAuthForm]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementModal notice={shown} onClose={() => setShown(null)} />
    </Suspense>
  );
}
