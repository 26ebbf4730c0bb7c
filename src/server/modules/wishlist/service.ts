import { and, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { products, wishlistItems } from '../../../db/schema.js';
import { isActive } from '../catalog/product-visibility.js';

/**
 * The ids of the favourites the wishlist shows (a draft is hidden until it is published again),
 * newest first, in one query: the header's hearts (src/server/visitor.ts).
 */
export async function shownFavoriteIds(db: Database | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), isActive))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map((row) => row.productId);
}
