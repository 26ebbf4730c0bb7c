import { describe, expect, it } from 'vitest';
import { productQuerySchema } from '../../src/contract/catalog.js';
import { toAsciiDigits } from '../../src/contract/digits.js';
import { codeOfMessage } from '../../src/contract/errors.js';
import { currencyDigits, toMajor, toMinor } from '../../src/contract/money.js';
import {
  demoPhone,
  formatPhone,
  isValidPhone,
  nationalExample,
  normalizePhone,
  PHONE_COUNTRIES,
  toE164,
} from '../../src/contract/phone.js';
import { phoneInvalidMessage } from '../../src/contract/phone-messages.js';
import { slugify } from '../../src/contract/slug.js';
import { listEnvelope, pageOf } from '../../src/server/http/pagination.js';
import { imageSrcSet } from '../../src/web/lib/format.js';

describe('digits and phones', () => {
  it('turns Arabic-Indic and Eastern Arabic-Indic digits into ASCII', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toAsciiDigits('abc ١٢')).toBe('abc 12');
  });

  it('accepts Egyptian mobile numbers in every common form', () => {
    for (const phone of ['01012345678', '٠١٠١٢٣٤٥٦٧٨', '+201112345678', '00201512345678'.slice(2), '010 1234 5678']) {
      expect(isValidPhone(phone, 'EG'), phone).toBe(true);
    }
    for (const phone of ['0101234567', '01312345678', '0501234567', 'abc', '']) {
      expect(isValidPhone(phone, 'EG'), phone).toBe(false);
    }
    expect(normalizePhone('٠١٠-١٢٣٤ ٥٦٧٨')).toBe('01012345678');
  });

  it('checks numbers of another configured country', () => {
    expect(isValidPhone('0501234567', 'SA')).toBe(true);
    expect(isValidPhone('01012345678', 'SA')).toBe(false);
  });
});

describe('phones in E.164 by market (docs/decisions/0014-phone-numbers.md)', () => {
  it("reads a Saudi shop's mobiles in every common form", () => {
    for (const typed of [
      '0551234567',
      '551234567',
      '+966551234567',
      '00966551234567',
      '966551234567',
      '٠٥٥١٢٣٤٥٦٧',
      '۰۵۵۱۲۳۴۵۶۷',
      '+٩٦٦ ٥٥ ١٢٣ ٤٥٦٧',
      '055-123-4567',
      '(055) 123 4567',
    ]) {
      expect(toE164(typed, 'SA'), typed).toBe('+966551234567');
    }
  });

  it("takes the other markets' mobiles in international form only", () => {
    expect(toE164('+201012345678', 'SA')).toBe('+201012345678');
    expect(toE164('00201012345678', 'SA')).toBe('+201012345678');
    expect(toE164('+971501234567', 'SA')).toBe('+971501234567');
    expect(toE164('+96551234567', 'SA')).toBe('+96551234567');
    // Their national forms are not the shop's.
    for (const typed of ['01012345678', '0101234567', '51234567', '']) {
      expect(toE164(typed, 'SA'), typed).toBeUndefined();
    }
  });

  it('refuses what is no mobile of a market', () => {
    for (const typed of [
      '055123456',
      '05512345678',
      '0451234567',
      '+9660551234567',
      '+12125550100',
      '+20 1312345678',
      '++966551234567',
      '+966 55 123 4567 ext 1',
      'abc',
      '0'.repeat(10_000),
    ]) {
      expect(toE164(typed, 'SA'), typed.slice(0, 30)).toBeUndefined();
    }
  });

  it("reads an Egyptian shop's numbers by Egypt's rules, and is idempotent", () => {
    expect(toE164('01012345678', 'EG')).toBe('+201012345678');
    expect(toE164('٠١٠-١٢٣٤-٥٦٧٨', 'EG')).toBe('+201012345678');
    expect(toE164('0551234567', 'EG')).toBeUndefined();
    expect(toE164('+966551234567', 'EG')).toBe('+966551234567');
    for (const country of PHONE_COUNTRIES) {
      const e164 = toE164(nationalExample(country), country);
      expect(e164, country).toMatch(/^\+\d{8,15}$/);
      expect(toE164(e164 ?? '', country), country).toBe(e164);
      expect(toE164(demoPhone(country, 3), country), country).toBe(demoPhone(country, 3));
    }
    // Kuwait has no trunk 0: its national form is the eight digits alone.
    expect(toE164('51234567', 'KW')).toBe('+96551234567');
    expect(toE164('051234567', 'KW')).toBeUndefined();
  });

  it('names the rule in the message: the contract’s words for Egypt only', () => {
    expect(phoneInvalidMessage('EG')).toBe('accept only egypt phone numbers');
    expect(phoneInvalidMessage('SA')).toMatch(/^accept only Saudi Arabia mobile numbers/);
    for (const country of PHONE_COUNTRIES) expect(codeOfMessage(phoneInvalidMessage(country))).toBe('PHONE_INVALID');
  });

  it('shows a stored number readably, and an unreadable one as it is', () => {
    expect(formatPhone('+966551234567', 'SA')).toBe('+966 55 123 4567');
    expect(formatPhone('0551234567', 'SA')).toBe('+966 55 123 4567');
    expect(formatPhone('+201012345678', 'SA')).toBe('+20 10 1234 5678');
    expect(formatPhone('+96551234567', 'SA')).toBe('+965 5123 4567');
    expect(formatPhone('12345', 'SA')).toBe('12345');
  });
});

