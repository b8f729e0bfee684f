/**
 * What a kind says about its public certificate (issue 11 §1: ONE certificate layout,
 * pages/certificate/Certificate, for every kind): its view and extraction calls (its `KindApi`), its
 * title, whether it has an English page, and the blocks it shows around the shared certificate body
 * (`Sections`: before it, in the action column, after it). Which sections a kind has is listed in the
 * contract registry (`EVIDENCE_KIND[id].certificateSections`); `Sections` renders the kind-specific ones.
 *
 * Adding a kind: its `KindApi` (src/api/kinds/), a `CertificateKind` here (a folder with its Sections,
 * kept light: no antd Table, no zod — the page is a first visit, issue 2 §8), one line in `./index.ts`,
 * and the route `{ path: '/evidencesPro/:evidencesId', element: <Certificate kind="process" /> }`.
 */
import type { ComponentType, ReactNode } from 'react';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import type { CertificateView } from '../../../api/certificate';
import type { EvidenceRow, KindApi } from '../../../api/kinds/types';

/** The kind-specific blocks of a certificate. */
export interface CertificateSlots {
  /** Before the certificate (e.g. a web capture's screenshot and address). */
  intro?: ReactNode;
  /** Extra buttons in the action column. */
  actions?: ReactNode;
  /** After the certificate (e.g. the archived page and the artefact table). */
  after?: ReactNode;
}

/**
 * Renders a kind's blocks by calling `render` with them — a component, so a kind may keep state shared
 * between its blocks (the web snapshot button opens the snapshot panel below). Declare it with
 * `lazy(() => import('./Blocks'))` so other kinds' certificates do not load it.
 */
export type SectionsComponent<View> = ComponentType<{ view: View; render: (slots: CertificateSlots) => ReactNode }>;

export interface CertificateKind<View extends CertificateView = CertificateView> {
  readonly id: EvidenceKind;
  readonly api: Pick<KindApi<EvidenceRow, View>, 'keys' | 'view' | 'extract'>;
  /** The Chinese page title when it is not 保全证书 (e.g. 网页取证保全证书). */
  readonly title?: string;
  /** Has the English page /English{certificate}/{no}: both pages link to each other. */
  readonly english: boolean;
  readonly Sections?: SectionsComponent<View>;
}

/** Declares a kind for the registry (its view type widened: the page only hands a kind its own view). */
export const defineCertificateKind = <View extends CertificateView>(kind: CertificateKind<View>): CertificateKind => kind as unknown as CertificateKind;
