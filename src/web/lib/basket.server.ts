import type { AppLoadContext } from 'react-router';
import { BASKET_TTL_MS } from '../../contract/constants.js';
import { BASKET_KEY_PATTERN } from '../../contract/shopping.js';
import { BASKET_COOKIE } from '../../contract/web.js';
import { cartText } from '../i18n/cart.js';
import { createApiClient } from './api.js';
import { plural } from './plural.js';
import { readCookie, serializeCookie } from './session.server.js';
import type { FlashToast } from './toast.js';

/*
 * A guest's basket (docs/decisions/0021-guest-basket.md): the API keeps it, this httpOnly cookie
 * holds its key (client JavaScript never sees it), as long as the basket lives untouched.
 */

/** The key of the visitor's basket; a cookie that is not a key counts as none. */
export function readBasketKey(request: Request): string | undefined {
  const key = readCookie(request, BASKET_COOKIE);
  return key !== undefined && BASKET_KEY_PATTERN.test(key) ? key : undefined;
}

export const setBasketCookie = (request: Request, key: string) =>
  serializeCookie(request, BASKET_COOKIE, key, BASKET_TTL_MS / 1000);

export const clearBasketCookie = (request: Request) => serializeCookie(request, BASKET_COOKIE, '', 0);

/**
 * Right after sign-in or sign-up (`token` is the new session's): the guest basket goes into the
 * customer's cart and its cookie is cleared. Returns the cookies to set and, when lines did not
 * come over whole, what the customer is told. A failed merge leaves the basket for the next sign-in
 * and does not stop this one.
 */
export async function mergeGuestBasket(
  request: Request,
  context: AppLoadContext,
  token: string,
): Promise<{ cookies: string[]; notice: Omit<FlashToast, 'id'> | null }> {
  const key = readBasketKey(request);
  if (!key) return { cookies: [], notice: null };
  try {
    const { dropped, capped } = await createApiClient(context.apiTransport, token).cart.merge(key);
    const told = [
      ...(dropped.length > 0 ? [cartText.mergeDropped(plural(dropped.length, cartText.itemsCount))] : []),
      ...(capped.length > 0 ? [cartText.mergeCapped(plural(capped.length, cartText.itemsCount))] : []),
    ];
    return {
      cookies: [clearBasketCookie(request)],
      notice: told.length > 0 ? { type: 'info', text: told.join('، و') } : null,
    };
  } catch {
    return { cookies: [], notice: null };
  }
}
