/**
 * Logout (spec p2 §8: GET /api/user/logout; codes 200, 400 and 408 show msg, clear local storage
 * and go to the root). Whatever the server answers, the local session is forgotten, so the user is
 * never stuck logged in.
 */
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { logout } from '../../api/auth';
import { toastLater } from '../../api/toastLater';
import { clearSession } from '../../stores/session';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return async () => {
    try {
      const env = await logout();
      const code = Number(env.code);
      if (code === 200) toastLater('success', env.msg || MSG.LOGOUT_SUCCESS);
      else if (env.msg) toastLater('info', env.msg);
    } catch {
      // Network failure: still log out locally.
    }
    // Leave the (possibly login-required) page first and render the new one synchronously (flushSync),
    // so the old page's login guard never sees the cleared session and sends the user to /login.
    await navigate('/', { replace: true, flushSync: true });
    clearSession();
    qc.clear();
  };
}
