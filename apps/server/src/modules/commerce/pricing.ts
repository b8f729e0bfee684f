/**
 * The price table (issue 13 §1; spec p1 §9 order type codes): one price per order type code, in
 * hundredths of a point per unit, editable by operators (audited). A code without a stored row costs
 * its default below. Kinds whose evidence has a duration (video, audio, screen recording, audio-video)
 * are priced per started minute (`unit: 'minute'`); the others per evidence (`each`).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { ORDER_TYPE, ORDER_TYPE_LABEL } from '@cunzheng/contract/constants';
import type { DbOrTx } from '../../db/client.ts';
import { prices } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';

export type PriceUnit = 'each' | 'minute';

/** Default prices, hundredths per unit (1.00 point = 100). */
export const DEFAULT_PRICES: Readonly<Record<number, { price: number; unit: PriceUnit }>> = {
  [ORDER_TYPE.dataDeposit]: { price: 100, unit: 'each' },
  [ORDER_TYPE.processForensics]: { price: 1000, unit: 'each' },
  [ORDER_TYPE.photo]: { price: 100, unit: 'each' },
  [ORDER_TYPE.video]: { price: 200, unit: 'minute' },
  [ORDER_TYPE.audio]: { price: 100, unit: 'minute' },
  [ORDER_TYPE.screenRecording]: { price: 200, unit: 'minute' },
  [ORDER_TYPE.webPage]: { price: 500, unit: 'each' },
  [ORDER_TYPE.batchWebPage]: { price: 500, unit: 'each' },
  [ORDER_TYPE.mobile]: { price: 1000, unit: 'each' },
  [ORDER_TYPE.audioVideo]: { price: 200, unit: 'minute' },
};

/**
 * Price units of one evidence (issue 13 §1 "a per-unit rule where the spec implies one: video units"):
 * a per-evidence price (`each`) is 1 unit; a per-minute price is charged per STARTED minute of the
 * recorded duration — ceil(seconds / 60), at least 1 (a 5 s clip is 1 unit, 60 s is 1, 61 s is 2).
 * `seconds` is the capture's duration (app captures: end − start as the device reported it, ≤ 24 h).
 */
export function priceUnits(unit: PriceUnit, seconds: number): number {
  if (unit !== 'minute') return 1;
  const s = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  return Math.max(1, Math.ceil(s / 60));
}

/** Whether `code` is an order type code of spec p1 §9. */
export const isOrderType = (code: number): boolean => code in DEFAULT_PRICES;

/** One row of the price table as the API shows it. */
export interface PriceRow {
  orderType: number;
  name: string;
  /** Hundredths of a point per unit. */
  price: number;
  unit: PriceUnit;
}

/** Every order type with its current price, ascending by code. */
export async function listPrices(db: DbOrTx): Promise<PriceRow[]> {
  const stored = new Map((await db.select().from(prices).orderBy(asc(prices.orderType))).map((r) => [r.orderType, r]));
  return Object.keys(DEFAULT_PRICES)
    .map(Number)
    .sort((a, b) => a - b)
    .map((code) => {
      const s = stored.get(code);
      const d = DEFAULT_PRICES[code]!;
      return { orderType: code, name: ORDER_TYPE_LABEL[code] ?? String(code), price: s?.price ?? d.price, unit: (s?.unit as PriceUnit | undefined) ?? d.unit };
    });
}

/** The price of one order type code (stored or default); undefined for an unknown code. */
export async function priceOf(db: DbOrTx, orderType: number): Promise<{ price: number; unit: PriceUnit } | undefined> {
  const d = DEFAULT_PRICES[orderType];
  if (!d) return undefined;
  const r = await db.select().from(prices).where(eq(prices.orderType, orderType)).limit(1);
  return r[0] ? { price: r[0].price, unit: r[0].unit as PriceUnit } : d;
}

/** Operator edit: sets the price (hundredths) of `orderType`, with an audit row in the same transaction. */
export async function setPrice(db: DbOrTx, actorId: number, orderType: number, price: number, ip: string | null): Promise<void> {
  const before = await priceOf(db, orderType);
  const unit = before?.unit ?? 'each';
  await db
    .insert(prices)
    .values({ orderType, price, unit, updatedBy: actorId })
    .onConflictDoUpdate({ target: prices.orderType, set: { price, updatedBy: actorId, updatedAt: sql`now()` } });
  await writeAudit(db, { actorId, action: 'price.set', target: `price:${orderType}`, before, after: { price, unit }, ip });
}
