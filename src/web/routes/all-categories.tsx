import { pageSizes } from '../../contract/constants';
import { NamedListPage } from '../components/named-grid';
import { t } from '../i18n/ar';
import { c } from '../i18n/catalog';
import { apiFor } from '../lib/context.server';
import { readPage } from '../lib/listing.server';
import { pageMeta } from '../lib/meta';
import { listOfTiles } from '../lib/named-tiles';
import { publicPageHeaders } from '../lib/public-page';
import type { Route } from './+types/all-categories';

// The same for every guest (docs/caching.md).
export const headers = publicPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = readPage(new URL(request.url).searchParams);
  const categories = await apiFor(request, context).categories.list({ limit: pageSizes.categories, page });
  return { shop: context.shop, categories: listOfTiles(categories) };
}

export function meta({ data }: Route.MetaArgs) {
  const page = data?.categories.paginationResult.currentPage ?? 1;
  return pageMeta({
    shop: data?.shop,
    title: c.withPage(c.allCategoriesTitle, page),
    description: c.allCategoriesDescription,
    path: page > 1 ? `/allcategory?page=${page}` : '/allcategory',
  });
}

export default function AllCategories({ loaderData }: Route.ComponentProps) {
  return (
    <NamedListPage
      title={c.allCategoriesTitle}
      pagerLabel={c.categoriesPager}
      list={loaderData.categories}
      hrefFor={(category) => `/products/allCategory/${category.id}`}
      emptyText={t.noCategories}
      colored
    />
  );
}
