import { asc, sql } from 'drizzle-orm';
import { isKnownCity } from '../../../contract/cities.js';
import type { Database, Tx } from '../../../db/client.js';
import { type OrderMoney, shippingZones } from '../../../db/schema.js';
import type { Config } from '../../config.js';
import { failure } from '../../errors.js';
import type { PricedCart } from '../cart/service.js';
import { storeSettingsOf } from '../settings/service.js';
import { type PaymentMethod, quoteOrder, zoneFor } from './quote.js';

export type ShippingZoneRow = typeof shippingZones.$inferSelect;

/** The name the "everywhere else" zone is created with (the admin may rename it). */
export const DEFAULT_ZONE_NAME = 'باقي المدن';

/**
 * The shop's shipping zones, the default ("everywhere else") zone created on first read: free
 * shipping, cash allowed, no fee — a new shop delivers everywhere until the admin sets prices.
 */
export async function shippingZonesOf(db: Database | Tx): Promise<ShippingZoneRow[]> {
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.createdAt), asc(shippingZones.id));
  if (zones.some((zone) => zone.isDefault)) return zones;
  await db
    .insert(shippingZones)
    .values({ name: DEFAULT_ZONE_NAME, isDefault: true })
    .onConflictDoNothing({ target: shippingZones.isDefault, where: sql`${shippingZones.isDefault}` });
  return db.select().from(shippingZones).orderBy(asc(shippingZones.createdAt), asc(shippingZones.id));
}

/** A priced cart's subtotal and coupon discount, minor units. */
export const cartMoney = (priced: PricedCart) => ({
  subtotal: priced.total,
  discount: priced.totalAfterDiscount === null ? 0 : priced.total - priced.totalAfterDiscount,
});

/**
 * The money of an order of `priced` shipped to `city` and paid by `method` (docs/pricing.md), with
 * the store's VAT rule and zones of this moment, and whether the city was recognised: listed by
 * the zone that priced it or known to the market's city table (src/contract/cities.ts). A city no
 * zone delivers to, or cash where the zone takes none, is a 409 the customer can act on.
 */
export async function quoteCart(
  db: Database | Tx,
  config: Pick<Config, 'shopName' | 'country'>,
  priced: PricedCart,
  city: string,
  method: PaymentMethod,
): Promise<{ money: OrderMoney; cityRecognised: boolean }> {
  const [settings, zones] = await Promise.all([storeSettingsOf(db, config), shippingZonesOf(db)]);
  const zone = zoneFor(zones, city, config.country);
  const quote = quoteOrder({ ...cartMoney(priced), zone, method, vat: settings });
  if ('refusal' in quote) throw failure(quote.refusal === 'cashNotAllowed' ? 'codNotAllowed' : 'shippingUnavailable');
  return { money: quote, cityRecognised: zone?.isDefault === false || isKnownCity(config.country, city) };
}
