import { Heart } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFetcher, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import type { Product } from '../../contract/types';
import { favoritesText } from '../i18n/favorites';
import { shownAsFavorite } from '../lib/favorites';
import { withRedirectTo } from '../lib/redirect';
import { useFavoriteIds, useShownVisitor } from '../lib/shown-visitor';
import { toast } from '../lib/toasts';
import { useHydrated } from '../lib/use-hydrated';
import type { loader as rootLoader } from '../root';
import type { FavoriteResult } from '../routes/wishlist';

type FavoriteButtonProps = {
  product: Pick<Product, 'id' | 'title'>;
  /** `card`: a round heart in the picture's corner; `page`: the product page's heart with its words beside it. */
  placement?: 'card' | 'page';
};

/**
 * The heart on a product card and on the product page (docs/specification.md (States and transitions)): it flips at once and settles when the
 * data revalidates. Guests are told to sign in and nothing is sent; staff have no favourites, so no heart.
 */
export function FavoriteButton({ product, placement = 'card' }: FavoriteButtonProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { user } = useShownVisitor(root);
  // One fetcher per product, shared by every card of it on the page.
  const fetcher = useFetcher<FavoriteResult>({ key: `favorite:${product.id}` });
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const saved = useFavoriteIds(root).includes(product.id);
  const favorite = shownAsFavorite(saved, fetcher.formData?.get('intent'));

  // Tell the outcome once per click, as soon as the action answers: while the data revalidates the
  // card is still here, after it (on the favourites page) it may be gone. Not on remount either.
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state === 'submitting') {
      sent.current = true;
      return;
    }
    if (!sent.current || !fetcher.data) return;
    sent.current = false;
    const result = fetcher.data;
    const id = `favorite:${product.id}`;
    if (result.ok)
      toast.success(result.intent === 'add' ? favoritesText.favoriteAdded : favoritesText.favoriteRemoved, { id });
    else toast.error(favoritesText.favoriteErrors[result.problem], { id });
  }, [fetcher.state, fetcher.data, product.id]);

  if (user && user.role !== 'user') return null;
  return (
    <fetcher.Form
      method="post"
      action="/wishlist"
      className={placement === 'card' ? 'absolute end-2 top-2 z-10' : 'self-start'}
      // A kept page's style fills the visitor's hearts by this until React runs (lib/shown-visitor.ts).
      data-favorite={product.id}
    >
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="intent" value={favorite ? 'remove' : 'add'} />
      <input type="hidden" name="redirectTo" value={here} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <button
        type="submit"
        aria-pressed={favorite}
        // On the page the words beside the heart name it; on a card the heart alone needs a name.
        aria-label={placement === 'card' ? favoritesText.favoriteToggle(product.title) : undefined}
        title={
          placement === 'card'
            ? favorite
              ? favoritesText.removeFromFavorites
              : favoritesText.addToFavorites
            : undefined
        }
        onClick={(event) => {
          if (user) return;
          // docs/specification.md (States and transitions; Messages): without an account, say so and send nothing.
          event.preventDefault();
          toast.error(favoritesText.loginFirst, {
            id: 'login-first',
            action: { label: favoritesText.loginAction, onClick: () => navigate(withRedirectTo('/login', here)) },
          });
        }}
        className={
          placement === 'card'
            ? 'grid size-10 place-items-center rounded-full bg-white/90 shadow-sm ring-1 ring-slate-200 transition hover:bg-white hover:ring-red-300'
            : 'flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2 font-bold text-slate-800 transition hover:border-red-300 hover:bg-red-50'
        }
      >
        <Heart
          aria-hidden="true"
          className={`size-5 transition ${favorite ? 'fill-red-600 text-red-600' : 'text-slate-700'}`}
        />
        {placement === 'page' && (favorite ? favoritesText.removeFromFavorites : favoritesText.addToFavorites)}
      </button>
    </fetcher.Form>
  );
}
