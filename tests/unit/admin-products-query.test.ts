import { describe, expect, it } from 'vitest';
import { idSchema } from '../../src/contract/common.js';
import {
  adminProductFilters,
  adminProductQuery,
  isFiltered,
  stockFlag,
} from '../../src/web/lib/admin-products-query.js';
import { isId } from '../../src/web/lib/list-url.js';
import { readListing } from '../../src/web/lib/listing.server.js';

/* The admin products table's URL (docs/catalogue.md § The admin products table). */

const at = (search: string) => adminProductFilters(new URL(`http://shop.test/admin/allproducts${search}`));
const category = '0b9c7a3e-52b4-4a36-9a1e-1f7c6c2d9e11';

describe('adminProductFilters', () => {
  it('starts from every product, newest first, 20 a page, as a table', () => {
    const filters = at('');
    expect(filters).toEqual({
      keyword: '',
      category: '',
      brand: '',
      status: 'all',
      stock: 'all',
      sort: '-createdAt',
      limit: 20,
      view: 'table',
    });
    expect(isFiltered(filters)).toBe(false);
  });

  it('reads what the GET form sends', () => {
    const filters = at(`?keyword=+ساعة+&category=${category}&status=draft&stock=low&sort=%2Bprice&limit=50&view=cards`);
    expect(filters).toMatchObject({
      keyword: 'ساعة',
      category,
      status: 'draft',
      stock: 'low',
      sort: '+price',
      limit: 50,
      view: 'cards',
    });
    expect(isFiltered(filters)).toBe(true);
    expect(adminProductQuery(filters, 3)).toEqual({
      page: 3,
      limit: 50,
      sort: '+price',
      status: 'draft',
      stock: 'low',
      keyword: 'ساعة',
      category,
    });
  });

  it("replaces what a hand-made URL gets wrong by the defaults; an unencoded '+' still sorts up", () => {
    expect(at('?category=x&brand=1&status=hidden&stock=few&sort=-rating&limit=7&view=grid')).toMatchObject({
      category: '',
      brand: '',
      status: 'all',
      stock: 'all',
      sort: '-createdAt',
      limit: 20,
      view: 'table',
    });
    expect(at('?sort=+price').sort).toBe('+price');
    expect(at('?sort=+quantity').sort).toBe('+quantity');
  });
});

describe('one reading of a product list’s URL, the storefront’s and the table’s', () => {
  it('keyword, category, brand and an unencoded sort read alike; an id the API would refuse is dropped by both', () => {
    const notUuid = 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa';
    for (const id of [category, notUuid, '00000000-0000-0000-0000-000000000000', 'x']) {
      expect(isId(id)).toBe(idSchema.safeParse(id).success);
    }
    const search = `?keyword=${encodeURIComponent(` ${'ب'.repeat(250)} `)}&category=${notUuid}&category=${category}&brand=${notUuid}&sort=+price`;
    const table = at(search);
    const listing = readListing(new URLSearchParams(search));
    expect(table.keyword).toBe('ب'.repeat(200));
    expect(listing.keyword).toBe(table.keyword);
    expect([table.category, table.brand]).toEqual([category, '']);
    expect(listing).toMatchObject({ categories: [category], brands: [], sort: '+price' });
    expect(table.sort).toBe('+price');
  });
});

describe('stockFlag', () => {
  it('out at 0, low from 1 to the threshold, none above; a threshold of 0 flags nothing as low', () => {
    expect(stockFlag({ quantity: 0 }, 5)).toBe('out');
    expect(stockFlag({ quantity: 1 }, 5)).toBe('low');
    expect(stockFlag({ quantity: 5 }, 5)).toBe('low');
    expect(stockFlag({ quantity: 6 }, 5)).toBeNull();
    expect(stockFlag({ quantity: 1 }, 0)).toBeNull();
    expect(stockFlag({ quantity: 0 }, 0)).toBe('out');
  });
});
