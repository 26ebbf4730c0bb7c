import type { PageVisitor } from '../contract/transport.js';
import type { Database } from '../db/client.js';
import type { Guards } from './auth/guards.js';
import { cartLineCount } from './modules/cart/service.js';
import { serializeUser } from './modules/users/serialize.js';
import { shownFavoriteIds } from './modules/wishlist/service.js';

/**
 * Every page's header for a signed-in visitor (src/web/root.tsx): who they are, their cart's line
 * count and their favourites' ids, read from the services in two small queries beside the
 * page's one check of the token, rather than three API calls (getMe, the whole priced cart, the
 * whole wishlist). The same answers as those calls: `numOfCartItems` and the wishlist's ids;
 * staff have neither. Null for a token the API would refuse (the page shows a guest).
 */
export function createVisitorReader(db: Database, guards: Pick<Guards, 'visitorOf'>) {
  return async (visitId: string, token: string): Promise<PageVisitor | null> => {
    const user = await guards.visitorOf(visitId, token);
    if (!user) return null;
    if (user.role !== 'user') return { user: serializeUser(user), cartCount: 0, favoriteIds: [] };
    const [cartCount, favoriteIds] = await Promise.all([cartLineCount(db, user.id), shownFavoriteIds(db, user.id)]);
    return { user: serializeUser(user), cartCount, favoriteIds };
  };
}
