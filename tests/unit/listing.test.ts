import { describe, expect, it } from 'vitest';
import { productQuerySchema } from '../../src/contract/catalog.js';
import { pageSizes, SORT_OPTIONS } from '../../src/contract/constants.js';
import { c } from '../../src/web/i18n/catalog.js';
import { toQueryString } from '../../src/web/lib/api.js';
import {
  listingPath,
  parsePrice,
  priceBounds,
  productQuery,
  readListing,
  readPage,
} from '../../src/web/lib/listing.server.js';
import { listCount, plural } from '../../src/web/lib/plural.js';

const CAT_A = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const CAT_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const BRAND = '16fd2706-8baf-433b-82eb-8c7fada847da';

const listingOf = (query: string) => readListing(new URLSearchParams(query));

describe('listing URL → API query', () => {
  it('maps every filter to the API parameter names', () => {
    const listing = listingOf(
      `keyword=%D8%B3%D8%A7%D9%85%D8%B3%D9%88%D9%86%D8%AC&sort=-sold&category=${CAT_A}&category=${CAT_B}&brand=${BRAND}&priceFrom=100&priceTo=500&page=2`,
    );
    expect(productQuery(listing)).toEqual({
      limit: pageSizes.products,
      page: 2,
      keyword: 'سامسونج',
      sort: '-sold',
      'category[in][]': [CAT_A, CAT_B],
      'brand[in][]': [BRAND],
      'price[gte]': 100,
      'price[lte]': 500,
    });
  });

  it('sends only limit and page for a bare /products', () => {
    const query = productQuery(listingOf(''));
    expect(toQueryString(query)).toBe(`?limit=${pageSizes.products}&page=1`);
  });

  it('builds a query string the API schema accepts', () => {
    const listing = listingOf(`sort=%2Bprice&category=${CAT_A}&brand=${BRAND}&priceFrom=99.5&priceTo=1000`);
    const qs = toQueryString(productQuery(listing));
    expect(qs).toContain('category%5Bin%5D%5B%5D=');
    expect(qs).toContain('price%5Bgte%5D=99.5');
    expect(qs).toContain('sort=%2Bprice');
    const params = new URLSearchParams(qs);
    const raw: Record<string, string | string[]> = {};
    for (const key of new Set(params.keys())) {
      const values = params.getAll(key);
      raw[key] = values.length > 1 ? values : (values[0] ?? '');
    }
    const parsed = productQuerySchema.safeParse(raw);
    expect(parsed.success).toBe(true);
  });

  it('accepts each sort option and nothing else', () => {
    for (const option of SORT_OPTIONS) {
      expect(listingOf(`sort=${encodeURIComponent(option.value)}`).sort).toBe(option.value);
    }
    expect(listingOf('sort=-quantity').sort).toBe('');
    expect(listingOf('sort=password').sort).toBe('');
    // An unencoded '+' reads as a space.
    expect(listingOf('sort=+price').sort).toBe('+price');
  });
});

describe('price bounds (docs/specification.md (Validation rules: Listing filters))', () => {
  it('applies the minimum only above 0', () => {
    expect(priceBounds('100', '')).toEqual({ minPrice: 100 });
    expect(priceBounds('0', '')).toEqual({ priceFromIssue: 'notPositive' });
    expect(priceBounds('-5', '')).toEqual({ priceFromIssue: 'notPositive' });
  });

  it('applies the maximum only above 0 and above the minimum', () => {
    expect(priceBounds('', '500')).toEqual({ maxPrice: 500 });
    expect(priceBounds('100', '500')).toEqual({ minPrice: 100, maxPrice: 500 });
    expect(priceBounds('', '0')).toEqual({ priceToIssue: 'notPositive' });
    expect(priceBounds('500', '100')).toEqual({ minPrice: 500, priceToIssue: 'notAboveMin' });
    expect(priceBounds('500', '500')).toEqual({ minPrice: 500, priceToIssue: 'notAboveMin' });
    // An ignored minimum does not hold the maximum back.
    expect(priceBounds('-10', '50')).toEqual({ priceFromIssue: 'notPositive', maxPrice: 50 });
  });

  it('does not send ignored bounds to the API', () => {
    const query = productQuery(listingOf('priceFrom=500&priceTo=100'));
    expect(query['price[gte]']).toBe(500);
    expect(query['price[lte]']).toBeUndefined();
    const none = productQuery(listingOf('priceFrom=0&priceTo=-3'));
    expect(none['price[gte]']).toBeUndefined();
    expect(none['price[lte]']).toBeUndefined();
  });

  it('reads Arabic-Indic digits, the Arabic decimal mark and thousands separators', () => {
    expect(parsePrice('١٢٥')).toBe(125);
    expect(parsePrice('٩٩٫٥')).toBe(99.5);
    expect(parsePrice('1,500')).toBe(1500);
    expect(parsePrice(' 20 ')).toBe(20);
    expect(parsePrice('')).toBeUndefined();
  });

  it('reports text that is not a number and keeps what was typed', () => {
    expect(parsePrice('abc')).toBe('notNumber');
    expect(parsePrice('1e3')).toBe('notNumber');
    expect(parsePrice('Infinity')).toBe('notNumber');
    const listing = listingOf('priceFrom=abc&priceTo=12x');
    expect(listing).toMatchObject({
      priceFrom: 'abc',
      priceTo: '12x',
      priceFromIssue: 'notNumber',
      priceToIssue: 'notNumber',
    });
    expect(listing.minPrice).toBeUndefined();
  });
});

