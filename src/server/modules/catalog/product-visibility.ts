import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { ProductStockFilter } from '../../../contract/constants.js';
import { products } from '../../../db/schema.js';

/*
 * Which products a listing shows (docs/catalogue.md § Drafts, § Low stock). The status conditions
 * are written as literals, not parameters, so that PostgreSQL matches them to the partial index
 * `products_active_created_at_idx` in every plan (a generic plan cannot match a parameter).
 */

/** Products for sale: every public place (listing, search, suggestions, sitemap, group pages). */
export const isActive: SQL = sql`${products.status} = 'active'`;
const isDraft: SQL = sql`${products.status} = 'draft'`;

/** The listing's `status` filter; `all` (staff) is no condition. */
export function statusCondition(status: 'active' | 'draft' | 'all'): SQL | undefined {
  if (status === 'all') return undefined;
  return status === 'draft' ? isDraft : isActive;
}

/** The listing's `stock` filter; `low` is 1 to `lowStockThreshold` units. */
export function stockCondition(stock: ProductStockFilter, lowStockThreshold: number): SQL | undefined {
  switch (stock) {
    case 'all':
      return undefined;
    case 'in':
      return gt(products.quantity, 0);
    case 'out':
      return eq(products.quantity, 0);
    case 'low':
      return and(gt(products.quantity, 0), lte(products.quantity, lowStockThreshold));
  }
}
