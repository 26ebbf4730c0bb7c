import { SHOP_LOCALE } from './digits.js';
import { numberFormat } from './intl-formats.js';
/** Minor-unit digits of a currency (SAR 2, KWD 3, JPY 0), from the platform's ISO 4217 data. */
export function currencyDigits(currency: string): number {
  return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export const toMinor = (major: number, digits: number) => Math.round(major * 10 ** digits);
export const toMajor = (minor: number, digits: number) => minor / 10 ** digits;

/** Money as people read it in Arabic, in the shop's digits (SHOP_LOCALE): 12,500.00 ر.س. */
export function formatMoney(major: number, currency: string): string {
  return numberFormat(SHOP_LOCALE, { style: 'currency', currency }).format(major);
}
