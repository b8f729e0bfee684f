/**
 * Wraps the pages meant for logged-out visitors (/login, /register, /forgetpwd): a user who is already
 * logged in when the page opens goes where they were headed (the `redirect` query) or to their home
 * page (/overview), never to the form (issue 8 §3). Decided once, when the page opens, so logging in on
 * the page itself keeps the page's own navigation after success.
 */
import { useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { signedInPath } from '../pages/auth/components/redirect';
import { getSession } from '../stores/session';

export function GuestOnly({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const [target] = useState(() => {
    const s = getSession();
    return s.token ? signedInPath(params.get('redirect'), s.userInfo, s.role) : null;
  });
  if (target) return <Navigate to={target} replace />;
  return children;
}
