/**
 * Continuous-audit calls of the operator console (issue 3 §5): runs, alerts, rolling positions and the
 * anchoring state; resolving an alert. Operators only — the request wrapper handles 401/403/408.
 */
import type { TAuditOverview } from '@cunzheng/contract/audit';
import { request, requestWithMsg, type Answer } from './request';

/** Query key of the overview. */
export const AUDIT_KEY = ['admin/audit'] as const;

/** GET /api/admin/audit → runs (latest 50), alerts (open first), open count, cursors, anchoring. */
export const getAuditOverview = () => request<TAuditOverview>({ method: 'GET', url: '/api/admin/audit' });

/** POST /api/admin/audit/resolve (id) → marks an open alert resolved; 400 告警不存在或已处理. */
export const resolveAuditAlert = (id: number): Promise<Answer<null>> => requestWithMsg<null>({ method: 'POST', url: '/api/admin/audit/resolve', data: { id } });
