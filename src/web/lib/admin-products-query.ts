import {
  ADMIN_PRODUCT_PAGE_SIZES,
  PRODUCT_STATUS_FILTERS,
  PRODUCT_STOCK_FILTERS,
  type ProductStockFilter,
} from '../../contract/constants';
import type { Product } from '../../contract/types';
import { readChoice, readIds, readKeyword } from './list-url';

/*
 * The admin products table's state, all of it in the URL (docs/catalogue.md § The admin products
 * table): what the GET form sends, read back as every product list reads it (list-url.ts), with
 * anything unknown replaced by the default.
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

export function adminProductFilters(url: URL): AdminProductFilters {
  const params = url.searchParams;
  const limit = Number(params.get('limit')?.trim());
  return {
    keyword: readKeyword(params),
    // The table filters by one category and one brand.
    category: readIds(params, 'category')[0] ?? '',
    brand: readIds(params, 'brand')[0] ?? '',
    status: readChoice(PRODUCT_STATUS_FILTERS, params.get('status'), 'all'),
    stock: readChoice(PRODUCT_STOCK_FILTERS, params.get('stock'), 'all'),
    sort: readChoice(ADMIN_PRODUCT_SORTS, params.get('sort'), '-createdAt'),
    limit: ADMIN_PRODUCT_PAGE_SIZES.find((size) => size === limit) ?? ADMIN_PRODUCT_PAGE_SIZES[0],
    view: params.get('view') === 'cards' ? 'cards' : 'table',
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
