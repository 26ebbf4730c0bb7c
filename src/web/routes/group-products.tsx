import { ChevronLeft } from 'lucide-react';
import { data, Link } from 'react-router';
import { idSchema } from '../../contract/common';
import { pageSizes } from '../../contract/constants';
import { BusyRegion, useLoadingHere } from '../components/busy-region';
import { Pagination } from '../components/pagination';
import { ProductGrid } from '../components/product-card';
import { t } from '../i18n/ar';
import { c } from '../i18n/catalog';
import { ApiError } from '../lib/api';
import { apiFor } from '../lib/context.server';
import { readPage } from '../lib/listing.server';
import { pageMeta } from '../lib/meta';
import { usePageHref } from '../lib/page-href';
import { listCount } from '../lib/plural';
import { listOfCards } from '../lib/product-cards';
import { publicPageHeaders } from '../lib/public-page';
import type { Route } from './+types/group-products';

/*
 * One screen for /products/allCategory/:id and /products/allBrand/:id: the products of one
 * category or brand, under its name.
 */

type GroupKind = 'category' | 'brand';

const notFound = () => data(null, { status: 404 });

// The same for every guest (docs/caching.md).
export const headers = publicPageHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Route paths match case-insensitively, so the check does too.
  const kind: GroupKind = /\/allbrand\//i.test(url.pathname) ? 'brand' : 'category';
  if (!idSchema.safeParse(params.id).success) throw notFound();
  const api = apiFor(request, context);
  const page = readPage(url.searchParams);
  try {
    const [group, products] = await Promise.all([
      kind === 'brand' ? api.brands.get(params.id) : api.categories.get(params.id),
      api.products.list({ limit: pageSizes.productsByCategoryOrBrand, page, [kind]: params.id }),
    ]);
    return { shop: context.shop, kind, group: group.data, products: listOfCards(products) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

const pathOf = (kind: GroupKind, id: string) =>
  kind === 'brand' ? `/products/allBrand/${id}` : `/products/allCategory/${id}`;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const { shop, kind, group, products } = data;
  const page = products.paginationResult.currentPage;
  const path = pathOf(kind, group.id);
  return pageMeta({
    shop,
    title: c.withPage(group.name, page),
    description: kind === 'brand' ? c.brandDescription(group.name) : c.categoryDescription(group.name),
    path: page > 1 ? `${path}?page=${page}` : path,
  });
}

export default function GroupProducts({ loaderData }: Route.ComponentProps) {
  const { shop, kind, group, products } = loaderData;
  const busy = useLoadingHere();
  const pageHrefFor = usePageHref();
  const parent =
    kind === 'brand' ? { href: '/allbrands', label: t.brands } : { href: '/allcategory', label: t.categories };
  return (
    <>
      <nav aria-label={c.breadcrumb} className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          {[{ href: '/', label: t.home }, parent].map((crumb) => (
            <li key={crumb.href} className="flex items-center gap-1">
              <Link to={crumb.href} className="hover:text-brand-700 hover:underline">
                {crumb.label}
              </Link>
              <ChevronLeft aria-hidden="true" className="size-4 ltr:-scale-x-100" />
            </li>
          ))}
          <li aria-current="page" className="font-bold text-slate-900">
            {group.name}
          </li>
        </ol>
      </nav>
      <div className="mb-6 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold">{group.name}</h1>
        {products.results > 0 && (
          <p className="text-slate-600">{listCount(products, c.productCount, c.productsAtLeast)}</p>
        )}
      </div>
      <BusyRegion busy={busy}>
        {/* Product cards title themselves with h3. */}
        <h2 className="sr-only">{c.productsHeading}</h2>
        <ProductGrid products={products.data} currency={shop.currency} eagerCount={2} />
        <Pagination
          currentPage={products.paginationResult.currentPage}
          numberOfPages={products.paginationResult.numberOfPages}
          hrefFor={pageHrefFor}
          label={c.productsPager}
        />
      </BusyRegion>
    </>
  );
}
