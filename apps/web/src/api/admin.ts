/**
 * Operator console calls (issue 5 §7): every /api/admin/* call answers 401 to visitors, 408 to an
 * expired session and 403 to anyone but an operator — the request wrapper handles those (spec p2 §8).
 * Shapes are the contract's types (`@cunzheng/contract/account`, type-only import).
 */
import type {
  TAdminAnnouncementsRes,
  TAdminNotifyRes,
  TAdminUsersRes,
  TAnnouncementCreated,
  TAuditLogRes,
} from '@cunzheng/contract/account';
import { request, requestWithMsg, type Answer } from './request';

/** Query keys of the console lists. */
export const ADMIN_KEYS = { users: ['admin/users'] as const, announcements: ['admin/announcements'] as const, auditLog: ['admin/auditLog'] as const };

/** GET /api/admin/users (page, limit, keyword matching mobile, name or company) → `{ list, count }`. */
export const adminUsers = (q: { page: number; limit: number; keyword?: string }) =>
  request<TAdminUsersRes>({ method: 'GET', url: '/api/admin/users', data: { ...q, keyword: q.keyword || undefined } });

/** POST /api/admin/notify: one user (`userId`) or everyone (`all=1`), text `str` (≤ 500) → `{ sent }`. */
export const adminNotify = (d: { userId?: number; all?: boolean; str: string }): Promise<Answer<TAdminNotifyRes>> =>
  requestWithMsg<TAdminNotifyRes>({ method: 'POST', url: '/api/admin/notify', data: { userId: d.all ? undefined : d.userId, all: d.all ? 1 : undefined, str: d.str } });

/** GET /api/admin/announcements (page, limit) → `{ list, count }`, newest first. */
export const adminAnnouncements = (q: { page: number; limit: number }) =>
  request<TAdminAnnouncementsRes>({ method: 'GET', url: '/api/admin/announcements', data: q });

/** POST /api/admin/announcements (title ≤ 100, content ≤ 5000): publishes now → `{ id }`, msg 发布成功. */
export const adminPublish = (d: { title: string; content: string }): Promise<Answer<TAnnouncementCreated>> =>
  requestWithMsg<TAnnouncementCreated>({ method: 'POST', url: '/api/admin/announcements', data: { ...d } });

/** POST /api/admin/announcements/edit (id, title, content); msg 修改成功. */
export const adminEditAnnouncement = (d: { id: number; title: string; content: string }): Promise<Answer<null>> =>
  requestWithMsg<null>({ method: 'POST', url: '/api/admin/announcements/edit', data: { ...d } });

/** POST /api/admin/announcements/withdraw (id); msg 撤回成功. */
export const adminWithdraw = (id: number): Promise<Answer<null>> => requestWithMsg<null>({ method: 'POST', url: '/api/admin/announcements/withdraw', data: { id } });

/** GET /api/admin/auditLog (page, limit, action) → `{ list, count }`, newest first. */
export const adminAuditLog = (q: { page: number; limit: number; action?: string }) =>
  request<TAuditLogRes>({ method: 'GET', url: '/api/admin/auditLog', data: { ...q, action: q.action || undefined } });
