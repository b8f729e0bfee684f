/**
 * THE certificate layout of every kind (issue 11 §1; spec p1 §2 "Preservation certificate page", p1 §6,
 * p2 §2): /attestation/:attestationId and /English/attestation/:attestationId (data deposits),
 * /evidencesWeb/:evidencesId (web captures) and the coming /evidencesPro/:evidencesId, each route passing
 * its kind id (and the language). The id in the path is the baoquan. The kind's `CertificateKind`
 * (pages/certificate/kinds/) gives the view and extraction calls, the title, the English page and the
 * blocks around the shared body (number, chainhash → /ledger, the server-rendered certificate html, QR
 * for the owner, download / extraction, share, print, PDF). Query parameters (fileUrl, label, key,
 * appType, type) may be present; the page does not need them.
 *
 * How to add a kind: see pages/certificate/kinds/types.ts.
 */
import { Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { certificatePath } from '@cunzheng/contract/evidenceKinds';
import type { CertificateView } from '../../../api/certificate';
import { PageLoading } from '../../../components/PageLoading';
import { useSession } from '../../../stores/session';
import { CertificateBody } from '../shared/CertificateBody';
import { enLabels, zhLabels, type CertLabels } from '../shared/labels';
import { viewerOf } from '../shared/rules';
import { useKindView, ViewError } from '../shared/useKindView';
import { CERTIFICATE_KINDS, type CertificateKindId } from '../kinds';
import type { CertificateKind, CertificateSlots } from '../kinds/types';

/** Path of a kind's certificate in a language: `/attestation/{no}`, `/English/attestation/{no}`, `/evidencesWeb/{no}`. */
export function kindCertificatePath(kind: CertificateKindId, baoquan: string, lang: 'zh' | 'en'): string {
  const path = certificatePath(kind, baoquan);
  return lang === 'zh' ? path : `/English${path}`;
}

export interface CertificateProps {
  kind: CertificateKindId;
  lang?: 'zh' | 'en';
}

/** Default export for React.lazy in the route table. */
export default function Certificate({ kind: id, lang = 'zh' }: CertificateProps) {
  const params = useParams();
  const baoquan = params.attestationId ?? params.evidencesId ?? '';
  const kind = CERTIFICATE_KINDS[id];
  const labels: CertLabels = lang === 'en' ? enLabels : kind.title ? { ...zhLabels, pageTitle: kind.title } : zhLabels;
  const { token } = useSession();
  const q = useKindView(kind, baoquan, token);

  if (q.isError || baoquan === '') return <ViewError baoquan={baoquan} error={q.error} labels={labels} />;
  if (!q.data) return <PageLoading />;
  const view = q.data;
  const body = (slots: CertificateSlots) => (
    <CertificateBody
      view={view}
      viewer={viewerOf(view, token !== '')}
      labels={labels}
      html={lang === 'zh' ? view.html : view.htmlEn || view.html}
      pageUrl={`${typeof window === 'undefined' ? '' : window.location.origin}${kindCertificatePath(id, view.baoquan, lang)}`}
      otherLanguageHref={kind.english ? kindCertificatePath(id, view.baoquan, lang === 'zh' ? 'en' : 'zh') : undefined}
      extract={kind.api.extract}
      intro={slots.intro}
      actions={slots.actions}
    >
      {slots.after}
    </CertificateBody>
  );
  return <KindBlocks kind={kind} view={view} render={body} />;
}

/** The kind's blocks around the body (their code loads on demand), or the body alone. */
function KindBlocks({ kind, view, render }: { kind: CertificateKind; view: CertificateView; render: (slots: CertificateSlots) => ReactNode }) {
  const { Sections } = kind;
  if (!Sections) return <>{render({})}</>;
  return (
    <Suspense fallback={<PageLoading />}>
      <Sections view={view} render={render} />
    </Suspense>
  );
}
