import { IMAGE_SIZE_WIDTHS } from '../../contract/constants.js';
import { SHOP_LOCALE } from '../../contract/digits.js';
import { numberFormat } from '../../contract/intl-formats.js';
import { formatMoney } from '../../contract/money.js';
import type { StoredImage } from '../../contract/types.js';

/*
 * Loaded by every page (the top bar counts the basket), so it imports nothing a page may not need:
 * dates come from contract/dates.ts (the shop's zone, the same helpers as the server's,
 * docs/dates.md), phone numbers from format-phone.ts.
 */

/** Prices and counts read the way an Arabic reader expects, through Intl, in the shop's digits. */
export const formatPrice = formatMoney;

export { formatNumber, formatPercent, percentSign } from '../../contract/numbers';

/** srcset of a stored image from the URL of each size the API gives. */
export function imageSrcSet(image: StoredImage | null | undefined): string | undefined {
  if (!image) return undefined;
  return (Object.keys(IMAGE_SIZE_WIDTHS) as (keyof typeof IMAGE_SIZE_WIDTHS)[])
    .map((size) => `${image[size]} ${IMAGE_SIZE_WIDTHS[size]}w`)
    .join(', ');
}

/** A number that names something (an order number): no thousands separator. */
export const formatCode = (value: number) => numberFormat(SHOP_LOCALE, { useGrouping: false }).format(value);
