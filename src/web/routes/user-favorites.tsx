import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { ProductGrid } from '../components/product-card';
import { at } from '../i18n/account';
import { requireUser } from '../lib/auth.server';
import { apiFor } from '../lib/context.server';
import { pageMeta } from '../lib/meta';
import { plural } from '../lib/plural';
import { toCard } from '../lib/product-cards';
import type { Route } from './+types/user-favorites';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'user');
  const wishlist = await apiFor(request, context).wishlist.list();
  return { shop: context.shop, products: wishlist.data.map(toCard) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: at.favoritesTitle,
    description: at.favoritesDescription,
    path: '/user/favorite',
    noindex: true,
  });
}

export default function UserFavorites({ loaderData }: Route.ComponentProps) {
  const { shop, products } = loaderData;
  return (
    <>
      <div className="mb-5 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold">{at.favoritesTitle}</h1>
        {products.length > 0 && <p className="text-slate-600">{plural(products.length, at.favoriteCount)}</p>}
      </div>
      {products.length === 0 ? (
        <EmptyState Icon={Heart} title={at.noFavorites} hint={at.noFavoritesHint}>
          <Link to="/products" className="rounded-lg bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-600">
            {at.browseProducts}
          </Link>
        </EmptyState>
      ) : (
        <>
          {/* Product cards title themselves with h3. */}
          <h2 className="sr-only">{at.favoriteProducts}</h2>
          {/* Removing a heart here takes the product off this page when the data revalidates. */}
          <ProductGrid products={products} currency={shop.currency} eagerCount={2} />
        </>
      )}
    </>
  );
}
