/**
 * Loads one certificate by number (GET /api/share/getView) and shows it in the chosen language, or
 * a result page when the number is unknown (保全号不存在) or the call failed. Shared by
 * /attestation/{attestationId} and /English/attestation/{attestationId} (spec p1 §2).
 */
import { Link } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getView } from '../../../api/certificate';
import { ApiError } from '../../../api/request';
import { useSession } from '../../../stores/session';
import { CertificateBody } from './CertificateBody';
import type { CertLabels } from './labels';
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
  const loggedIn = token !== '';
  // The token is part of the key: isSelf depends on who asks (spec p1 §6).
  const q = useQuery({
    queryKey: ['share/getView', baoquan, token],
    queryFn: () => getView(baoquan, true),
    retry: false,
    enabled: baoquan !== '',
  });

  if (q.isPending) {
    return (
      <div className="cert-page" style={{ textAlign: 'center', paddingTop: 80 }}>
        <Spin size="large" />
      </div>
    );
  }
  if (q.isError || !q.data) {
    const unknown = q.error instanceof ApiError && q.error.code === 400;
    return (
      <Result
        status={unknown ? '404' : 'warning'}
        title={unknown ? labels.notFound : labels.loadFailed}
        subTitle={unknown ? baoquan : q.error instanceof ApiError ? q.error.msg : undefined}
        extra={
          <Link to="/">
            <Button type="primary">{labels.back}</Button>
          </Link>
        }
      />
    );
  }
  const view = q.data;
  const path = certificatePath(view.baoquan, labels.lang);
  return (
    <CertificateBody
      view={view}
      viewer={viewerOf(view, loggedIn)}
      labels={labels}
      html={labels.lang === 'zh' ? view.html : view.htmlEn || view.html}
      pageUrl={`${window.location.origin}${path}`}
      otherLanguageHref={certificatePath(view.baoquan, labels.lang === 'zh' ? 'en' : 'zh')}
    />
  );
}