describe('money', () => {
  it('uses the currency minor-unit digits', () => {
    expect(currencyDigits('SAR')).toBe(2);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('JPY')).toBe(0);
    expect(toMinor(199.99, 2)).toBe(19999);
    expect(toMinor(0.1 + 0.2, 2)).toBe(30);
    expect(toMajor(19999, 2)).toBe(199.99);
  });
});

describe('slugs', () => {
  it('keeps Arabic letters and joins words with dashes', () => {
    expect(slugify('  هواتف ذكية!  ')).toBe('هواتف-ذكية');
    expect(slugify('Galaxy S24 Ultra')).toBe('galaxy-s24-ultra');
  });
});

describe('pagination', () => {
  it('defaults to page 1 of 50 and builds the contract envelope', () => {
    expect(pageOf({})).toEqual({ page: 1, limit: 50, offset: 0 });
    expect(pageOf({ page: 3, limit: 8 })).toEqual({ page: 3, limit: 8, offset: 16 });
    expect(listEnvelope(['a'], 17, 2, 8)).toEqual({
      results: 17,
      paginationResult: { currentPage: 2, limit: 8, numberOfPages: 3, nextPage: 3, prevPage: 1 },
      data: ['a'],
    });
    expect(listEnvelope([], 0, 1, 8).paginationResult).toEqual({ currentPage: 1, limit: 8, numberOfPages: 0 });
  });
});

describe('product query', () => {
  it('parses sort lists, including a "+" that arrived as a space', () => {
    expect(productQuerySchema.parse({ sort: '-sold, price' }).sort).toEqual([
      { field: 'sold', desc: true },
      { field: 'price', desc: false },
    ]);
    expect(productQuerySchema.parse({ sort: '+price' }).sort).toEqual([{ field: 'price', desc: false }]);
  });

  it('refuses unknown sort fields and malformed ids', () => {
    expect(productQuerySchema.safeParse({ sort: '-password' }).success).toBe(false);
    expect(productQuerySchema.safeParse({ category: 'abc' }).success).toBe(false);
    expect(productQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('accepts Arabic-Indic digits in numbers and ignores empty filters', () => {
    const parsed = productQuerySchema.parse({ page: '٢', 'price[gte]': '١٠٠', category: '', brand: '' });
    expect(parsed.page).toBe(2);
    expect(parsed['price[gte]']).toBe(100);
    expect(parsed.category).toBeUndefined();
  });
});

describe('image srcset', () => {
  it("lists each size's URL as the API gives it, with its width", () => {
    expect(
      imageSrcSet({ key: 'products/a', small: 'http://x/s.webp', medium: 'http://x/m.webp', large: 'http://x/l.webp' }),
    ).toBe('http://x/s.webp 240w, http://x/m.webp 480w, http://x/l.webp 960w');
    expect(imageSrcSet(null)).toBeUndefined();
  });
});

describe('pager pages', () => {
  it('shows 2 margin pages and 2 around the current one', async () => {
    const { visiblePages } = await import('../../src/web/components/pagination.js');
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(10, 20)).toEqual([1, 2, null, 8, 9, 10, 11, 12, null, 19, 20]);
    expect(visiblePages(1, 20)).toEqual([1, 2, 3, null, 19, 20]);
  });

  it('picks the Arabic plural form', async () => {
    const { plural } = await import('../../src/web/lib/plural.js');
    const forms = {
      zero: 'لا نتائج',
      one: 'نتيجة واحدة',
      two: 'نتيجتان',
      few: '{n} نتائج',
      many: '{n} نتيجة',
      other: '{n} نتيجة',
    };
    expect([0, 1, 2, 3, 11, 100].map((n) => plural(n, forms))).toEqual([
      'لا نتائج',
      'نتيجة واحدة',
      'نتيجتان',
      '3 نتائج',
      '11 نتيجة',
      '100 نتيجة',
    ]);
  });
});
