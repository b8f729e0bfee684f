/**
 * The kinds with a public certificate page, by contract kind id (see ./types.ts for how to add one).
 */
import type { EvidenceKind } from '@cunzheng/contract/constants';
import { dataCertificate } from './data';
import type { CertificateKind } from './types';
import { mobileProcessCertificate, processCertificate } from './process';
import { webCertificate } from './web';
import { musicCertificate } from './music';

/** A kind of the registry that has a certificate page. */
export type CertificateKindId = 'data' | 'web' | 'process' | 'mobile' | 'music';

export const CERTIFICATE_KINDS: Readonly<Record<CertificateKindId, CertificateKind>> = {
  data: dataCertificate,
  web: webCertificate,
  // /evidencesPro serves both (getProView answers both session types); `mobile` names the mobile kind's config.
  process: processCertificate,
  mobile: mobileProcessCertificate,
  music: musicCertificate,
} satisfies Partial<Record<EvidenceKind, CertificateKind>>;
