import { toAsciiDigits } from './digits.js';

/** Mobile numbers per country, in national or international form (spaces and dashes ignored). */
export const PHONE_PATTERNS = {
  EG: /^(?:\+?20|0)?1[0125]\d{8}$/,
  SA: /^(?:\+?966|0)?5\d{8}$/,
  AE: /^(?:\+?971|0)?5[0-9]\d{7}$/,
  JO: /^(?:\+?962|0)?7[789]\d{7}$/,
  KW: /^(?:\+?965)?[569]\d{7}$/,
  QA: /^(?:\+?974)?[3567]\d{7}$/,
  BH: /^(?:\+?973)?3\d{7}$/,
  OM: /^(?:\+?968)?[79]\d{7}$/,
  MA: /^(?:\+?212|0)?[67]\d{8}$/,
} as const;

export type PhoneCountry = keyof typeof PHONE_PATTERNS;

export function normalizePhone(input: string): string {
  return toAsciiDigits(input).replace(/[\s\-().]/g, '');
}

export function isValidPhone(input: string, country: PhoneCountry): boolean {
  return PHONE_PATTERNS[country].test(normalizePhone(input));
}
