/**
 * Backup and restore (issue 17 §3): `npm run cli -- backup <dir>` / `restore <dir>`.
 *
 * Layout of a backup directory:
 *   manifest.json          format, time, database kind, ledger size/root of the snapshot, and the SHA-256 and
 *                          size of every other file (restore refuses a directory whose files do not match)
 *   db/<table>.jsonl       one `row_to_json` line per row of each table of schema `public`, all read in ONE
 *                          repeatable-read transaction: the ledger, its checkpoints, the evidence rows and
 *                          the `blobs` references are one consistent snapshot
 *   blobs/<sha256>         every blob the snapshot references, read through the BlobStore and verified
 *   keys/<name>            DATA_DIR/keys (ledger, TSA, signing, extraction-code keys): keep the backup as
 *                          secret as the keys (docs/deployment.md, key custody)
 * The job queue (schema `pgboss`) is not backed up: jobs are re-created by their schedules; captures that were
 * queued at backup time are marked failed by their own timeout.
 *
 * Restore goes into a FRESH installation (empty database, DATA_DIR without keys, any blob store): it checks
 * the manifest, writes the keys, stores the blobs, inserts the rows in foreign-key order in one
 * transaction, and resets the sequences, and stores the blobs through the BlobStore (local or S3).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { BlobStore } from './blobs.ts';

export const BACKUP_FORMAT = 'cunzheng-backup/1';

/** Sub-directories of a backup (its `blobs` folder is a plain copy; the store itself is reached only through BlobStore). */
const DB_SUB = 'db';
const BLOB_SUB = 'blobs';
const KEY_SUB = 'keys';
const SUBS = [DB_SUB, BLOB_SUB, KEY_SUB];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  /** ISO time the snapshot was taken. */
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Ledger leaves and the newest checkpoint in the snapshot. */
  ledger: { size: number; checkpointSize: number | null; checkpointRoot: string | null };
  /** Tables in insertion order with their row counts. */
  tables: Array<{ name: string; rows: number }>;
  /** Every file of the backup but the manifest: relative path → SHA-256 and size in bytes. */
  files: Record<string, { sha256: string; size: number }>;
}

