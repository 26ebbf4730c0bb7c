import type { AppLoadContext } from 'react-router';
import { apiFor } from './context.server';
import { readSessionToken } from './session.server';

/**
 * The visitor's favourite product ids, so every heart renders filled in the server's HTML. Asked
 * alongside getMe rather than after it; a guest, staff (403) or a refused token simply has none.
 */
export async function favoriteIdsOf(request: Request, context: AppLoadContext): Promise<string[]> {
  if (!readSessionToken(request)) return [];
  return apiFor(request, context)
    .wishlist.list()
    .then((r) => r.data.map((product) => product.id))
    .catch(() => []);
}
