import {
  ADMIN_PRODUCT_PAGE_SIZES,
  PRODUCT_STATUS_FILTERS,
  PRODUCT_STOCK_FILTERS,
  type ProductStockFilter,
} from '../../contract/constants';
import type { Product } from '../../contract/types';

/*
 * The admin products table's state, all of it in the URL (docs/catalogue.md § The admin products
 * table): what the GET form sends, read back with anything unknown replaced by the default.
 */

/** The table's sorts, as the API's `sort` parameter (the first is the default). */
export const ADMIN_PRODUCT_SORTS = ['-createdAt', 'title', '+price', '-price', '+quantity', '-sold'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export type AdminProductView = 'table' | 'cards';

export type AdminProductFilters = {
  keyword: string;
  category: string;
  brand: string;
  status: (typeof PRODUCT_STATUS_FILTERS)[number];
  stock: ProductStockFilter;
  sort: AdminProductSort;
  limit: number;
  view: AdminProductView;
};

const KEYWORD_MAX = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

export function adminProductFilters(url: URL): AdminProductFilters {
  const param = (name: string) => url.searchParams.get(name)?.trim() ?? '';
  const id = (name: string) => (UUID.test(param(name)) ? param(name) : '');
  const limit = Number(param('limit'));
  return {
    keyword: param('keyword').slice(0, KEYWORD_MAX),
    category: id('category'),
    brand: id('brand'),
    status: oneOf(PRODUCT_STATUS_FILTERS, param('status'), 'all'),
    stock: oneOf(PRODUCT_STOCK_FILTERS, param('stock'), 'all'),
    // '+price' arrives as ' price' when a '+' is not encoded.
    sort: oneOf(
      ADMIN_PRODUCT_SORTS,
      param('sort')
        .replace(/^price$/, '+price')
        .replace(/^quantity$/, '+quantity'),
      '-createdAt',
    ),
    limit: ADMIN_PRODUCT_PAGE_SIZES.find((size) => size === limit) ?? ADMIN_PRODUCT_PAGE_SIZES[0],
    view: param('view') === 'cards' ? 'cards' : 'table',
  };
}

/** The API query of a page of the table. */
export function adminProductQuery(filters: AdminProductFilters, page: number) {
  return {
    page,
    limit: filters.limit,
    sort: filters.sort,
    status: filters.status,
    stock: filters.stock,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.brand ? { brand: filters.brand } : {}),
  };
}

/** Whether any filter narrows the list (the empty state then offers to clear them). */
export const isFiltered = (filters: AdminProductFilters) =>
  Boolean(filters.keyword || filters.category || filters.brand) || filters.status !== 'all' || filters.stock !== 'all';

/** What the stock column flags: none, low (1 to the shop's threshold) or out. */
export function stockFlag(product: Pick<Product, 'quantity'>, lowStockThreshold: number): 'out' | 'low' | null {
  if (product.quantity === 0) return 'out';
  return product.quantity <= lowStockThreshold ? 'low' : null;
}
