/**
 * Loads a kind's public certificate view by number (the kind's `view` call, silent: the page shows its own
 * result) and the result block shown instead when the number is unknown (保全号不存在, code 400) or the
 * call failed. Shared by the certificate layout and the compact mobile certificate.
 */
import { useQuery } from '@tanstack/react-query';
import type { CertificateView } from '../../../api/certificate';
import { ApiError } from '../../../api/request';
import { pageDataStaleTime, takePageData } from '../../../shell/pageData';
import type { CertificateKind } from '../kinds/types';
import { PlainResult } from './PlainResult';

/**
 * The view of `baoquan`; `who` is part of the query key (the session token: isSelf depends on who asks,
 * spec p1 §6; or a page name). Issue 16: the answer the server embedded in the page's HTML for this
 * number and viewer (shell/pageData.ts) is the query's initial data, once, without a request.
 */
export function useKindView(kind: CertificateKind, baoquan: string, who: string) {
  return useQuery<CertificateView>({
    queryKey: [kind.api.keys.view, baoquan, who],
    queryFn: () => kind.api.view(baoquan, true),
    initialData: () => (baoquan === '' ? undefined : takePageData<CertificateView>(kind.api.keys.view, baoquan)),
    staleTime: pageDataStaleTime,
    retry: false,
    enabled: baoquan !== '',
  });
}

/** The result block of a failed load: not found for an empty number or code 400, else a warning with the server's message. */
export function ViewError({ baoquan, error, labels, withDetail = true }: { baoquan: string; error: unknown; labels: { notFound: string; loadFailed: string; back?: string }; withDetail?: boolean }) {
  const unknown = baoquan === '' || (error instanceof ApiError && error.code === 400);
  const detail = unknown ? baoquan : withDetail && error instanceof ApiError ? error.msg : undefined;
  return <PlainResult kind={unknown ? 'notFound' : 'warning'} title={unknown ? labels.notFound : labels.loadFailed} detail={detail} homeLabel={labels.back} />;
}
