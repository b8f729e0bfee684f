/**
 * The kinds with a public certificate page, by contract kind id (see ./types.ts for how to add one).
 */
import type { EvidenceKind } from '@cunzheng/contract/constants';
import { appCertificate, dataCertificate } from './data';
import type { CertificateKind } from './types';
import { mobileProcessCertificate, processCertificate } from './process';
import { webCertificate } from './web';
import { musicCertificate } from './music';

/** A kind of the registry that has a certificate page. */
export type CertificateKindId = 'data' | 'web' | 'process' | 'mobile' | 'app' | 'music';

export const CERTIFICATE_KINDS: Readonly<Record<CertificateKindId, CertificateKind>> = {
  data: dataCertificate,
  web: webCertificate,
  // /evidencesPro serves both (getProView answers both session types); `mobile` names the mobile kind's config.
  process: processCertificate,
  mobile: mobileProcessCertificate,
  music: musicCertificate,
  // App captures share the data certificate (/attestation/{id}); isApp 1 adds 手机信息 there.
  app: appCertificate,
} satisfies Partial<Record<EvidenceKind, CertificateKind>>;
