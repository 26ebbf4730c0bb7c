import { describe, expect, it } from 'vitest';
import {
  divideRounded,
  quoteOrder,
  vatIncluded,
  vatOnTop,
  type Zone,
  zoneFor,
} from '../../src/server/modules/pricing/quote.js';

/* An order's money (docs/pricing.md): VAT rounding, zone choice, shipping and the cash fee. */

const zone = (values: Partial<Zone> = {}): Zone => ({
  id: 'z',
  name: 'الرياض',
  cities: ['الرياض'],
  price: 2_500,
  freeAbove: null,
  codAllowed: true,
  codFee: 1_000,
  isDefault: false,
  enabled: true,
  ...values,
});
const saudi = { vatRateBasisPoints: 1500, pricesIncludeVat: true };

describe('VAT rounding: half up, on whole minor units', () => {
  it('the VAT included in a total is total × r / (1 + r)', () => {
    expect(vatIncluded(11_500, 1500)).toBe(1_500); // 115.00 SAR holds 15.00
    expect(vatIncluded(100, 1500)).toBe(13); // 13.04 → 13
    expect(vatIncluded(23, 1500)).toBe(3); // 2.999… → 3
    expect(vatIncluded(1, 1400)).toBe(0); // 0.12 → 0
    expect(vatIncluded(999_99, 0)).toBe(0);
  });

  it('exact halves go up', () => {
    // 10 × 500 / 10000 = 0.5 → 1; 30 × 500 / 10000 = 1.5 → 2
    expect(vatOnTop(10, 500)).toBe(1);
    expect(vatOnTop(30, 500)).toBe(2);
    expect(divideRounded(5, 1, 2)).toBe(3);
    expect(divideRounded(4, 1, 2)).toBe(2);
  });

  it('stays exact past 2^53 in the product (a 10^13 total times a rate)', () => {
    expect(vatIncluded(10 ** 13, 1500)).toBe(1_304_347_826_087);
    expect(vatOnTop(10 ** 13, 1500)).toBe(1_500_000_000_000);
  });
});

describe('the zone of a city', () => {
  const riyadh = zone({ id: 'r', cities: ['الرياض', 'الدرعية'] });
  const jeddah = zone({ id: 'j', name: 'جدة', cities: ['جدة'], enabled: false });
  const elsewhere = zone({ id: 'e', name: 'باقي المدن', cities: [], isDefault: true });

  it('is the zone listing it, matched after Arabic folding and spaces', () => {
    expect(zoneFor([riyadh, elsewhere], 'الرياض', 'SA')?.id).toBe('r');
    expect(zoneFor([riyadh, elsewhere], '  الدرعيّة ', 'SA')?.id).toBe('r');
    expect(zoneFor([zone({ id: 'm', cities: ['مكة المكرمة'] })], 'مكه  المكرمه', 'SA')?.id).toBe('m');
  });

  it('in any spelling the market knows, Latin included', () => {
    expect(zoneFor([riyadh, elsewhere], 'Ar-Riyadh', 'SA')?.id).toBe('r');
    expect(zoneFor([zone({ id: 'm', cities: ['Mecca'] }), elsewhere], 'مكة', 'SA')?.id).toBe('m');
  });

  it('else the default zone; none when the listing zone or the default is disabled', () => {
    expect(zoneFor([riyadh, elsewhere], 'أبها', 'SA')?.id).toBe('e');
    expect(zoneFor([riyadh, jeddah, elsewhere], 'جدة', 'SA')).toBeUndefined();
    expect(zoneFor([riyadh, { ...elsewhere, enabled: false }], 'أبها', 'SA')).toBeUndefined();
  });

  it('a disabled zone listing the city never hides the enabled one, whichever comes first', () => {
    const open = zone({ id: 'o', name: 'جدة', cities: ['جده'] });
    expect(zoneFor([jeddah, open, elsewhere], 'جدة', 'SA')?.id).toBe('o');
    expect(zoneFor([open, jeddah, elsewhere], 'جدة', 'SA')?.id).toBe('o');
  });
});

describe('the quote', () => {
  it('prices include VAT: the VAT is what the total holds (discount, shipping and fee included)', () => {
    const money = quoteOrder({ subtotal: 20_000, discount: 2_000, zone: zone(), method: 'cash', vat: saudi });
    expect(money).toEqual({
      subtotal: 20_000,
      discount: 2_000,
      shippingPrice: 2_500,
      codFee: 1_000,
      total: 21_500,
      taxPrice: vatIncluded(21_500, 1500),
      vatRateBasisPoints: 1500,
      pricesIncludeVat: true,
    });
    expect(money).toMatchObject({ taxPrice: 2_804 });
  });

  it('prices without VAT: the VAT is added to the total', () => {
    const money = quoteOrder({
      subtotal: 10_000,
      discount: 0,
      zone: zone({ price: 0, codFee: 0 }),
      method: 'card',
      vat: { vatRateBasisPoints: 1400, pricesIncludeVat: false },
    });
    expect(money).toMatchObject({ taxPrice: 1_400, total: 11_400 });
  });

  it('shipping is free from the discounted subtotal; card pays no cash fee', () => {
    const free = zone({ freeAbove: 18_000 });
    expect(quoteOrder({ subtotal: 20_000, discount: 2_000, zone: free, method: 'card', vat: saudi })).toMatchObject({
      shippingPrice: 0,
      codFee: 0,
      total: 18_000,
    });
    expect(quoteOrder({ subtotal: 20_000, discount: 2_001, zone: free, method: 'card', vat: saudi })).toMatchObject({
      shippingPrice: 2_500,
    });
  });

  it('refuses cash where the zone takes none, and a city no zone delivers to', () => {
    expect(
      quoteOrder({ subtotal: 100, discount: 0, zone: zone({ codAllowed: false }), method: 'cash', vat: saudi }),
    ).toEqual({
      refusal: 'cashNotAllowed',
    });
    expect(quoteOrder({ subtotal: 100, discount: 0, zone: undefined, method: 'card', vat: saudi })).toEqual({
      refusal: 'shippingUnavailable',
    });
  });
});
