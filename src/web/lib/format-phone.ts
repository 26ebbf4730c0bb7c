import { formatPhone, phoneCountryOf } from '../../contract/phone.js';

/** A stored phone number as the page shows it (`+966 55 123 4567`), read by the shop's phone rules. */
export const showPhone = (phone: string, shop: { phoneCountry: string }) =>
  formatPhone(phone, phoneCountryOf(shop.phoneCountry));
