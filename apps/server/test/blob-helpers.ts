/**
 * Helpers of the blob lifecycle and integrity tests (issue 9 §1-2): users made through the auth service
 * (as `npm run cli -- user:create` does) and logged in through POST /api/login, so these tests do not
 * depend on the captcha/SMS flow.
 */
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { client } from './client.ts';
import type { Harness } from './harness.ts';

let n = 0;

/** Creates a user (or operator) and logs in; returns the row, token, API client and extraction code. */
export async function makeUser(h: Harness, role: 'user' | 'operator' = 'user') {
  const mobile = `137${String(process.pid % 10000).padStart(4, '0')}${String(++n).padStart(4, '0')}`;
  const row = await h.services.auth.createUser({ mobile, password: 'abc12345', type: 1, name: '李四', company: '', role, userStatus: 3 }, null, 'test');
  const login = await client(h).post<{ token: string }>('/api/login', { mobile, password: 'abc12345' });
  if (login.code !== 200) throw new Error(`login: ${login.msg}`);
  const extractCode = (await h.services.auth.extractCodeOf(row.id))!;
  return { row, token: login.data.token, api: client(h, login.data.token), extractCode };
}

/** The full users row of `id` (what the session layer hands to services as `owner`). */
export async function userRow(h: Harness, id: number) {
  const rows = await h.database.db.select().from(users).where(eq(users.id, id));
  return rows[0]!;
}
