import { IMAGE_WIDTHS } from '../../contract/constants.js';
import { formatPhone, phoneCountryOf } from '../../contract/phone.js';

/** Prices and counts read the way an Arabic reader expects, through Intl. */
export const formatPrice = (major: number, currency: string) =>
  new Intl.NumberFormat('ar', { style: 'currency', currency }).format(major);

export const formatNumber = (value: number, maximumFractionDigits = 0) =>
  new Intl.NumberFormat('ar', { maximumFractionDigits }).format(value);

/** srcset of an uploaded image from its URL (the API points at the largest width). */
export function imageSrcSet(url: string | null): string | undefined {
  if (!url) return undefined;
  const match = url.match(/^(.*)-(\d+)\.webp$/);
  if (!match) return undefined;
  return IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`).join(', ');
}

/** A number that names something (an order number): no thousands separator. */
export const formatCode = (value: number) => new Intl.NumberFormat('ar', { useGrouping: false }).format(value);

export const formatPercent = (fraction: number) =>
  new Intl.NumberFormat('ar', { style: 'percent', maximumFractionDigits: 0 }).format(fraction);

/** Dates in the shop's zone (`ShopInfo.timeZone`), the same helpers as the server's (docs/dates.md). */
export { formatDate, formatDateTime } from '../../contract/dates';

/** A stored phone number as the page shows it (`+966 55 123 4567`), read by the shop's phone rules. */
export const showPhone = (phone: string, shop: { phoneCountry: string }) =>
  formatPhone(phone, phoneCountryOf(shop.phoneCountry));
