import { pageSizes } from '../../contract/constants';
import { NamedListPage } from '../components/named-grid';
import { t } from '../i18n/ar';
import { c } from '../i18n/catalog';
import { apiFor } from '../lib/context.server';
import { readPage } from '../lib/listing.server';
import { pageMeta } from '../lib/meta';
import { listOfTiles } from '../lib/named-tiles';
import { publicPageHeaders } from '../lib/public-page';
import type { Route } from './+types/all-brands';

// The same for every guest (docs/caching.md).
export const headers = publicPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = readPage(new URL(request.url).searchParams);
  const brands = await apiFor(request, context).brands.list({ limit: pageSizes.brands, page });
  return { shop: context.shop, brands: listOfTiles(brands) };
}

export function meta({ data }: Route.MetaArgs) {
  const page = data?.brands.paginationResult.currentPage ?? 1;
  return pageMeta({
    shop: data?.shop,
    title: c.withPage(c.allBrandsTitle, page),
    description: c.allBrandsDescription,
    path: page > 1 ? `/allbrands?page=${page}` : '/allbrands',
  });
}

export default function AllBrands({ loaderData }: Route.ComponentProps) {
  return (
    <NamedListPage
      title={c.allBrandsTitle}
      pagerLabel={c.brandsPager}
      list={loaderData.brands}
      hrefFor={(brand) => `/products/allBrand/${brand.id}`}
      emptyText={t.noBrands}
    />
  );
}
