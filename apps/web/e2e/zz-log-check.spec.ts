/**
 * Last spec of a full run (files run in name order): the e2e server's log of every flow before it — register,
 * login, deposits, extraction with codes, downloads through tickets, web captures, previews — holds no
 * secret (issue 9 §4): no SMS or extraction code outside the embedded provider's `[SMS]` line, no
 * unredacted ticket, signature, token or SQL parameter list. The server searches its own log file.
 */
import { expect, test } from '@playwright/test';

const PEEK = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8090) + 1}`;

test('the server log of the run holds no secrets', async () => {
  // Some traffic of this spec itself, so the log is never empty even when run alone.
  for (const p of ['/api/health', '/api/file/not-a-ticket.sig', '/api/ledger/package?baoquan=CZ1&code=123456']) await fetch(`${PEEK.replace(/:\d+$/, `:${Number(process.env.E2E_PORT ?? 8090)}`)}${p}`);
  const r = (await (await fetch(`${PEEK}/logcheck`)).json()) as { lines: number; hits: string[] };
  expect(r.lines).toBeGreaterThan(3);
  expect(r.hits).toEqual([]);
});

test('points:verify is clean after every flow of the run (issue 13)', async () => {
  const r = (await (await fetch(`${PEEK}/pointsverify`)).json()) as { users: number; rows: number; problems: unknown[] };
  expect(r.rows).toBeGreaterThan(0);
  expect(r.problems).toEqual([]);
});
