/**
 * Shared state of the KYC pages: the caller's verification info (POST /api/user/getAuthInfo) and a refresh
 * that re-reads and stores the user info after a submission (spec p2 §4 "after a successful submit the user
 * info is re-read and stored"), so the header banner and menu (认证信息) follow.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchUserInfo } from '../../../api/auth';
import { getAuthInfo, KYC_KEYS } from '../../../api/kyc';
import { setUserInfo } from '../../../stores/session';

export function useAuthInfo() {
  return useQuery({ queryKey: KYC_KEYS.info, queryFn: getAuthInfo, staleTime: 0 });
}

/** Re-reads user info and the KYC info. */
export function useKycRefresh() {
  const qc = useQueryClient();
  return async () => {
    try {
      setUserInfo(await fetchUserInfo());
    } catch {
      // The header refresh retries later.
    }
    await qc.invalidateQueries({ queryKey: KYC_KEYS.info });
  };
}
