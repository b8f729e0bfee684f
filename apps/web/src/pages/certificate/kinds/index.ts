/**
 * The kinds with a public certificate page, by contract kind id (see ./types.ts for how to add one).
 */
import type { EvidenceKind } from '@cunzheng/contract/constants';
import { dataCertificate } from './data';
import type { CertificateKind } from './types';
import { webCertificate } from './web';

/** A kind of the registry that has a certificate page. */
export type CertificateKindId = 'data' | 'web';

export const CERTIFICATE_KINDS: Readonly<Record<CertificateKindId, CertificateKind>> = {
  data: dataCertificate,
  web: webCertificate,
} satisfies Partial<Record<EvidenceKind, CertificateKind>>;
