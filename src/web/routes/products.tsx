import { Link } from 'react-router';
import { MAX_LIST_LIMIT } from '../../contract/constants';
import { BusyRegion, useLoadingHere } from '../components/busy-region';
import { CategoryStrip } from '../components/category-strip';
import { FilterPanel, namedChoices, SortSelect, useListingForm } from '../components/listing-filters';
import { NoMatchHelp, type NoMatchLinks } from '../components/no-match';
import { Pagination } from '../components/pagination';
import { ProductGrid } from '../components/product-card';
import { c } from '../i18n/catalog';
import { apiFor } from '../lib/context.server';
import { listingPath, productQuery, readListing } from '../lib/listing.server';
import { pageMeta } from '../lib/meta';
import { usePageHref } from '../lib/page-href';
import { listCount } from '../lib/plural';
import { listOfCards } from '../lib/product-cards';
import { publicPageHeaders } from '../lib/public-page';
import type { Route } from './+types/products';

/** Categories named in the header strip; the rest are behind 'more'. */
const STRIP_CATEGORIES = 8;

// The same for every guest (docs/caching.md).
export const headers = publicPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const listing = readListing(new URL(request.url).searchParams);
  const api = apiFor(request, context);
  // The filter panel lists every category and brand (the API's largest page).
  const [products, categories, brands] = await Promise.all([
    api.products.list(productQuery(listing)),
    api.categories.list({ limit: MAX_LIST_LIMIT }),
    api.brands.list({ limit: MAX_LIST_LIMIT }),
  ]);
  // A search that found nothing links its respelling and its nearest keyword, with the same filters.
  const searchPath = (keyword: string | undefined) => (keyword ? listingPath({ ...listing, keyword, page: 1 }) : null);
  const noMatchLinks: NoMatchLinks = {
    didYouMean: searchPath(products.noMatch?.didYouMean ?? undefined),
    nearest: searchPath(products.noMatch?.nearest?.keyword),
  };
  return {
    shop: context.shop,
    listing,
    canonicalPath: listingPath(listing),
    products: listOfCards(products),
    noMatchLinks,
    categories: namedChoices(categories.data),
    brands: namedChoices(brands.data),
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const { keyword, page } = data.listing;
  return pageMeta({
    shop: data.shop,
    title: c.withPage(keyword ? c.searchTitle(keyword) : c.allProductsTitle, page),
    description: keyword ? c.searchDescription(keyword) : c.allProductsDescription,
    path: data.canonicalPath,
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { shop, listing, products, noMatchLinks, categories, brands } = loaderData;
  const form = useListingForm(listing);
  const busy = useLoadingHere();
  const pageHrefFor = usePageHref();
  const { currentPage, numberOfPages } = products.paginationResult;
  const pastLastPage = products.data.length === 0 && products.results > 0;
  const unfiltered =
    !listing.keyword &&
    listing.categories.length === 0 &&
    listing.brands.length === 0 &&
    listing.minPrice === undefined &&
    listing.maxPrice === undefined;
  return (
    <>
      <CategoryStrip categories={categories.slice(0, STRIP_CATEGORIES)} allActive={unfiltered} />
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold" aria-live="polite">
            {listCount(products, c.results, c.resultsAtLeast)}
          </h1>
          {listing.keyword && (
            <p className="mt-1 text-slate-600">
              {c.searchedFor} «<bdi>{listing.keyword}</bdi>»
            </p>
          )}
        </div>
        <SortSelect listing={listing} form={form} />
      </div>
      <div className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)]">
        <FilterPanel listing={listing} categories={categories} brands={brands} form={form} />
        <BusyRegion busy={busy}>
          {/* Product cards title themselves with h3. */}
          <h2 className="sr-only">{c.productsHeading}</h2>
          {products.noMatch ? (
            <NoMatchHelp help={products.noMatch} links={noMatchLinks} currency={shop.currency} />
          ) : (
            <ProductGrid
              products={products.data}
              currency={shop.currency}
              eagerCount={2}
              highlight={listing.keyword || undefined}
            />
          )}
          {pastLastPage && (
            <p className="text-center">
              <Link to={pageHrefFor(1)} className="font-bold text-brand-700 hover:underline">
                {c.firstPage}
              </Link>
            </p>
          )}
          <Pagination
            currentPage={currentPage}
            numberOfPages={numberOfPages}
            hrefFor={pageHrefFor}
            label={c.productsPager}
          />
        </BusyRegion>
      </div>
    </>
  );
}
