import { type AppLoadContext, redirect } from 'react-router';
import type { User } from '../../contract/types.js';
import { loginHref } from './add-to-cart.js';
import { ApiError } from './api.js';
import { apiFor } from './context.server.js';

/** Lines in a signed-in customer's cart, for the top bar's badge; 0 for guests and staff. */
export async function cartCountFor(request: Request, context: AppLoadContext, user: User | null): Promise<number> {
  if (user?.role !== 'user') return 0;
  return apiFor(request, context)
    .cart.get()
    .then(
      (r) => r.numOfCartItems,
      // The badge is a convenience: a failing cart call must not take the whole page down.
      () => 0,
    );
}

/** A session that expired or was revoked between the loader and the action: sign in again, come back. */
export function signInAgainOn401(error: unknown, path: string): void {
  if (error instanceof ApiError && error.status === 401) throw redirect(loginHref(path));
}
