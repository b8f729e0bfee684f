/**
 * Module boundaries (issue 11 §1; DESIGN.md "a module uses another only through its service"), checked by
 * reading the imports of every non-test file under apps/server/src:
 * 1. no module imports another module's `repo.ts`;
 * 2. no module imports a table another module owns (tables of `db/schema`, owners below); the `users`
 *    table is written only by auth and account; platform tables are reached through platform functions;
 * 3. blobs are read through the BlobStore interface only: no `pathOf` / `localBlobPath` / blob directory
 *    path outside platform/blobs.ts, so an S3 store can replace the local one.
 * Test files may inspect anything (they check what the code wrote).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** Owner module(s) of each table; 'platform' = only platform/ code. A table not listed belongs to the one module that uses it. */
const TABLE_OWNERS: Readonly<Record<string, readonly string[]>> = {
  users: ['auth', 'account'],
  sessions: ['auth'],
  captchas: ['auth'],
  smsCodes: ['auth'],
  powSpent: ['auth'],
  smsOutbox: ['platform'],
  rateCounters: ['platform'],
  auditLog: ['platform'],
  blobs: ['platform'],
  evidence: ['evidence'],
  evidenceArtefacts: ['evidence'],
  ledgerEntries: ['ledger'],
  ledgerHashes: ['ledger'],
  checkpoints: ['ledger'],
  timestamps: ['trust'],
  anchors: ['anchor'],
  auditCursor: ['audit'],
  auditRuns: ['audit'],
  auditAlerts: ['audit'],
  notifications: ['notifications'],
  announcements: ['announcements'],
  announcementReads: ['announcements'],
  signatures: ['seals'],
  webCaptures: ['webcapture'],
  webBatches: ['webcapture'],
  webBatchItems: ['webcapture'],
  webPreviews: ['webcapture'],
  notaryOffices: ['notary'],
  notaryStaff: ['notary'],
  notaryOrders: ['notary'],
  notaryOrderEvidence: ['notary'],
  notaryDocuments: ['notary'],
};

/**
 * The only exceptions, each justified (`<file>: <table>`):
 * - commerce (issue 13, landed in parallel with this test) reads `users` directly: the cached points
 *   balance (DESIGN.md Domain model "points balance cache", locked and updated with the points-ledger row in
 *   one transaction), member names and mobiles joined into the order list, a mobile lookup for operator
 *   grants. To move behind auth/account service functions that take the caller's transaction; until then
 *   listed here so nothing else may follow.
 */
const ALLOWED: ReadonlySet<string> = new Set(['modules/commerce/wire.ts: users', 'modules/commerce/service.ts: users', 'modules/commerce/ordersRepo.ts: users', 'modules/commerce/points.ts: users']);

interface Source {
  rel: string;
  text: string;
}

function sources(dir = SRC): Source[] {
  const out: Source[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'migrations') out.push(...sources(p));
    } else if (e.name.endsWith('.ts') && !/\.test(-util)?\.ts$/.test(e.name)) {
      out.push({ rel: path.relative(SRC, p).split(path.sep).join('/'), text: fs.readFileSync(p, 'utf8') });
    }
  }
  return out;
}

/** `modules/<name>/…` → name; `platform/…` → 'platform'; anything else → null. */
const moduleOf = (rel: string): string | null => (rel.startsWith('modules/') ? (rel.split('/')[1] ?? null) : rel.startsWith('platform/') ? 'platform' : null);

/** Every import of a file: specifier and the named bindings (value and type imports, static and dynamic). */
function importsOf(text: string): Array<{ spec: string; names: string[] }> {
  const out: Array<{ spec: string; names: string[] }> = [];
  for (const m of text.matchAll(/import\s+(?:type\s+)?([\s\S]*?)\s+from\s+'([^']+)'/g)) {
    const names = /\{([\s\S]*)\}/.exec(m[1]!)?.[1]?.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim()).filter(Boolean) ?? [];
    out.push({ spec: m[2]!, names });
  }
  for (const m of text.matchAll(/(?:import|export\s+\*\s+from)\s*\(?\s*'([^']+)'/g)) out.push({ spec: m[1]!, names: [] });
  return out;
}

