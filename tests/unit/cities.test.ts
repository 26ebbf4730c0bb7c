import { describe, expect, it } from 'vitest';
import { cityKey, foldCityName, isKnownCity } from '../../src/contract/cities';
import { MARKET_CITIES } from '../../src/contract/market-cities';
import { MARKET_COUNTRIES } from '../../src/contract/markets';

/* One key per city, whatever its spelling (src/contract/cities.ts, docs/pricing.md § Shipping). */

describe('foldCityName', () => {
  it('folds Arabic spellings, drops the article of each word and the spaces between words', () => {
    for (const name of ['الإسكندرية', 'الاسكندريه', 'إسكندرية', 'اسكندريّة', ' الإسكندرية ']) {
      expect(foldCityName(name), name).toBe('اسكندريه');
    }
    expect(foldCityName('كفر الشيخ')).toBe(foldCityName('كفر  شيخ'));
    expect(foldCityName('أبو ظبي')).toBe(foldCityName('ابوظبي'));
  });

  it('folds Latin: case, accents, modifier letters, hyphens, spaces and articles (al-, el-, ar-…)', () => {
    expect(foldCityName('ALEXANDRÍA')).toBe('alexandria');
    expect(foldCityName('El-Iskandariya')).toBe('iskandariya');
    expect(foldCityName('al Iskandariya')).toBe('iskandariya');
    expect(foldCityName('Ar Riyadh')).toBe('riyadh');
    expect(foldCityName('Ḥāʼil')).toBe('hail');
    expect(foldCityName('Port-Said')).toBe('portsaid');
  });

  it('drops invisible characters, and leaves nothing of a name without letters', () => {
    expect(foldCityName('Alex\u200Bandria\u200F')).toBe('alexandria');
    expect(foldCityName('\u200B\u2066!')).toBe('');
    expect(foldCityName('ال')).toBe('');
  });
});

describe('cityKey', () => {
  const sameCity = (country: (typeof MARKET_COUNTRIES)[number], city: string, spellings: string[]) => {
    for (const spelling of spellings) {
      expect(cityKey(country, spelling), `${country} ${spelling}`).toBe(cityKey(country, city));
      expect(isKnownCity(country, spelling), `${country} ${spelling}`).toBe(true);
    }
  };

  it('gives a city one key in its Arabic and usual Latin spellings', () => {
    sameCity('EG', 'الإسكندرية', [
      'اسكندرية',
      'Alexandria',
      'Alex',
      'Iskandariya',
      'Iskandariyah',
      'El Iskandariya',
      'Al-Iskandariyah',
      'Elalexandria',
    ]);
    sameCity('EG', 'القاهرة', ['Cairo', 'El Qahira', 'القاهره']);
    sameCity('EG', 'الجيزة', ['Giza', 'Gizeh', 'El-Giza', 'جيزه']);
    sameCity('EG', 'طنطا', ['Tanta']);
    sameCity('EG', 'السادس من أكتوبر', ['٦ أكتوبر', '6th of October']);
    sameCity('SA', 'الرياض', ['Riyadh', 'Ar Riyadh', 'Ar-Riyadh', 'Riyad', 'رياض']);
    sameCity('SA', 'جدة', ['Jeddah', 'Jiddah', 'Jedda', 'جده']);
    sameCity('SA', 'مكة المكرمة', ['Makkah', 'Mecca', 'مكة', 'مكه المكرمه']);
    sameCity('SA', 'الخبر', ['Al Khobar', 'Al-Khobar', 'Alkhobar', 'Khobar']);
  });

  it('keys a city the table does not know on its folded name', () => {
    expect(cityKey('EG', 'قرية الأمل')).toBe(foldCityName('قرية الأمل'));
    expect(cityKey('EG', 'قريه  امل')).toBe(cityKey('EG', 'قرية الأمل'));
    expect(isKnownCity('EG', 'قرية الأمل')).toBe(false);
    // A market knows its own cities only.
    expect(isKnownCity('SA', 'Alexandria')).toBe(false);
  });

  it.each(MARKET_COUNTRIES)('%s: every city of the address form and the default city is known', (country) => {
    const market = MARKET_CITIES[country];
    for (const city of [...market.cities, market.defaultCity]) {
      expect(Object.keys(market.citySpellings), city).toContain(city);
    }
  });

  it.each(MARKET_COUNTRIES)('%s: no spelling names two cities, and every spelling has letters', (country) => {
    const owner = new Map<string, string>();
    for (const [city, others] of Object.entries(MARKET_CITIES[country].citySpellings)) {
      for (const spelling of [city, ...others]) {
        const folded = foldCityName(spelling);
        expect(folded, spelling).not.toBe('');
        expect(owner.get(folded) ?? city, `${spelling} names ${owner.get(folded)} and ${city}`).toBe(city);
        owner.set(folded, city);
      }
    }
  });
});
