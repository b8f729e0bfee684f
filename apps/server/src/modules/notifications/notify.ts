/**
 * The one way any module produces a notification (issue 5 §2; spec p1 §3 Notification): `notify` inserts
 * through the caller's transaction, so the message exists exactly when the event that caused it commits
 * (a failed deposit produces none). `newsText` holds the texts of the platform's own events.
 */
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { insertRows } from '../../platform/deferredInserts.ts';

/** Longest stored text (characters); longer texts are cut with '…'. */
export const NEWS_TEXT_MAX = 1000;

/** What produced a notification (stored in `notifications.kind`). */
export type NewsKind = 'deposit' | 'extract' | 'password' | 'extractCode' | 'operator' | 'system';

/** Cuts `s` to NEWS_TEXT_MAX characters (code points). */
const clip = (s: string): string => {
  const cps = [...s];
  return cps.length <= NEWS_TEXT_MAX ? s : `${cps.slice(0, NEWS_TEXT_MAX - 1).join('')}…`;
};

/**
 * Inserts one unread notification `str` for `userId` through `tx` (pass the transaction of the event).
 * `kind` records the producing event. Returns nothing; errors propagate and roll the event back.
 */
export async function notify(tx: DbOrTx, userId: number, str: string, kind: NewsKind = 'system'): Promise<void> {
  // In a group-commit body the row joins the batch's multi-row INSERT before its commit (issue 16).
  await insertRows(tx, notifications, [{ userId, str: clip(str), kind }]);
}

/** Inserts notification `str` for each of `userIds` through `tx` (bulk, 1,000 rows a statement); returns how many. */
export async function notifyMany(tx: DbOrTx, userIds: number[], str: string, kind: NewsKind = 'system'): Promise<number> {
  const text = clip(str);
  for (let i = 0; i < userIds.length; i += 1000) {
    await tx.insert(notifications).values(userIds.slice(i, i + 1000).map((userId) => ({ userId, str: text, kind })));
  }
  return userIds.length;
}

/** Texts of the platform's own events (spec p1 §2 notifications; wording ours). */
export const newsText = {
  /** Evidence preserved (deposit committed). */
  deposit: (title: string, baoquan: string) => `您的证据“${title}”已完成保全，保全号：${baoquan}。`,
  /** Someone retrieved the evidence with the owner's extraction code. */
  extract: (title: string, baoquan: string) => `您的证据“${title}”（保全号：${baoquan}）已被他人使用证据提取码提取。如非您授权，请立即重置证据提取码。`,
  /** Password changed by the user (editPassword). */
  password: () => '您的登录密码已修改。如非本人操作，请立即通过“忘记密码”重置密码。',
  /** Extraction code reset. */
  extractCode: () => '您的证据提取码已重置，原提取码已失效。',
} as const;
