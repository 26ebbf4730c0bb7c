/* The hearts' state, apart from the account area's helpers (lib/account.ts): every catalogue page draws hearts. */

export type FavoriteIntent = 'add' | 'remove';

/**
 * Whether a heart shows filled: the pending click wins (optimistic UI), otherwise what the server
 * holds; once the request settles and the data revalidates the two agree again.
 */
export function shownAsFavorite(saved: boolean, pendingIntent: unknown): boolean {
  if (pendingIntent === 'add') return true;
  if (pendingIntent === 'remove') return false;
  return saved;
}
