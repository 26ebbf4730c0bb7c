import { z } from 'zod';
import { MAX_LIST_LIMIT } from './constants.js';
import { toAsciiDigits } from './digits.js';
import { apiMessages } from './messages.js';

/** A required trimmed string; `message` for missing, empty or non-string input. */
export const requiredString = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const idSchema = z.uuid({ error: apiMessages.invalidId });
export const idParams = z.object({ id: idSchema });

/** Numbers typed on a phone keyboard may use Arabic-Indic digits. */
export const numericInput = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(toAsciiDigits(v.trim()))) : v),
    z.number({ error: message }).finite({ error: message }),
  );

export const pageQuery = {
  page: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(toAsciiDigits(String(v)))),
    z
      .number({ error: apiMessages.pageInvalid })
      .int({ error: apiMessages.pageInvalid })
      .min(1, { error: apiMessages.pageInvalid })
      .max(1_000_000, { error: apiMessages.pageInvalid })
      .optional(),
  ),
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(toAsciiDigits(String(v)))),
    z
      .number({ error: apiMessages.limitInvalid })
      .int({ error: apiMessages.limitInvalid })
      .min(1, { error: apiMessages.limitInvalid })
      .max(MAX_LIST_LIMIT, { error: apiMessages.limitInvalid })
      .optional(),
  ),
};

export const listQuerySchema = z.object(pageQuery);
