/**
 * Building blocks of the call schemas (DESIGN.md API conventions): form-encoded numbers, bounded text
 * fields with Chinese messages, the `{code, msg, data}` envelope, paged lists and download answers.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';
import { MSG, msgRequired, msgTooLong } from './messages.ts';
import { type Validation, validateNoSpecialChars } from './validators.ts';

/** Largest Unix-seconds value accepted (2100-01-01). */
export const MAX_UNIX_S = 4102444800;

/**
 * Form-encoded numbers arrive as strings: a decimal string becomes a number, '' becomes undefined
 * (so optional fields may be sent empty), anything else (`'abc'`, `'0x10'`, `'1e3'`) becomes NaN and
 * fails with the field's message. Non-strings pass unchanged (JSON bodies).
 */
export const formNumber = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};

/** A required integer in [min, max] sent as a form string or number; `msg` for every failure. */
export const zFormInt = (msg: string, min: number, max: number) =>
  z.preprocess(formNumber, z.number({ error: msg }).int(msg).min(min, msg).max(max, msg));

/** An optional integer in [min, max]: missing or '' → undefined. */
export const zFormIntOpt = (msg: string, min: number, max: number) =>
  z.preprocess(formNumber, z.number({ error: msg }).int(msg).min(min, msg).max(max, msg).optional());

/** An integer in [min, max] with a default when missing or ''. */
export const zFormIntDefault = (msg: string, min: number, max: number, def: number) =>
  z.preprocess(formNumber, z.number({ error: msg }).int(msg).min(min, msg).max(max, msg).default(def));

/** One of the listed integer codes (e.g. account type 1 | 2) sent as a form string or number. */
export const zFormCode = <const T extends readonly [number, ...number[]]>(codes: T, msg: string) =>
  z.preprocess(formNumber, z.literal(codes, { error: msg }));

/** A database id (positive safe integer) sent as a form string or number. */
export const zId = (msg: string) => zFormInt(msg, 1, Number.MAX_SAFE_INTEGER);

/** Unix seconds, optional (date-range bounds). */
export const zUnixOpt = (msg: string = MSG.BAD_PARAM) => zFormIntOpt(msg, 0, MAX_UNIX_S);

/**
 * A required text field, trimmed: missing or blank → `required` (default "{field}不能为空"),
 * longer than `max` characters → `tooLong` (default "{field}不能超过{max}个字符").
 */
export const zText = (field: string, max: number, opts: { required?: string; tooLong?: string } = {}) => {
  const required = opts.required ?? msgRequired(field);
  return z.string({ error: required }).trim().min(1, required).max(max, opts.tooLong ?? msgTooLong(field, max));
};

/**
 * An optional text field, trimmed: missing → undefined, '' stays '' (callers treat '' as "none"),
 * longer than `max` → `tooLong`.
 */
export const zTextOpt = (field: string, max: number, tooLong: string = msgTooLong(field, max)) =>
  z.string({ error: MSG.BAD_PARAM }).trim().max(max, tooLong).optional();

/**
 * A trimmed string checked by a validator of ./validators.ts: missing → `required`; over `max` characters →
 * `tooLong` (default: the validator's own message for the too-long value); otherwise the validator's answer.
 */
export const zValidated = (validate: (v: string) => Validation, opts: { required: string; max: number; tooLong?: string; trim?: boolean }) =>
  (opts.trim === false ? z.string({ error: opts.required }) : z.string({ error: opts.required }).trim())
    .max(opts.max, opts.tooLong ?? opts.required)
    .superRefine((v, ctx) => {
      const r = validate(v);
      if (r !== true) ctx.addIssue({ code: 'custom', message: r });
    });

/** Adds the spec p2 §5 special-character rule to a string schema ("{field}不能包含特殊字符"). */
export const noSpecialChars = (field: string) => (v: string, ctx: z.RefinementCtx<string>) => {
  const r = validateNoSpecialChars(v, field);
  if (r !== true) ctx.addIssue({ code: 'custom', message: r });
};

/** The response envelope of every call (DESIGN.md API conventions): code 200 success, 400/401/403/408/500. */
export const zEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string().max(500), data });
export type TEnvelope<T> = { code: number; msg: string; data: T };

/** A paged list answer `{list, count}` (DESIGN.md API conventions). */
export const zPaged = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), count: z.number().int().min(0) });
export type TPaged<T> = { list: T[]; count: number };

/** `page` (1-based, default 1) and `limit` (default `size`, at most 100) of a list call. */
export const zPaging = (size: number) => ({
  page: zFormIntDefault(MSG.PAGE_INVALID, 1, 1_000_000, 1),
  limit: zFormIntDefault(MSG.BAD_PARAM, 1, MAX_PAGE_SIZE, size),
});

/** A signed, expiring download URL (DESIGN.md: files leave only through `downUrl`). */
export const ZDownUrl = z.object({ downUrl: z.string().max(4096) });
export type TDownUrl = z.infer<typeof ZDownUrl>;

/** Answer data `null` of calls that only report success. */
export const ZEmpty = z.null();
export type TEmpty = z.infer<typeof ZEmpty>;
