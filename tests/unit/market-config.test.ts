import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

/* One market setting (docs/decisions/0018-shop-country.md): SHOP_COUNTRY sets the defaults, each stays overridable. */
describe('SHOP_COUNTRY', () => {
  it('defaults to a Saudi shop', () => {
    expect(loadConfig({})).toMatchObject({ country: 'SA', currency: 'SAR', phoneCountry: 'SA', defaultCity: 'الرياض' });
  });

  it('sets currency, phones and city of the market', () => {
    expect(loadConfig({ SHOP_COUNTRY: 'EG' })).toMatchObject({
      country: 'EG',
      currency: 'EGP',
      phoneCountry: 'EG',
      defaultCity: 'القاهرة',
    });
    expect(loadConfig({ SHOP_COUNTRY: 'AE' })).toMatchObject({ currency: 'AED', phoneCountry: 'AE' });
  });

  it('keeps each default overridable', () => {
    expect(
      loadConfig({ SHOP_COUNTRY: 'EG', SHOP_CURRENCY: 'USD', PHONE_COUNTRY: 'SA', DEFAULT_CITY: 'الجيزة' }),
    ).toMatchObject({ country: 'EG', currency: 'USD', phoneCountry: 'SA', defaultCity: 'الجيزة' });
  });

  it('refuses a market it does not know', () => {
    expect(() => loadConfig({ SHOP_COUNTRY: 'FR' })).toThrow(/SHOP_COUNTRY/);
  });
});
