import { cityKey } from '../../../contract/cities.js';
import type { MarketCountry } from '../../../contract/markets.js';
import type { OrderMoney } from '../../../db/schema.js';

/*
 * An order's money, computed once on the server (docs/pricing.md). Every amount is integer minor
 * units; the only division is the VAT's, rounded half up (half away from zero, amounts are never
 * negative) on the whole order — never per line — so the total's VAT is one number.
 */

export type Zone = {
  id: string;
  name: string;
  cities: readonly string[];
  price: number;
  freeAbove: number | null;
  codAllowed: boolean;
  codFee: number;
  isDefault: boolean;
  enabled: boolean;
};

export type VatRule = { vatRateBasisPoints: number; pricesIncludeVat: boolean };

export type PaymentMethod = 'cash' | 'card';

/** Why an order cannot be quoted: no zone delivers to the city, or this zone takes no cash. */
export type QuoteRefusal = 'shippingUnavailable' | 'cashNotAllowed';

/** `numerator / denominator` rounded half up, exactly (bigint: a total times a rate passes 2^53). */
export function divideRounded(numerator: number, multiplier: number, denominator: number): number {
  const product = BigInt(numerator) * BigInt(multiplier);
  const divisor = BigInt(denominator);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/** The VAT a total (minor units) includes at `basisPoints`: total × r / (1 + r), rounded half up. */
export const vatIncluded = (total: number, basisPoints: number) =>
  basisPoints === 0 ? 0 : divideRounded(total, basisPoints, 10_000 + basisPoints);

/** The VAT to add to a net amount at `basisPoints`: net × r, rounded half up. */
export const vatOnTop = (net: number, basisPoints: number) =>
  basisPoints === 0 ? 0 : divideRounded(net, basisPoints, 10_000);

/** Whether `zone` lists `city`, in any spelling (src/contract/cities.ts). */
export const zoneLists = (zone: Pick<Zone, 'cities'>, city: string, country: MarketCountry) => {
  const key = cityKey(country, city);
  return zone.cities.some((item) => cityKey(country, item) === key);
};

/**
 * The zone that delivers to `city` in a shop of `country`: the enabled zone listing it (in any
 * spelling), else the enabled default zone ("everywhere else"). A disabled zone never hides the
 * enabled one; a city listed by disabled zones only is not delivered to.
 */
export function zoneFor(zones: readonly Zone[], city: string, country: MarketCountry): Zone | undefined {
  const listing = zones.filter((zone) => !zone.isDefault && zoneLists(zone, city, country));
  if (listing.length > 0) return listing.find((zone) => zone.enabled);
  return zones.find((zone) => zone.isDefault && zone.enabled);
}

/**
 * The order's money: the lines' `subtotal`, the coupon's `discount` of it, the zone's shipping
 * (free from `freeAbove` of the discounted subtotal), the cash-on-delivery fee, and the VAT —
 * included in the total when prices include VAT, else added to it.
 */
export function quoteOrder(input: {
  subtotal: number;
  discount: number;
  zone: Zone | undefined;
  method: PaymentMethod;
  vat: VatRule;
}): OrderMoney | { refusal: QuoteRefusal } {
  const { subtotal, discount, zone, method, vat } = input;
  if (!zone) return { refusal: 'shippingUnavailable' };
  if (method === 'cash' && !zone.codAllowed) return { refusal: 'cashNotAllowed' };
  const goods = subtotal - discount;
  const shippingPrice = zone.freeAbove !== null && goods >= zone.freeAbove ? 0 : zone.price;
  const codFee = method === 'cash' ? zone.codFee : 0;
  const beforeVat = goods + shippingPrice + codFee;
  const taxPrice = vat.pricesIncludeVat
    ? vatIncluded(beforeVat, vat.vatRateBasisPoints)
    : vatOnTop(beforeVat, vat.vatRateBasisPoints);
  return {
    subtotal,
    discount,
    shippingPrice,
    codFee,
    taxPrice,
    total: vat.pricesIncludeVat ? beforeVat : beforeVat + taxPrice,
    vatRateBasisPoints: vat.vatRateBasisPoints,
    pricesIncludeVat: vat.pricesIncludeVat,
  };
}
