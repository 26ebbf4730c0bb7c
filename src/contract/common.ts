import { z } from 'zod';
import { MAX_LIST_LIMIT } from './constants.js';
import { toAsciiDigits } from './digits.js';
import { apiErrorCodes } from './errors.js';
import { apiMessages } from './messages.js';

/** A required trimmed string; `message` for missing, empty or non-string input. */
export const requiredString = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const idSchema = z.uuid({ error: apiMessages.invalidId });
export const idParams = z.object({ id: idSchema });

/**
 * A number, or its text. Numbers typed on a phone keyboard may use Arabic-Indic digits and the
 * Arabic decimal sign (٫). `required` when nothing was given (empty text or null), `notNumber`
 * for anything else that is no number.
 */
export const numericInput = (required: string, notNumber: string = required) =>
  z.preprocess(
    (v) =>
      typeof v === 'string' ? (v.trim() === '' ? undefined : Number(toAsciiDigits(v.trim()).replace(/٫/g, '.'))) : v,
    z.number({ error: (issue) => (issue.input == null ? required : notNumber) }).finite({ error: notNumber }),
  );

/**
 * A page or limit as clients send it. Empty or non-numeric means "not given" (the contract's
 * default): the original client builds `?limit=${limit}` and often sends `limit=undefined`
 * (docs/api-compatibility.md). A number out of range is still refused.
 */
const listNumber = (message: string, max: number) =>
  z.preprocess((v) => {
    // A repeated parameter is not one value: refused below.
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return undefined;
    const n = Number(toAsciiDigits(v.trim()));
    return Number.isNaN(n) ? undefined : n;
  }, z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message })
    .optional());

export const pageQuery = {
  page: listNumber(apiMessages.pageInvalid, 1_000_000),
  limit: listNumber(apiMessages.limitInvalid, MAX_LIST_LIMIT),
};

export const listQuerySchema = z.object(pageQuery);

/*
 * Response shapes shared by every domain: the envelopes around items and the two failure bodies.
 * Each domain's item schemas sit beside its request schemas; src/contract/types.ts names the
 * types inferred from them. Response schemas carry no transforms: what the server sends is what
 * they describe, so a client may parse a body with them as it is.
 */

/** Every resource carries its id twice, as `_id` (the original API's name) and `id`. */
export const resourceIds = { _id: z.string(), id: z.string() };

/** An instant as `Date.toISOString()` writes it. */
export const isoDateTime = z.iso.datetime();
export const timestamps = { createdAt: isoDateTime, updatedAt: isoDateTime };

/** Counts (never negative); page numbers and sizes, line counts and order numbers (from 1). */
export const nonNegativeInt = z.int().nonnegative();
export const positiveInt = z.int().min(1);

export const paginationResultSchema = z.object({
  currentPage: positiveInt,
  limit: positiveInt,
  numberOfPages: nonNegativeInt,
  nextPage: positiveInt.optional(),
  prevPage: positiveInt.optional(),
});

/** `results` is the number of all matching items, not the page's count. */
const listMeta = z.object({ results: nonNegativeInt, paginationResult: paginationResultSchema });

/** The paged list: `{ results, paginationResult, data: [...] }`. */
export const listEnvelope = <T extends z.ZodType>(item: T) => listMeta.extend({ data: z.array(item) });
export type ListEnvelope<T> = z.output<typeof listMeta> & { data: T[] };

/** One item: `{ data }` (GET by id, create, update). */
export const dataEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** The shopping endpoints' unpaged lists (wishlist, addresses, suggestions). */
export const statusListEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal('success'), results: nonNegativeInt, data: z.array(item) });

export const statusDataEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal('success'), data: item });

/** A change to the wishlist or the addresses answers with the whole list after it. */
export const changedEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal('success'), message: z.string(), data: z.array(item) });

/** 204: no body at all (`type: 'null'` in the API reference). */
export const noContentSchema = z.undefined();

/**
 * One refused field of a validation failure. Loose like the fail body: whatever the error
 * handler adds beside these fields still goes out.
 */
export const fieldErrorSchema = z.looseObject({
  /** The value sent, when it helps to show it. */
  value: z.unknown().optional(),
  msg: z.string(),
  param: z.string(),
  location: z.enum(['body', 'query', 'params']),
  /** The catalogue's stable machine-readable name (docs/api-errors.md). */
  code: z.enum(apiErrorCodes),
});

/** 400 for invalid input: `{ errors: [...] }`, the error to show first at index 0 (loose as well). */
export const validationFailureSchema = z.looseObject({ errors: z.array(fieldErrorSchema) });

/**
 * Every other failure: `{ status: 'fail' | 'error', message, code? }` ('error' for 5xx), with
 * details some failures add beside them (e.g. the product a 409 `STOCK_SHORT` ran out of).
 */
export const failureSchema = z.looseObject({
  status: z.enum(['fail', 'error']),
  message: z.string(),
  /** The catalogue's stable machine-readable name (docs/api-errors.md). */
  code: z.enum(apiErrorCodes),
});

/** Any failure body: a 400 may be either shape. */
export const errorBodySchema = z.union([validationFailureSchema, failureSchema]);

/** The failure statuses routes declare (src/server/http/openapi.ts says what each means). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502 | 503;

/** The failure body of a status: a 400 may be either shape, every other status is the fail body. */
export const failureFor = (status: ErrorStatus) => (status === 400 ? errorBodySchema : failureSchema);