const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unexpected table name ${name}`);
  return `"${name}"`;
};

/** Rows of a drizzle `execute` result (node-postgres and PGlite both answer `{rows}`). */
const rowsOf = <T>(r: unknown): T[] => (r as { rows?: T[] }).rows ?? (r as T[]);

async function fileSha(p: string): Promise<{ sha256: string; size: number }> {
  const h = crypto.createHash('sha256');
  let size = 0;
  for await (const c of fs.createReadStream(p, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    h.update(c);
    size += c.length;
  }
  return { sha256: h.digest('hex'), size };
}

/** Tables of schema `public`, parents before children (by foreign keys), then by name. */
async function tablesInOrder(q: (text: string) => Promise<Record<string, unknown>[]>): Promise<string[]> {
  const names = (await q(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).map((r) => String(r.name));
  const deps = await q(
    `select tc.table_name as child, ccu.table_name as parent from information_schema.table_constraints tc
       join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`,
  );
  const parents = new Map<string, Set<string>>(names.map((n) => [n, new Set<string>()]));
  for (const d of deps) if (d.child !== d.parent) parents.get(String(d.child))?.add(String(d.parent));
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (n: string, stack: Set<string>) => {
    if (seen.has(n) || stack.has(n)) return;
    stack.add(n);
    for (const p of parents.get(n) ?? []) visit(p, stack);
    seen.add(n);
    out.push(n);
  };
  for (const n of names) visit(n, new Set());
  return out;
}

/**
 * Writes a backup of `database`, the blobs it references and `dataDir/keys` into `dir` (created; must be
 * empty or missing). Returns the manifest. Throws when a referenced blob is missing or altered.
 */
export async function backupTo(dir: string, deps: { database: Database; blobs: BlobStore; dataDir: string }): Promise<BackupManifest> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`backup directory ${dir} is not empty`);
  for (const d of SUBS) fs.mkdirSync(path.join(dir, d), { recursive: true, mode: 0o700 });
  const files: BackupManifest['files'] = {};
  const tables: BackupManifest['tables'] = [];
  let ledger: BackupManifest['ledger'] = { size: 0, checkpointSize: null, checkpointRoot: null };
  const shas: string[] = [];

  // One snapshot for every table (PGlite has one connection, so the transaction is the whole database).
  await deps.database.db.transaction(
    async (tx) => {
      const q = async (text: string) => rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(text)));
      for (const name of await tablesInOrder(q)) {
        const rel = `db/${name}.jsonl`;
        const out = fs.createWriteStream(path.join(dir, rel), { mode: 0o600 });
        let rows = 0;
        // Paged by ctid order to bound memory; the snapshot makes paging consistent.
        for (let offset = 0; ; offset += 2000) {
          const page = await q(`select row_to_json(t)::text as j from ${ident(name)} t order by ctid limit 2000 offset ${offset}`);
          for (const r of page) {
            if (!out.write(`${String(r.j)}\n`)) await new Promise<void>((res) => out.once('drain', () => res()));
          }
          rows += page.length;
          if (page.length < 2000) break;
        }
        await new Promise<void>((res, rej) => out.end((e?: Error | null) => (e ? rej(e) : res())));
        tables.push({ name, rows });
      }
      const size = Number((await q(`select coalesce(max(idx) + 1, 0) as n from ledger_entries`))[0]?.n ?? 0);
      const cp = (await q(`select size, encode(root, 'hex') as root from checkpoints order by size desc limit 1`))[0];
      ledger = { size, checkpointSize: cp ? Number(cp.size) : null, checkpointRoot: cp ? String(cp.root) : null };
      for (const r of await q(`select sha256 from blobs order by sha256`)) shas.push(String(r.sha256));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  for (const sha of shas) {
    const v = await deps.blobs.openVerified(sha);
    await pipeline(v.stream(), fs.createWriteStream(path.join(dir, BLOB_SUB, sha), { mode: 0o600 }));
  }
  const keysDir = path.join(deps.dataDir, 'keys');
  for (const name of fs.existsSync(keysDir) ? fs.readdirSync(keysDir) : []) {
    const src = path.join(keysDir, name);
    if (fs.statSync(src).isFile()) fs.copyFileSync(src, path.join(dir, KEY_SUB, name));
  }
  for (const sub of SUBS) {
    for (const name of fs.readdirSync(path.join(dir, sub)).sort()) files[`${sub}/${name}`] = await fileSha(path.join(dir, sub, name));
  }
  const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database: deps.database.kind, ledger, tables, files };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 1), { mode: 0o600 });
  return manifest;
}

/** Reads `dir/manifest.json` and re-hashes every file it lists; throws naming the first bad or extra file. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (m.format !== BACKUP_FORMAT) throw new Error(`not a backup of this format: ${String(m.format)}`);
  for (const [rel, want] of Object.entries(m.files)) {
    if (!/^(db|blobs|keys)\/[A-Za-z0-9._-]+$/.test(rel)) throw new Error(`bad file name in manifest: ${rel}`);
    const got = await fileSha(path.join(dir, rel)).catch(() => null);
    if (!got || got.sha256 !== want.sha256 || got.size !== want.size) throw new Error(`backup file ${rel} does not match the manifest`);
  }
  for (const sub of SUBS) {
    for (const name of fs.readdirSync(path.join(dir, sub))) if (!m.files[`${sub}/${name}`]) throw new Error(`backup file ${sub}/${name} is not in the manifest`);
  }
  return m;
}

/**
 * Restores `dir` into a fresh installation: `database` (migrated, no evidence, no ledger), `dataDir/keys`
 * (written; existing different keys are refused) and `blobs`. Call before any service is built on
 * `dataDir` (services create missing keys). Returns the verified manifest.
 */
export async function restoreFrom(dir: string, deps: { database: Database; dataDir: string; blobs: () => BlobStore }): Promise<BackupManifest> {
  const m = await verifyBackup(dir);
  const count = async (t: string) => Number((await deps.database.query<{ n: string | number }>(`select count(*) as n from ${ident(t)}`))[0]?.n ?? 0);
  if ((await count('ledger_entries')) > 0 || (await count('evidence')) > 0 || (await count('users')) > 0) throw new Error('restore needs a fresh installation: the database already holds users, evidence or ledger entries');

  const keysDir = path.join(deps.dataDir, 'keys');
  fs.mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  for (const rel of Object.keys(m.files).filter((f) => f.startsWith('keys/'))) {
    const dest = path.join(keysDir, rel.slice(5));
    const bytes = fs.readFileSync(path.join(dir, rel));
    if (fs.existsSync(dest) && !fs.readFileSync(dest).equals(bytes)) throw new Error(`restore would replace a different key ${rel}: use a fresh DATA_DIR`);
    fs.writeFileSync(dest, bytes, { mode: rel.endsWith('.crt.pem') || rel.endsWith('chain.pem') ? 0o644 : 0o600 });
  }

  const blobs = deps.blobs();
  for (const rel of Object.keys(m.files).filter((f) => f.startsWith('blobs/'))) {
    const staged = await blobs.stage(fs.createReadStream(path.join(dir, rel)), () => false);
    try {
      if (staged.sha256 !== rel.slice(6)) throw new Error(`backup blob ${rel} does not hash to its name`);
      await blobs.commit(staged);
    } finally {
      await blobs.discard(staged);
    }
  }

  await deps.database.db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    // Rows seeded by migrations (reference data) are replaced by the backup's: children emptied first,
    // then every table filled parents first (the manifest keeps foreign-key order).
    for (const t of [...m.tables].reverse()) await run(`delete from ${ident(t.name)}`);
    for (const t of m.tables) {
      const lines = fs.readFileSync(path.join(dir, DB_SUB, `${t.name}.jsonl`), 'utf8').split('\n').filter(Boolean);
      for (let i = 0; i < lines.length; i += 500) {
        const chunk = JSON.stringify(lines.slice(i, i + 500).map((l) => JSON.parse(l) as unknown));
        await tx.execute(sql`insert into ${sql.raw(ident(t.name))} select * from json_populate_recordset(null::${sql.raw(ident(t.name))}, ${chunk}::json)`);
      }
    }
    // Sequences of serial columns continue after the restored ids.
    const seqs = rowsOf<{ t: string; c: string; s: string }>(
      await run(`select c.table_name as t, c.column_name as c, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as s
                   from information_schema.columns c where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`),
    );
    for (const r of seqs) {
      await run(`select setval('${r.s.replace(/'/g, "''")}', greatest((select coalesce(max(${ident(r.c)}), 0) from ${ident(r.t)}), 1), (select count(*) > 0 from ${ident(r.t)}))`);
    }
  });
  return m;
}

/** Files of `dir` as relative paths (for reports). */
export async function listBackup(dir: string): Promise<string[]> {
  return (await fsp.readdir(dir, { recursive: true })).map(String).sort();
}
