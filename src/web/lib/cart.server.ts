import { type AppLoadContext, redirect } from 'react-router';
import { adminHome, isStaffRole } from '../../contract/staff-roles.js';
import type { Cart } from '../../contract/types.js';
import { cartText } from '../i18n/cart.js';
import { loginHref } from './add-to-cart.js';
import { ApiError } from './api.js';
import { type ErrorTextOverrides, errorText } from './api-errors.js';
import { getOptionalUser } from './auth.server.js';
import { clearBasketCookie, readBasketKey, setBasketCookie } from './basket.server.js';
import { apiFor } from './context.server.js';

/** Lines in a guest's basket, for the top bar's badge (a customer's come with the header's visitor, root.tsx). */
export async function basketCountFor(request: Request, context: AppLoadContext): Promise<number> {
  const basketKey = readBasketKey(request);
  if (!basketKey) return 0;
  // The badge is a convenience: a failing count must not take the whole page down.
  return context.basketCount(basketKey).catch(() => 0);
}

/** A session that expired or was revoked between the loader and the action: sign in again, come back. */
export function signInAgainOn401(error: unknown, path: string): void {
  if (error instanceof ApiError && error.status === 401) throw redirect(loginHref(path));
}

/** What the cart page shows of a cart or a basket (a basket has no coupon). */
export type ShownCart = Pick<Cart, 'products' | 'totalCartPrice' | 'coupon' | 'discount' | 'totalAfterDiscount'>;

const NO_BASKET: ShownCart = { products: [], totalCartPrice: 0 };

/**
 * The cart the cart page works on: a customer's, or a guest's basket by its cookie
 * (docs/decisions/0021-guest-basket.md); staff go to their admin home (docs/staff.md). The same four
 * operations either way.
 */
export async function visitorCart(request: Request, context: AppLoadContext) {
  const user = await getOptionalUser(request, context);
  if (user && isStaffRole(user.role)) throw redirect(adminHome(user.role));
  const api = apiFor(request, context);
  if (user) {
    return {
      guest: false,
      cookieAfter: (_intent: 'change' | 'clear'): HeadersInit => ({}),
      get: async (): Promise<ShownCart> => (await api.cart.get()).data,
      update: (itemId: string, count: number) => api.cart.update(itemId, count),
      remove: (itemId: string) => api.cart.remove(itemId),
      clear: () => api.cart.clear(),
    };
  }
  const key = readBasketKey(request);
  return {
    guest: true,
    /** A change gives the basket 30 more days on the server, and so its cookie; emptied, it is gone. */
    cookieAfter: (intent: 'change' | 'clear'): HeadersInit =>
      !key ? {} : { 'Set-Cookie': intent === 'clear' ? clearBasketCookie(request) : setBasketCookie(request, key) },
    get: async (): Promise<ShownCart> => (await api.basket.get(key)).data ?? NO_BASKET,
    update: (itemId: string, count: number) => api.basket.update(key, itemId, count),
    remove: (itemId: string) => api.basket.remove(key, itemId),
    clear: () => api.basket.clear(key),
  };
}

const cartWording: ErrorTextOverrides = { OUT_OF_STOCK: cartText.errors.notEnoughStock };

/** A failed cart change (quantity, remove, clear, coupon) as a message a shopper can act on. */
export function cartErrorText(error: unknown): string {
  const e = cartText.errors;
  if (!(error instanceof ApiError)) return e.failed;
  if (error.status === 429) return e.tooManyRequests;
  if (error.status === 403) return e.customersOnly;
  if (error.status >= 500) return e.failed;
  return errorText(error.code, { phoneCountry: '' }, cartWording) ?? e.failed;
}
