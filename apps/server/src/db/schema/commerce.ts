/**
 * Money and points (issue 13; spec p1 §2–9, p2 §2–9; DESIGN.md Domain model): the append-only
 * double-entry points ledger, the price table, orders (recharge, consumption), payments, and the
 * invoice side (headers, addresses, applications). Points are integer hundredths; money is fen.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Points ledger, append-only, double entry: one transfer = two rows with the same `transferId` whose
 * amounts sum to zero — one on a user's account (`user:<id>`, `userId` set, `balanceAfter` = the
 * account's balance after the row) and one on a platform account (`platform:gifts`, `platform:sales`,
 * `platform:revenue`). A user's balance is the sum of its rows; `users.points` caches it, updated in
 * the same transaction. Nothing ever updates or deletes a row.
 */
export const pointsLedger = pgTable('points_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
  account: varchar('account', { length: 40 }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
  /** Signed hundredths of a point. */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** The user account's balance after this row (null on platform rows). */
  balanceAfter: bigint('balance_after', { mode: 'number' }),
  /** 'welcome' | 'grant' | 'recharge' | 'consume' | 'initial' | 'refund' */
  reason: varchar('reason', { length: 16 }).notNull(),
  /** 1 gifted by the platform (never invoiceable), 2 paid (recharge), 3 points spent. */
  payType: smallint('pay_type').notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  evidenceId: bigint('evidence_id', { mode: 'number' }),
  /** The enterprise member who spent the main account's points (spec p1 §1). */
  memberId: bigint('member_id', { mode: 'number' }),
  actorId: bigint('actor_id', { mode: 'number' }),
  note: varchar('note', { length: 200 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('points_ledger_user_idx').on(t.userId, t.id),
  index('points_ledger_transfer_idx').on(t.transferId),
  index('points_ledger_order_idx').on(t.orderId),
  // A recharge order credits its account at most once, whatever arrives twice.
  uniqueIndex('points_ledger_recharge_uq').on(t.orderId, t.account).where(sql`${t.reason} = 'recharge'`),
]);

/** Price per unit of each order type code (spec p1 §9), hundredths of a point; editable by operators. */
export const prices = pgTable('prices', {
  orderType: smallint('order_type').primaryKey(),
  price: bigint('price', { mode: 'number' }).notNull(),
  /** 'each' (one unit per evidence) | 'minute' (units = started minutes, video-like kinds). */
  unit: varchar('unit', { length: 12 }).notNull().default('each'),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Recharge and consumption orders (spec p1 §3 Recharge or consumption order). */
export const orders = pgTable('orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: varchar('order_no', { length: 32 }).notNull(),
  /** The account whose points move (the main account for a member). */
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  memberId: bigint('member_id', { mode: 'number' }),
  /** 0 recharge, 1 consumption (p2 §3 data_type: 0 recharge, otherwise certification). */
  dataType: smallint('data_type').notNull(),
  /** Order type code of p1 §9 for consumption; 0 for a recharge. */
  type: smallint('type').notNull(),
  desc: varchar('desc', { length: 200 }).notNull(),
  /** Points of the order, hundredths (the `balance` of p1 §3). */
  points: bigint('points', { mode: 'number' }).notNull(),
  /** Money paid, fen (0 for points-paid consumption and gifts). */
  money: bigint('money', { mode: 'number' }).notNull().default(0),
  units: integer('units').notNull().default(1),
  /** 1 to be paid, 2 paid, 3 cancelled (p1 §9 pay filter). */
  payStatus: smallint('pay_status').notNull(),
  /** 1 gifted, 2 Alipay, 3 points. */
  payType: smallint('pay_type').notNull(),
  /** 0 invoiceable, 1 to be invoiced, 2 invoiced, 3 failed (p1 §4). */
  invoiceStatus: smallint('invoice_status').notNull().default(0),
  evidenceId: bigint('evidence_id', { mode: 'number' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('orders_no_uq').on(t.orderNo),
  index('orders_user_idx').on(t.userId, t.dataType, t.createdAt),
  index('orders_member_idx').on(t.memberId, t.createdAt),
  index('orders_pending_idx').on(t.expiresAt).where(sql`${t.payStatus} = 1`),
]);

/** Payment attempts and verified provider notifications of a recharge order. */
export const payments = pgTable('payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  provider: varchar('provider', { length: 16 }).notNull(),
  /** Provider trade number (Alipay trade_no), set by the verified notification. */
  tradeNo: varchar('trade_no', { length: 64 }),
  /** Fen. */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** 'created' | 'paid' | 'closed' */
  status: varchar('status', { length: 12 }).notNull(),
  /** The verified notification's fields (no signature). */
  notify: jsonb('notify'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
}, (t) => [index('payments_order_idx').on(t.orderId), uniqueIndex('payments_trade_uq').on(t.provider, t.tradeNo)]);

/**
 * Refunds of paid orders (issue 15: a notary fee back after termination or failure). At most one per order
 * (unique index): points-paid orders are refunded at once by a ledger transfer in the same transaction
 * (status 'done'); provider-paid ones are recorded 'pending' with the state change and sent to the provider
 * after commit (alipay.trade.refund, idempotent by `requestNo`), retried by the commerce job until done.
 */
export const refunds = pgTable('refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** The provider's out_request_no (idempotency key of the refund request). */
  requestNo: varchar('request_no', { length: 40 }).notNull(),
  /** Fen (provider) or hundredths of points (points). */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** The order's pay type: 2 Alipay, 3 points. */
  payType: smallint('pay_type').notNull(),
  /** 'pending' | 'done' | 'failed' */
  status: varchar('status', { length: 12 }).notNull(),
  reason: varchar('reason', { length: 200 }).notNull(),
  /** What was refunded, e.g. notaryOrder:GZ2026… */
  source: varchar('source', { length: 64 }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: varchar('last_error', { length: 200 }),
  /** Set when the order was already on an invoice application or invoiced (the invoice must be voided / red-lettered). */
  invoiceNote: varchar('invoice_note', { length: 200 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  doneAt: timestamp('done_at', { withTimezone: true }),
}, (t) => [uniqueIndex('refunds_order_uq').on(t.orderId), index('refunds_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`)]);

/** Invoice headers (spec p2 §3), at most 5 live per user. */
export const invoiceHeaders = pgTable('invoice_headers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** 1 personal / non-enterprise, 2 enterprise. */
  type: smallint('type').notNull(),
  head: varchar('head', { length: 100 }).notNull(),
  taxNum: varchar('tax_num', { length: 30 }).notNull(),
  email: varchar('email', { length: 100 }).notNull(),
  bankName: varchar('bank_name', { length: 100 }).notNull().default(''),
  account: varchar('account', { length: 40 }).notNull().default(''),
  street: varchar('street', { length: 200 }).notNull().default(''),
  phoneNumber: varchar('phone_number', { length: 20 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [index('invoice_headers_user_idx').on(t.userId)]);

/** Delivery addresses (spec p2 §3), at most 5 live per user, one default. */
export const addresses = pgTable('addresses', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  name: varchar('name', { length: 40 }).notNull(),
  province: varchar('province', { length: 40 }).notNull(),
  city: varchar('city', { length: 40 }).notNull(),
  area: varchar('area', { length: 40 }).notNull(),
  address: varchar('address', { length: 200 }).notNull(),
  phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
  email: varchar('email', { length: 100 }).notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [index('addresses_user_idx').on(t.userId)]);

/** Invoice applications (spec p2 §3–4): header and address are copied at application time. */
export const invoices = pgTable('invoices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  applyNo: varchar('apply_no', { length: 32 }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** 'ENTERPRISE' electronic VAT ordinary | 'ENTERPRISE_SPECIAL' paper VAT special. */
  invoiceType: varchar('invoice_type', { length: 24 }).notNull(),
  header: jsonb('header').notNull(),
  address: jsonb('address'),
  /** Fen. */
  money: bigint('money', { mode: 'number' }).notNull(),
  dataType: smallint('data_type').notNull(),
  remark: varchar('remark', { length: 50 }).notNull().default(''),
  /** 1 pending, 2 in progress, 3 issued, 4 rejected. */
  status: smallint('status').notNull().default(1),
  checkRemark: varchar('check_remark', { length: 200 }),
  courierNumber: varchar('courier_number', { length: 40 }),
  pdfSha256: varchar('pdf_sha256', { length: 64 }),
  handledBy: bigint('handled_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
}, (t) => [uniqueIndex('invoices_no_uq').on(t.applyNo), index('invoices_user_idx').on(t.userId, t.createdAt), index('invoices_status_idx').on(t.status, t.id)]);

/** Orders of one invoice application. */
export const invoiceOrders = pgTable('invoice_orders', {
  invoiceId: bigint('invoice_id', { mode: 'number' }).notNull().references(() => invoices.id),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
}, (t) => [primaryKey({ columns: [t.invoiceId, t.orderId] }), index('invoice_orders_order_idx').on(t.orderId)]);
