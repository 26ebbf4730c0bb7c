import { toAsciiDigits } from './digits.js';
import { MARKET_COUNTRIES, MARKETS, type MarketCountry } from './markets.js';

/*
 * Mobile numbers (docs/decisions/0014-phone-numbers.md): the shop's phone country's in national
 * form (with or without its trunk 0) or international form (`+<code>…`, `00<code>…`), every other
 * market's in international form only; Arabic-Indic digits, spaces and dashes allowed. Stored and
 * answered as E.164 (`+9665XXXXXXXX`).
 */

type PhoneRule = {
  callingCode: string;
  mobile: RegExp;
  trunkZero: boolean;
  englishName: string;
  /** A national mobile number (without the trunk 0): the forms' hint, the demo's numbers. */
  example: string;
};

const ruleOf = (country: MarketCountry, englishName: string, example: string): PhoneRule => {
  const { callingCode, mobile, trunkZero } = MARKETS[country];
  return { callingCode, mobile, trunkZero, englishName, example };
};

/** Every country PHONE_COUNTRY may name: the markets, and Morocco (kept from before the markets). */
export const PHONE_RULES = {
  SA: ruleOf('SA', 'Saudi Arabia', '512345678'),
  EG: ruleOf('EG', 'Egypt', '1012345678'),
  AE: ruleOf('AE', 'the United Arab Emirates', '501234567'),
  KW: ruleOf('KW', 'Kuwait', '51234567'),
  BH: ruleOf('BH', 'Bahrain', '36001234'),
  QA: ruleOf('QA', 'Qatar', '33123456'),
  OM: ruleOf('OM', 'Oman', '92123456'),
  JO: ruleOf('JO', 'Jordan', '791234567'),
  MA: { callingCode: '212', mobile: /^[67]\d{8}$/, trunkZero: true, englishName: 'Morocco', example: '612345678' },
} as const satisfies Record<string, PhoneRule>;

export type PhoneCountry = keyof typeof PHONE_RULES;
export const PHONE_COUNTRIES = Object.keys(PHONE_RULES) as PhoneCountry[];

export const isPhoneCountry = (value: string): value is PhoneCountry => Object.hasOwn(PHONE_RULES, value);

/** The shop's phone country as the web has it (ShopInfo carries the configuration's, always valid). */
export const phoneCountryOf = (value: string): PhoneCountry => (isPhoneCountry(value) ? value : 'SA');

/** The example as people there write it: national form, with the trunk 0 where there is one. */
export function nationalExample(country: PhoneCountry): string {
  const rule: PhoneRule = PHONE_RULES[country];
  return `${rule.trunkZero ? '0' : ''}${rule.example}`;
}

/**
 * The demo's n-th number of a country (0–9), in E.164: the example with its last digit replaced,
 * so each market's demo accounts get numbers of that market.
 */
export function demoPhone(country: PhoneCountry, n: number): string {
  const { callingCode, example }: PhoneRule = PHONE_RULES[country];
  return `+${callingCode}${example.slice(0, -1)}${n % 10}`;
}

/** A typed number without its spacing: ASCII digits, no spaces, dashes, dots or brackets. */
export function normalizePhone(input: string): string {
  return toAsciiDigits(input).replace(/[\s\-().]/g, '');
}

/** `+<code><national>` when the national number is a mobile of that country. */
function international(rule: PhoneRule, national: string): string | undefined {
  return rule.mobile.test(national) ? `+${rule.callingCode}${national}` : undefined;
}

/**
 * The number in E.164, or undefined when the shop does not take it: the shop country's mobile in
 * any form, another market's only with its calling code. Idempotent: E.164 in, the same out.
 */
export function toE164(input: string, country: PhoneCountry): string | undefined {
  const typed = normalizePhone(input);
  const home: PhoneRule = PHONE_RULES[country];
  const withCode = /^(?:\+|00)(\d{6,15})$/.exec(typed)?.[1];
  if (withCode !== undefined) {
    // No calling code here is a prefix of another, so at most one matches.
    const abroad = new Set<PhoneCountry>([country, ...MARKET_COUNTRIES]);
    for (const other of abroad) {
      const rule: PhoneRule = PHONE_RULES[other];
      if (withCode.startsWith(rule.callingCode)) return international(rule, withCode.slice(rule.callingCode.length));
    }
    return undefined;
  }
  if (!/^\d+$/.test(typed)) return undefined;
  const national = home.trunkZero && typed.startsWith('0') ? typed.slice(1) : typed;
  // The shop country's code without '+' (9665…) was taken before the numbers were stored as E.164.
  const codeWithoutPlus = typed.startsWith(home.callingCode) ? typed.slice(home.callingCode.length) : undefined;
  return (
    international(home, national) ?? (codeWithoutPlus === undefined ? undefined : international(home, codeWithoutPlus))
  );
}

export function isValidPhone(input: string, country: PhoneCountry): boolean {
  return toE164(input, country) !== undefined;
}

/** National digits in groups: 9 as 2-3-4 (55 123 4567), 10 as 2-4-4, 8 as 4-4. */
function grouped(national: string): string {
  const sizes = national.length === 10 ? [2, 4, 4] : national.length === 9 ? [2, 3, 4] : [4, 4];
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    groups.push(national.slice(at, at + size));
    at += size;
  }
  if (at < national.length) groups.push(national.slice(at));
  return groups.filter(Boolean).join(' ');
}

/** A stored number as people read it (`+966 55 123 4567`); one the shop cannot read, as it is. */
export function formatPhone(stored: string, country: PhoneCountry): string {
  const e164 = toE164(stored, country);
  if (!e164) return stored;
  const rule: PhoneRule | undefined = Object.values(PHONE_RULES).find(({ callingCode }) =>
    e164.startsWith(`+${callingCode}`),
  );
  if (!rule) return e164;
  return `+${rule.callingCode} ${grouped(e164.slice(rule.callingCode.length + 1))}`;
}
