import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { products, wishlistItems } from '../../../db/schema.js';
import { isActive } from '../catalog/product-visibility.js';

/**
 * The ids of the favourites the wishlist shows of the user whose id is `userId` (a column or a
 * value), newest first; a draft is hidden until it is published again. For the header's hearts
 * (src/server/visitor.ts).
 */
export const shownFavoriteIdsOf = (db: Database, userId: SQLWrapper) =>
  sql<string[]>`coalesce((${db
    .select({ ids: sql`array_agg(${wishlistItems.productId}::text order by ${wishlistItems.createdAt} desc)` })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), isActive))}), '{}')`;
