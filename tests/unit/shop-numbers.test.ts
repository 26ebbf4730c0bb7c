import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/contract/dates.js';
import { SHOP_LOCALE } from '../../src/contract/digits.js';
import { moneyLines, wholeLabel } from '../../src/contract/money-lines.js';
import { PRODUCT_COUNT } from '../../src/contract/plural.js';
import { abc } from '../../src/web/i18n/abandoned-carts.js';
import { adminDashboard } from '../../src/web/i18n/admin-dashboard.js';
import { ac } from '../../src/web/i18n/admin-orders.js';
import { variantText } from '../../src/web/i18n/admin-products.js';
import { st } from '../../src/web/i18n/admin-store.js';
import { cartText } from '../../src/web/i18n/cart.js';
import { formatCode, formatNumber, formatPercent, formatPrice, percentSign } from '../../src/web/lib/format.js';
import { plural } from '../../src/web/lib/plural.js';

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/;
/** The Arabic percent sign; the shop writes Intl's `%` (formatPercent, percentSign) instead. */
const ARABIC_PERCENT = /\u066A/;

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

/** `file:line` of each line of code under `dir` that `pattern` matches. */
const codeLinesMatching = (dir: string, pattern: RegExp) =>
  sourceFiles(join(__dirname, '../..', dir)).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, where: `${file}:${index + 1}` }))
      .filter(({ line }) => isCode(line) && pattern.test(line))
      .map(({ where }) => where),
  );

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
      ).map((line) => `${wholeLabel(line)} ${line.value}`),
    ];
    for (const text of shown) expect(text, text).not.toMatch(ARABIC_INDIC);
    expect(formatCode(404)).toBe('404');
  });

  it('no screen text hard-codes Arabic-Indic digits (they come from formatNumber)', () => {
    expect(codeLinesMatching('src/web', ARABIC_INDIC)).toEqual([]);
  });
});

describe('one percent style (docs/architecture.md)', () => {
  it('a percent and a label naming the unit write the same sign', () => {
    const sign = formatPercent(0.15).replace(/[\d\u200e\u200f\u061c]/g, '');
    expect(sign).toBe('%');
    expect(percentSign()).toBe('%');
    expect(formatPercent(0.125, 2)).toBe(`12.5${formatPercent(0).slice(1)}`);
    expect(ac.discount).toContain(`(${percentSign()})`);
    expect(st.vatRate).toContain(`(${percentSign()})`);
    expect(st.missing.vatRate).toContain(formatPercent(0));
  });

  it('no screen, e-mail or document text hard-codes «٪» (percents come from formatPercent)', () => {
    expect([
      ...codeLinesMatching('src/web', ARABIC_PERCENT),
      ...codeLinesMatching('src/server', ARABIC_PERCENT),
      ...codeLinesMatching('src/contract', ARABIC_PERCENT),
    ]).toEqual([]);
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

  it('the products of a basket: the card checkout’s description, the abandoned baskets screen', () => {
    expect(counts.map((n) => plural(n, PRODUCT_COUNT))).toEqual([
      '0 منتج',
      'منتج واحد',
      'منتجان',
      '3 منتجات',
      '11 منتجاً',
      '100 منتج',
    ]);
    expect(abc.lineCount).toBe(PRODUCT_COUNT);
  });

  it('the units of an abandoned basket', () => {
    expect(counts.map((n) => abc.count(plural(1, abc.lineCount), plural(n, abc.unitCount)))).toEqual([
      'منتج واحد (لا قطع)',
      'منتج واحد (قطعة واحدة)',
      'منتج واحد (قطعتان)',
      'منتج واحد (3 قطع)',
      'منتج واحد (11 قطعة)',
      'منتج واحد (100 قطعة)',
    ]);
  });

  it('the low-stock threshold on the dashboard', () => {
    expect(counts.map((n) => plural(n, adminDashboard.lowStock.hint))).toEqual([
      'المنتجات التي نفد مخزونها',
      'المنتجات التي بقيت منها قطعة واحدة أو أقل',
      'المنتجات التي بقيت منها قطعتان أو أقل',
      'المنتجات التي بقي منها 3 قطع أو أقل',
      'المنتجات التي بقي منها 11 قطعة أو أقل',
      'المنتجات التي بقي منها 100 قطعة أو أقل',
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
