import { IMAGE_SIZE_WIDTHS } from '../../contract/constants.js';
import { SHOP_LOCALE } from '../../contract/digits.js';
import { numberFormat } from '../../contract/intl-formats.js';
import { formatMoney } from '../../contract/money.js';
import { formatPhone, phoneCountryOf } from '../../contract/phone.js';
import type { StoredImage } from '../../contract/types.js';

/** Prices and counts read the way an Arabic reader expects, through Intl, in the shop's digits. */
export const formatPrice = formatMoney;

export { formatNumber, formatPercent, PERCENT_SIGN } from '../../contract/numbers';

/** srcset of a stored image from the URL of each size the API gives. */
export function imageSrcSet(image: StoredImage | null | undefined): string | undefined {
  if (!image) return undefined;
  return (Object.keys(IMAGE_SIZE_WIDTHS) as (keyof typeof IMAGE_SIZE_WIDTHS)[])
    .map((size) => `${image[size]} ${IMAGE_SIZE_WIDTHS[size]}w`)
    .join(', ');
}

/** A number that names something (an order number): no thousands separator. */
export const formatCode = (value: number) => numberFormat(SHOP_LOCALE, { useGrouping: false }).format(value);

/** Dates in the shop's zone (`ShopInfo.timeZone`), the same helpers as the server's (docs/dates.md). */
export { formatDate, formatDateTime } from '../../contract/dates';

/** A stored phone number as the page shows it (`+966 55 123 4567`), read by the shop's phone rules. */
export const showPhone = (phone: string, shop: { phoneCountry: string }) =>
  formatPhone(phone, phoneCountryOf(shop.phoneCountry));
