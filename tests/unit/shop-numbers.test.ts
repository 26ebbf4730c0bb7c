import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/contract/dates.js';
import { SHOP_LOCALE } from '../../src/contract/digits.js';
import { moneyLines } from '../../src/contract/money-lines.js';
import { variantText } from '../../src/web/i18n/admin-products.js';
import { st } from '../../src/web/i18n/admin-store.js';
import { cartText } from '../../src/web/i18n/cart.js';
import { formatCode, formatNumber, formatPercent, formatPrice } from '../../src/web/lib/format.js';
import { plural } from '../../src/web/lib/plural.js';

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/;

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A line of code, not of a comment (comments may show Arabic-Indic digits as typed input). */
const isCode = (line: string) => !/^\s*(\/\/|\/\*|\*)/.test(line);

describe('one digit style (docs/architecture.md)', () => {
  it('the shop locale pins Latin digits, whatever a browser’s default for Arabic is', () => {
    expect(new Intl.NumberFormat(SHOP_LOCALE).resolvedOptions().numberingSystem).toBe('latn');
    expect(new Intl.DateTimeFormat(SHOP_LOCALE).resolvedOptions().numberingSystem).toBe('latn');
  });

  it('numbers, codes, prices, percents and dates are written in it', () => {
    const shown = [
      formatNumber(1234),
      formatCode(404),
      formatPrice(1150.5, 'SAR'),
      formatPercent(0.15),
      formatDateTime('2026-11-27T12:00:00Z', 'Asia/Riyadh'),
      ...moneyLines(
        {
          subtotal: 100,
          discount: 10,
          shippingPrice: 25,
          codFee: 5,
          taxPrice: 18,
          total: 138,
          vatRate: 15,
          pricesIncludeVat: false,
        },
        'SAR',
      ).map((line) => `${line.label} ${line.value}`),
    ];
    for (const text of shown) expect(text, text).not.toMatch(ARABIC_INDIC);
    expect(formatCode(404)).toBe('404');
  });

  it('no screen text hard-codes Arabic-Indic digits (they come from formatNumber)', () => {
    const offenders = sourceFiles(join(__dirname, '../../src/web')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, where: `${file}:${index + 1}` }))
        .filter(({ line }) => isCode(line) && ARABIC_INDIC.test(line))
        .map(({ where }) => where),
    );
    expect(offenders).toEqual([]);
  });
});

describe('Arabic plurals of counts (src/web/lib/plural.ts)', () => {
  const counts = [0, 1, 2, 3, 11, 100];

  it('units left in stock', () => {
    expect(counts.map((n) => plural(n, cartText.unitsLeft))).toEqual([
      'لم يتبقَّ شيء منه',
      'متبقٍ قطعة واحدة فقط',
      'متبقٍ قطعتان فقط',
      'متبقٍ 3 فقط',
      'متبقٍ 11 فقط',
      'متبقٍ 100 فقط',
    ]);
  });

  it('the cities of a shipping zone', () => {
    expect(counts.map((n) => plural(n, st.citiesCount))).toEqual([
      'لا مدن',
      'مدينة واحدة',
      'مدينتان',
      '3 مدن',
      '11 مدينة',
      '100 مدينة',
    ]);
  });

  it('the variants a fill reached', () => {
    expect(counts.map((n) => plural(n, variantText.filled))).toEqual([
      'لم تُطبَّق القيم على أي صنف',
      'طُبّقت القيم على صنف واحد',
      'طُبّقت القيم على صنفين',
      'طُبّقت القيم على 3 أصناف',
      'طُبّقت القيم على 11 صنفاً',
      'طُبّقت القيم على 100 صنف',
    ]);
  });
});
