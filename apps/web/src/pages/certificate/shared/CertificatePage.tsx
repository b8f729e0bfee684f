/**
 * Loads one certificate by number (GET /api/share/getView) and shows it in the chosen language, or
 * a result block when the number is unknown (保全号不存在) or the call failed. Shared by
 * /attestation/{attestationId} and /English/attestation/{attestationId} (spec p1 §2).
 */
import { useQuery } from '@tanstack/react-query';
import { getView } from '../../../api/certificate';
import { ApiError } from '../../../api/request';
import { PageLoading } from '../../../components/PageLoading';
import { useSession } from '../../../stores/session';
import { CertificateBody } from './CertificateBody';
import type { CertLabels } from './labels';
import { PlainResult } from './PlainResult';
import { viewerOf } from './rules';

export interface CertificatePageProps {
  baoquan: string;
  labels: CertLabels;
}

/** Path of a certificate page: Chinese `/attestation/{no}`, English `/English/attestation/{no}`. */
export function certificatePath(baoquan: string, lang: 'zh' | 'en'): string {
  const no = encodeURIComponent(baoquan);
  return lang === 'zh' ? `/attestation/${no}` : `/English/attestation/${no}`;
}

/** The certificate page body with loading and error states. */
export function CertificatePage({ baoquan, labels }: CertificatePageProps) {
  const { token } = useSession();
  // The token is part of the key: isSelf depends on who asks (spec p1 §6).
  const q = useQuery({
    queryKey: ['share/getView', baoquan, token],
    queryFn: () => getView(baoquan, true),
    retry: false,
    enabled: baoquan !== '',
  });

  if (q.isError || baoquan === '') {
    const unknown = baoquan === '' || (q.error instanceof ApiError && q.error.code === 400);
    const detail = unknown ? baoquan : q.error instanceof ApiError ? q.error.msg : undefined;
    return <PlainResult kind={unknown ? 'notFound' : 'warning'} title={unknown ? labels.notFound : labels.loadFailed} detail={detail} homeLabel={labels.back} />;
  }
  if (!q.data) return <PageLoading />;
  const view = q.data;
  const path = certificatePath(view.baoquan, labels.lang);
  return (
    <CertificateBody
      view={view}
      viewer={viewerOf(view, token !== '')}
      labels={labels}
      html={labels.lang === 'zh' ? view.html : view.htmlEn || view.html}
      pageUrl={`${window.location.origin}${path}`}
      otherLanguageHref={certificatePath(view.baoquan, labels.lang === 'zh' ? 'en' : 'zh')}
    />
  );
}
