/** Display labels of user fields in the console (spec p2 §3–4: account type, userStatus; platform role). */
import { USER_STATUS_TIP } from '@cunzheng/contract/constants';

export const ACCOUNT_TYPE_LABEL: Readonly<Record<number, string>> = { 1: '个人', 2: '企业' };
export const USER_STATUS_LABEL: Readonly<Record<number, string>> = { 1: '未认证', 2: '审核中', 3: '已认证', 4: '认证失败' };
export const ROLE_LABEL: Readonly<Record<string, string>> = { user: '用户', operator: '运营' };

/** Longer text of a userStatus (tooltip). */
export const userStatusTip = (s: number): string => USER_STATUS_TIP[s] ?? '';

/** Console page size (the API's default `limit`). */
export const ADMIN_PAGE_SIZE = 20;
