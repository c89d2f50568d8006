import { z } from 'zod';
import { fieldLabel } from './fields';

export { API_PREFIX, formatDuration, formatFen, messages, UPLOAD_PATH } from './constants';

const envelopeStatus = z.number().int();
const envelopeMessage = z.string();

/**
 * The `{ status, data, message }` envelope; `status` equals the HTTP status. Its two fixed fields
 * are made once, not per route (the server describes some 250 replies at start).
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: envelopeStatus, data, message: envelopeMessage });
}

export const errorEnvelope = envelope(z.null());
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export interface Envelope<T> {
  status: number;
  data: T;
  message: string;
}

/** The largest value of a PostgreSQL `integer` column: every id, and every amount in fen. */
export const INT4_MAX = 2_147_483_647;

export interface IntOptions {
  /** The field's Chinese name: every failure answers 「<label>不正确」. Default: `fieldLabels` by the field's key. */
  label?: string;
  /** Replaces every failure message, e.g. 请选择咨询对象. */
  message?: string;
  /** When the field is missing (JSON bodies only: a coerced value cannot tell missing from wrong). */
  required?: string;
}

/**
 * An integer in [min, max], coerced from text for path and query strings. One message per field,
 * naming it in Chinese (「会话编号不正确」), whatever is wrong: not a number, a fraction, too small,
 * or past what the database column holds.
 */
export function boundedInt(min: number, max: number, opts: IntOptions & { coerce?: boolean } = {}) {
  const error = (iss: { code?: string; input?: unknown; path?: PropertyKey[] | undefined }) => {
    if (opts.required && iss.code === 'invalid_type' && iss.input === undefined) return opts.required;
    return opts.message ?? `${opts.label ?? fieldLabel(iss.path ?? [])}不正确`;
  };
  const base = opts.coerce ? z.coerce.number({ error }) : z.number({ error });
  const schema = base.int({ error }).min(min, { error }).max(max, { error });
  return opts.label ? schema.describe(opts.label) : schema;
}

/** An id in a JSON body: an integer 1..2147483647, as the `integer` id columns hold. */
export const id = (opts: IntOptions = {}) => boundedInt(1, INT4_MAX, opts);
/** An id in a path or query string: the same range, coerced from text. */
export const idParam = (opts: IntOptions = {}) => boundedInt(1, INT4_MAX, { ...opts, coerce: true });
/** An amount of money in fen in a query string (price filters): 0..2147483647. */
export const fenParam = (opts: IntOptions = {}) => boundedInt(0, INT4_MAX, { ...opts, coerce: true });

export const PAGE_SIZE_MAX = 100;

/** `?pageNum=1&pageSize=10` on every list. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;
/** What a client sends for a page (both optional: the server defaults them). */
// A type alias, not an interface: query objects built from it pass as plain records.
export type PageParams = { pageNum?: number; pageSize?: number };

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Money is always integer fen (分). */
export const fen = z.number().int().min(0);
