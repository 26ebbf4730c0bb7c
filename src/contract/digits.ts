/**
 * The locale of every number, price, percent and date the shop shows: Arabic with Latin digits,
 * the shop's one digit style (docs/architecture.md). Named in full because plain 'ar' writes
 * Arabic-Indic digits in some browsers' data and Latin in Node's, so pages would mix both.
 */
export const SHOP_LOCALE = 'ar-u-nu-latn';

/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits to ASCII, so typed numbers parse. */
export function toAsciiDigits(input: string): string {
  return input.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}
