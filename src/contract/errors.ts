import type { z } from 'zod';
import type { failureSchema, fieldErrorSchema } from './common.js';
import { type ApiErrorCode, type ApiFailureKey, apiFailures, codeOf } from './messages.js';
import { phoneInvalidMessages } from './phone-messages.js';

/*
 * The failure bodies of /api/v1 and the catalogue's lookups (src/contract/messages.ts), shared by
 * the server (src/server/errors.ts) and the web (src/web/lib/api-errors.ts). docs/api-errors.md
 * lists the codes.
 */

/** One invalid field of a 400 validation body (its schema: src/contract/common.ts). */
export type FieldFailure = Pick<z.output<typeof fieldErrorSchema>, 'value' | 'msg' | 'param' | 'location' | 'code'>;

/** STOCK_SHORT's detail: the product whose stock is short. */
export type StockShortDetails = { product: { id: string; title: string } };

/** `{ status, message, code }` (its schema: src/contract/common.ts), plus the details some codes carry (STOCK_SHORT's product). */
export type FailBody = Pick<z.output<typeof failureSchema>, 'status' | 'message' | 'code'> & Partial<StockShortDetails>;

/** What any failed /api/v1 call answers. */
export type FailureBody = { errors: FieldFailure[] } | FailBody;

type Entry = { key: ApiFailureKey; message: string; status?: number; field?: true; note?: string };

const entries: Entry[] = (Object.keys(apiFailures) as ApiFailureKey[]).map((key) => ({ key, ...apiFailures[key] }));

/** Every code, in the catalogue's order. */
export const apiErrorCodes: readonly ApiErrorCode[] = entries.map((entry) => codeOf(entry.key));

const byCode = new Map<string, Entry>(entries.map((entry) => [codeOf(entry.key), entry]));
const codeByMessage = new Map<string, ApiErrorCode>([
  ...entries.map((entry): [string, ApiErrorCode] => [entry.message, codeOf(entry.key)]),
  // A shop outside Egypt names its own phone rule (src/contract/phone.ts), under the same code.
  ...phoneInvalidMessages.map((message): [string, ApiErrorCode] => [message, codeOf('phoneInvalid')]),
]);

/** The code a catalogued message has (PHONE_INVALID has one message per phone country), or undefined. */
export const codeOfMessage = (message: string): ApiErrorCode | undefined => codeByMessage.get(message);

export const isApiErrorCode = (code: unknown): code is ApiErrorCode => typeof code === 'string' && byCode.has(code);

/** The catalogue's entry of a code, or undefined for a code this build does not know. */
export const failureOfCode = (code: string): Readonly<Entry> | undefined => byCode.get(code);

/** What a zod issue carries that tells its failure. */
export type IssueLike = { code: string; message: string; path: readonly PropertyKey[]; origin?: unknown };

/** The catalogue's rule for an issue whose message is none of ours (a check written without one). */
function genericKey(issue: IssueLike, value: unknown): ApiFailureKey {
  if (issue.code === 'invalid_type') {
    if (issue.path.length === 0) return 'bodyInvalid';
    return value === undefined ? 'valueRequired' : 'valueTypeInvalid';
  }
  if (issue.code === 'too_big') {
    if (issue.origin === 'array' || issue.origin === 'set') return 'valuesTooMany';
    if (issue.origin === 'string') return 'valueTooLong';
  }
  return 'valueInvalid';
}

/**
 * A zod issue as a validation error's `msg` and `code`: the schema's own message when it is one of
 * the catalogue's (every schema of src/contract words its rules so), else the catalogue's generic
 * rule of its kind, so no body carries a message or code the catalogue lacks.
 */
export function fieldFailureOf(issue: IssueLike, value: unknown): { msg: string; code: ApiErrorCode } {
  const known = codeByMessage.get(issue.message);
  if (known) return { msg: issue.message, code: known };
  const key = genericKey(issue, value);
  return { msg: apiFailures[key].message, code: codeOf(key) };
}

function valueAt(source: unknown, path: readonly string[]): unknown {
  let current = source;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The issues of a failed parse of `source` as a validation body's errors, first issue first. */
export function fieldFailuresOf(
  issues: readonly IssueLike[],
  source: unknown,
  location: FieldFailure['location'],
): FieldFailure[] {
  return issues.map((issue) => {
    const path = issue.path.map(String);
    const value = valueAt(source, path);
    return { value, ...fieldFailureOf(issue, value), param: path.join('.'), location };
  });
}
