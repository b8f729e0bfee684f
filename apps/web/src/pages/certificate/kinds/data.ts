/**
 * The data-deposit certificate /attestation/{attestationId} and its English page (spec p1 §2, §6):
 * GET /api/share/getView, extraction by code through POST /api/share/downBaoquan; no kind-specific
 * blocks (the shared body is the whole page). Also read by the compact mobile certificate.
 */
import { dataApi } from '../../../api/kinds/data';
import { lazyKindApi } from './lazyApi';
import { defineCertificateKind } from './types';

export const dataCertificate = defineCertificateKind({ id: 'data', api: dataApi, english: true });

/** App captures (issue 12 §1): the same certificate page (/attestation/{id}); 手机信息 (isApp 1) comes from the shared body. */
export const appCertificate = defineCertificateKind({ id: 'app', api: lazyKindApi({ list: 'data/getAppDataList', view: 'share/getView' }, () => import('../../../api/kinds/app').then((m) => m.appApi)), english: true });
