/**
 * The one owner list of every evidence kind (issue 11 §1): a page of the owner's evidence of a kind, newest
 * first, with the p1 §7 filters (label, date range, keyword, file type). A kind whose records exist before
 * they become evidence (web captures, process sessions: queued, running, failed) lists its SIDE TABLE,
 * left-joined with the evidence row: the owning module passes its table as a `SideTable` description, so
 * this module never imports another module's table and the other module never reads `evidence`.
 */
import { and, count, desc, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { evidence } from '../../db/schema/index.ts';
import type { EvidenceRow } from './types.ts';

/** The evidence fields a side-table list shows (null until the record became evidence). */
export type EvidencePart = Pick<EvidenceRow, 'id' | 'baoquan' | 'chainhash' | 'sha256' | 'size' | 'saveTime' | 'label' | 'title' | 'deletedAt' | 'mime' | 'fileName' | 'kind'>;

/**
 * A side table of `evidence` that drives its kind's list: its columns for the owner, the evidence link,
 * the creation time (list order and, before the deposit, the date filter), soft deletion, and the columns
 * a keyword also matches (besides the evidence title and number). `where` adds the side's own filters
 * (e.g. status). `T` is the table's row type.
 */
export interface SideTable<T> {
  table: PgTable;
  id: PgColumn;
  userId: PgColumn;
  evidenceId: PgColumn;
  createdAt: PgColumn;
  deletedAt: PgColumn;
  keywordColumns: PgColumn[];
  /** Only for the type parameter. */
  readonly row?: T;
}

/** Filters of every kind's list (spec p1 §7). Times are Unix seconds, inclusive; `fileType` the p1 §9 file type (0 / undefined: all). */
export interface KindListFilter {
  userId: number;
  page: number;
  limit: number;
  label?: string;
  startTime?: number;
  endTime?: number;
  keyword?: string;
  fileType?: number;
}

/** Escapes LIKE wildcards in a user keyword. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const evCols = {
  id: evidence.id,
  baoquan: evidence.baoquan,
  chainhash: evidence.chainhash,
  sha256: evidence.sha256,
  size: evidence.size,
  saveTime: evidence.saveTime,
  label: evidence.label,
  title: evidence.title,
  deletedAt: evidence.deletedAt,
  mime: evidence.mime,
  fileName: evidence.fileName,
  kind: evidence.kind,
};

/** Conditions on the evidence row shared by both list shapes. */
function evidenceConds(f: KindListFilter, time: SQL, extraKeyword: PgColumn[]): SQL[] {
  const where: SQL[] = [];
  if (f.label) where.push(eq(evidence.label, f.label));
  if (f.startTime !== undefined) where.push(gte(time, f.startTime));
  if (f.endTime !== undefined) where.push(lte(time, f.endTime));
  if (f.fileType) where.push(eq(evidence.fileType, f.fileType));
  if (f.keyword) {
    const k = `%${likeEscape(f.keyword)}%`;
    const kw = or(...extraKeyword.map((c) => ilike(c, k)), ilike(evidence.title, k), ilike(evidence.baoquan, k));
    if (kw) where.push(kw);
  }
  return where;
}

/** One page of the owner's live evidence of `kinds` (no side table: data deposits), newest first; keyword also matches the file name. */
export async function listEvidence(db: DbOrTx, kinds: readonly string[], f: KindListFilter): Promise<{ list: EvidenceRow[]; count: number }> {
  const kindCond = kinds.length === 1 ? eq(evidence.kind, kinds[0]!) : sql`${evidence.kind} in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})`;
  const cond = and(eq(evidence.userId, f.userId), kindCond, isNull(evidence.deletedAt), ...evidenceConds(f, sql`${evidence.saveTime}`, [evidence.fileName]));
  const [rows, total] = await Promise.all([
    db.select().from(evidence).where(cond).orderBy(desc(evidence.saveTime), desc(evidence.id)).limit(f.limit).offset((f.page - 1) * f.limit),
    db.select({ n: count() }).from(evidence).where(cond),
  ]);
  return { list: rows, count: Number(total[0]?.n ?? 0) };
}

/**
 * One page of the owner's not-deleted side records, newest first (side `createdAt`), each with its evidence
 * part or null; the date filter applies to the deposit time once evidence, else to the creation time.
 * `where` adds the side's own conditions.
 */
export async function listWithSide<T>(db: DbOrTx, side: SideTable<T>, f: KindListFilter, where: SQL[] = []): Promise<{ list: Array<{ s: T; e: EvidencePart | null }>; count: number }> {
  const time = sql`coalesce(${evidence.saveTime}, floor(extract(epoch from ${side.createdAt}))::bigint)`;
  const cond = and(eq(side.userId, f.userId), isNull(side.deletedAt), ...where, ...evidenceConds(f, time, side.keywordColumns));
  const [rows, total] = await Promise.all([
    db
      .select({ s: side.table, e: evCols } as never)
      .from(side.table)
      .leftJoin(evidence, eq(evidence.id, side.evidenceId))
      .where(cond)
      .orderBy(desc(side.createdAt), desc(side.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db.select({ n: count() }).from(side.table).leftJoin(evidence, eq(evidence.id, side.evidenceId)).where(cond),
  ]);
  const list = (rows as unknown as Array<{ s: T; e: EvidencePart | null }>).map((r) => ({ s: r.s, e: r.e?.baoquan ? r.e : null }));
  return { list, count: Number(total[0]?.n ?? 0) };
}

/** The owner's not-deleted side record `id` with its evidence part, or null (another user's id looks missing). */
export async function findWithSide<T>(db: DbOrTx, side: SideTable<T>, userId: number, id: number): Promise<{ s: T; e: EvidencePart | null } | null> {
  const rows = (await db
    .select({ s: side.table, e: evCols } as never)
    .from(side.table)
    .leftJoin(evidence, eq(evidence.id, side.evidenceId))
    .where(and(eq(side.id, id), eq(side.userId, userId), isNull(side.deletedAt)))
    .limit(1)) as unknown as Array<{ s: T; e: EvidencePart | null }>;
  const r = rows[0];
  return r ? { s: r.s, e: r.e?.baoquan ? r.e : null } : null;
}
