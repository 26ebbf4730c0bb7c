import { eq, sql } from 'drizzle-orm';
import type { PageVisitor } from '../contract/transport.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import type { Guards } from './auth/guards.js';
import { cartLineCountOf } from './modules/cart/service.js';
import { serializeUser } from './modules/users/serialize.js';
import { shownFavoriteIdsOf } from './modules/wishlist/service.js';

/**
 * Every page's header for a signed-in visitor (src/web/root.tsx): who they are, their cart's line
 * count and their favourites' ids, read with the page's one check of the token in one prepared
 * query, rather than three API calls (getMe, the whole priced cart, the whole wishlist). The same
 * answers as those calls: `numOfCartItems` and the wishlist's ids; staff have neither. Null for a
 * token the API would refuse (the page shows a guest).
 */
export function createVisitorReader(db: Database, guards: Pick<Guards, 'visitorWith'>) {
  const header = db
    .select({ user: users, cartCount: cartLineCountOf(db, users.id), favoriteIds: shownFavoriteIdsOf(db, users.id) })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('page_visitor');
  return async (visitId: string, token: string): Promise<PageVisitor | null> => {
    const found = await guards.visitorWith(visitId, token, async (id) => (await header.execute({ id }))[0]);
    if (!found) return null;
    const { user, cartCount, favoriteIds } = found;
    if (user.role !== 'user') return { user: serializeUser(user), cartCount: 0, favoriteIds: [] };
    return { user: serializeUser(user), cartCount, favoriteIds };
  };
}
