import { and, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ARABIC_FOLDING, searchWords } from '../../../contract/arabic-text.js';
import { toAsciiDigits } from '../../../contract/digits.js';
import { normalizePhone, type PhoneCountry, toE164 } from '../../../contract/phone.js';

/*
 * Finding a person by what staff type (docs/customers.md § Search): the customers list and the
 * orders list's keyword (docs/orders.md) read a name, an e-mail or a phone the same way.
 */

/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\\` taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** A text column folded the way `normalizeArabic` folds a query: lower case, letter folds, no tashkeel. */
const folded = (column: PgColumn) =>
  sql`regexp_replace(translate(lower(${column}), ${ARABIC_FOLDING.from}, ${ARABIC_FOLDING.to}), ${ARABIC_FOLDING.dropped}, '', 'g')`;

/** Name words compared, like the product search's: a pasted paragraph says no more than this. */
const MAX_NAME_WORDS = 8;

/** Where a person's name, e-mail and phones (stored in E.164) are: columns or SQL expressions of text. */
export type PersonColumns = { name: PgColumn; email: PgColumn; phones: (PgColumn | SQL)[] };

/**
 * The conditions, any of which makes a match: one of the phones is the keyword (any form the shop
 * takes: 0551234567 and ٠٥٥١٢٣٤٥٦٧ find +966551234567) or has its digits, or the e-mail contains
 * it, or the name has every one of its words (Arabic folding).
 */
export function personConditions(keyword: string, country: PhoneCountry, person: PersonColumns): SQL[] {
  const found: (SQL | undefined)[] = [ilike(person.email, containing(keyword))];
  const ascii = toAsciiDigits(keyword);
  const phone = toE164(ascii, country);
  // Part of a number, as typed: its digits without the trunk or international zeros.
  const digits = normalizePhone(ascii);
  const part = /^\+?\d{4,}$/.test(digits) ? containing(digits.replace(/^\+?0*/, '')) : undefined;
  for (const column of person.phones) {
    if (phone) found.push(sql`${column} = ${phone}`);
    if (part) found.push(sql`${column} like ${part}`);
  }
  const words = searchWords(keyword).slice(0, MAX_NAME_WORDS);
  if (words.length > 0) found.push(and(...words.map((word) => sql`${folded(person.name)} like ${containing(word)}`)));
  return found.filter((condition): condition is SQL => condition !== undefined);
}

/** `personConditions` as one condition. */
export const personMatches = (keyword: string, country: PhoneCountry, person: PersonColumns) =>
  or(...personConditions(keyword, country, person));