describe('malformed URL values are dropped, not sent', () => {
  it('keeps only well-formed, distinct ids', () => {
    const listing = listingOf(`category=nope&category=${CAT_A}&category=${CAT_A}&brand=1&brand=${BRAND}`);
    expect(listing.categories).toEqual([CAT_A]);
    expect(listing.brands).toEqual([BRAND]);
  });

  it('reads the page as a positive whole number', () => {
    const page = (q: string) => readPage(new URLSearchParams(q));
    expect(page('')).toBe(1);
    expect(page('page=3')).toBe(3);
    expect(page('page=٣')).toBe(3);
    expect(page('page=0')).toBe(1);
    expect(page('page=-2')).toBe(1);
    expect(page('page=2.5')).toBe(1);
    expect(page('page=abc')).toBe(1);
    // Past the API's bound: still past the end, never a 400.
    expect(page('page=99999999999')).toBe(1_000_000);
  });

  it('trims and bounds the keyword', () => {
    expect(listingOf('keyword=%20%D8%B3%D8%A7%D8%B9%D8%A9%20').keyword).toBe('ساعة');
    expect(listingOf(`keyword=${'a'.repeat(300)}`).keyword).toHaveLength(200);
  });
});

describe('canonical path', () => {
  it('keeps the values that apply in a fixed order', () => {
    const listing = listingOf(
      `page=2&priceTo=50&priceFrom=100&brand=${BRAND}&category=${CAT_B}&category=${CAT_A}&sort=-price&category=bad`,
    );
    expect(listingPath(listing)).toBe(
      `/products?sort=-price&category=${CAT_A}&category=${CAT_B}&brand=${BRAND}&priceFrom=100&page=2`,
    );
    expect(listingPath(listingOf('page=1'))).toBe('/products');
  });
});

describe('results heading plurals', () => {
  it('uses the six Arabic plural forms', () => {
    const digits = (text: string) => text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
    expect(plural(0, c.results)).toBe('لا توجد نتائج');
    expect(plural(1, c.results)).toBe('هناك نتيجة واحدة');
    expect(plural(2, c.results)).toBe('هناك نتيجتان');
    expect(digits(plural(3, c.results))).toBe('هناك 3 نتائج');
    expect(digits(plural(11, c.results))).toBe('هناك 11 نتيجة');
    expect(digits(plural(100, c.results))).toBe('هناك 100 نتيجة');
  });

  it('says "more than" when the API counted no further than its window (resultsAtLeast)', () => {
    const digits = (text: string) =>
      text.replace(/[٠-٩٬,]/g, (d) => (/[٬,]/.test(d) ? '' : String(d.charCodeAt(0) - 0x0660)));
    expect(digits(listCount({ results: 1100, resultsAtLeast: true }, c.results, c.resultsAtLeast))).toBe(
      'هناك أكثر من 1100 نتيجة',
    );
    expect(digits(listCount({ results: 3 }, c.results, c.resultsAtLeast))).toBe('هناك 3 نتائج');
  });
});