/** The violations of the rules in the file comment. */
function violations(files: Source[]): string[] {
  const bad: string[] = [];
  const tableUsers = new Map<string, Set<string>>();
  for (const f of files) {
    const mod = moduleOf(f.rel);
    for (const imp of importsOf(f.text)) {
      if (!imp.spec.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(f.rel), imp.spec));
      const targetMod = moduleOf(target);
      if (mod && targetMod && targetMod !== mod && targetMod !== 'platform' && target.endsWith('/repo.ts')) bad.push(`${f.rel}: imports ${target} (another module's repo; use its service)`);
      if (mod && target.startsWith('db/schema/')) {
        for (const t of imp.names) {
          if (ALLOWED.has(`${f.rel}: ${t}`)) continue;
          const owners = TABLE_OWNERS[t];
          if (owners) {
            if (mod !== 'platform' && !owners.includes(mod)) bad.push(`${f.rel}: uses table ${t} owned by ${owners.join('/')}`);
          } else if (mod !== 'platform') {
            if (!tableUsers.has(t)) tableUsers.set(t, new Set());
            tableUsers.get(t)!.add(`${mod} (${f.rel})`);
          }
        }
      }
    }
    // Raw SQL naming another module's table (update/insert/select through sql`…`).
    const rawSql = [...f.text.matchAll(/sql`([^`]*)`/g)].map((m) => m[1]).join('\n');
    for (const m of rawSql.matchAll(/\b(?:update|into|from|join)\s+"?([a-z_]+)"?\s/gi)) {
      const table = m[1]!.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      const owners = TABLE_OWNERS[table];
      if (mod && mod !== 'platform' && owners && !owners.includes(mod) && !ALLOWED.has(`${f.rel}: ${table}`)) bad.push(`${f.rel}: uses table ${table} owned by ${owners.join('/')} in raw SQL`);
    }
    if (f.rel !== 'platform/blobs.ts' && /\b(pathOf|localBlobPath)\b/.test(f.text)) bad.push(`${f.rel}: reaches blob files by path (use the BlobStore interface)`);
    if (!['platform/blobs.ts', 'platform/context.ts'].includes(f.rel) && /['"`]blobs['"`]\s*[),]/.test(f.text) && /node:fs/.test(f.text)) bad.push(`${f.rel}: opens the blob directory with node:fs (use the BlobStore interface)`);
  }
  for (const [t, users] of tableUsers) {
    const mods = new Set([...users].map((u) => u.split(' ')[0]));
    if (mods.size > 1) bad.push(`table ${t} is used by several modules: ${[...users].join(', ')} (give it one owner)`);
  }
  return bad;
}

describe('module boundaries', () => {
  const files = sources();

  it('finds the code it checks', () => {
    expect(files.some((f) => f.rel === 'modules/evidence/service.ts')).toBe(true);
    expect(files.some((f) => f.rel === 'platform/blobs.ts')).toBe(true);
    // The rules see what they must: a made-up offender is reported for each rule.
    const fake: Source[] = [
      { rel: 'modules/x/service.ts', text: "import * as r from '../evidence/repo.ts';\nimport { evidence, users } from '../../db/schema/index.ts';\nconst p = blobs.pathOf(sha);" },
      { rel: 'modules/y/a.ts', text: "import fs from 'node:fs';\nconst d = path.join(dir, 'blobs');\nawait tx.execute(sql`update users set points = 1 where id = 2`);" },
    ];
    expect(violations(fake)).toEqual([
      'modules/x/service.ts: imports modules/evidence/repo.ts (another module\'s repo; use its service)',
      'modules/x/service.ts: uses table evidence owned by evidence',
      'modules/x/service.ts: uses table users owned by auth/account',
      'modules/x/service.ts: reaches blob files by path (use the BlobStore interface)',
      'modules/y/a.ts: uses table users owned by auth/account in raw SQL',
      'modules/y/a.ts: opens the blob directory with node:fs (use the BlobStore interface)',
    ]);
  });

  it('no module reaches into another module\'s repo or tables, and blobs are read only through the BlobStore', () => {
    expect(violations(files)).toEqual([]);
  });
});
