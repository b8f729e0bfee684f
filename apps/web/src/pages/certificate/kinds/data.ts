/**
 * The data-deposit certificate /attestation/{attestationId} and its English page (spec p1 §2, §6):
 * GET /api/share/getView, extraction by code through POST /api/share/downBaoquan; no kind-specific
 * blocks (the shared body is the whole page). Also read by the compact mobile certificate.
 */
import { dataApi } from '../../../api/kinds/data';
import { defineCertificateKind } from './types';

export const dataCertificate = defineCertificateKind({ id: 'data', api: dataApi, english: true });
