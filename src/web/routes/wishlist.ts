import { data, redirect } from 'react-router';
import { type FavoriteProblem, favoritesText } from '../i18n/favorites';
import { ApiError } from '../lib/api';
import { apiFor } from '../lib/context.server';
import type { FavoriteIntent } from '../lib/favorites';
import { safeRedirect, withRedirectTo } from '../lib/redirect';
import { readSessionToken } from '../lib/session.server';
import { redirectWithToast } from '../lib/toast.server';
import type { Route } from './+types/wishlist';

export type FavoriteResult = { ok: true; intent: FavoriteIntent } | { ok: false; problem: FavoriteProblem };

/** Nothing to show here: the favourites are a page of the account area. */
export function loader() {
  return redirect('/user/favorite');
}

function problemOf(error: unknown): FavoriteProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 401) return 'loginRequired';
  if (error.status === 403) return 'customersOnly';
  if (error.status === 429) return 'tooManyRequests';
  if (error.code === 'PRODUCT_NOT_FOUND') return 'productGone';
  return 'failed';
}

/**
 * The hearts of the product cards post here (intent add or remove). With JavaScript a fetcher reads
 * the outcome; a plain form post (before JavaScript loads) goes back to its page with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get('redirectTo'));
  const viaFetcher = form.get('js') === '1';
  const intent = form.get('intent');
  const productId = form.get('productId');
  const answer = (result: FavoriteResult, status = 200) => {
    if (viaFetcher) return data(result, { status });
    if (!result.ok && result.problem === 'loginRequired') {
      return redirectWithToast(request, withRedirectTo('/login', back), {
        type: 'error',
        text: favoritesText.loginFirst,
      });
    }
    const text = result.ok
      ? result.intent === 'add'
        ? favoritesText.favoriteAdded
        : favoritesText.favoriteRemoved
      : favoritesText.favoriteErrors[result.problem];
    return redirectWithToast(request, back, { type: result.ok ? 'success' : 'error', text });
  };

  // docs/specification.md (Validation rules: Cart): a favourite needs a signed-in customer.
  if (!readSessionToken(request)) return answer({ ok: false, problem: 'loginRequired' }, 401);
  if ((intent !== 'add' && intent !== 'remove') || typeof productId !== 'string' || productId === '') {
    return answer({ ok: false, problem: 'failed' }, 400);
  }
  const api = apiFor(request, context);
  try {
    if (intent === 'add') await api.wishlist.add(productId);
    else await api.wishlist.remove(productId);
    return answer({ ok: true, intent });
  } catch (error) {
    return answer({ ok: false, problem: problemOf(error) }, error instanceof ApiError ? error.status : 500);
  }
}
