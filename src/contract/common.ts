import { z } from 'zod';
import { MAX_LIST_LIMIT } from './constants.js';
import { toAsciiDigits } from './digits.js';
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
