import { data } from 'react-router';
import { isStorePageSlug } from '../../contract/shop-pages';
import { PageText } from '../components/page-text';
import { ApiError } from '../lib/api';
import { apiFor } from '../lib/context.server';
import { pageMeta } from '../lib/meta';
import { publicPageHeaders } from '../lib/public-page';
import { excerpt } from '../lib/seo';
import type { Route } from './+types/store-page';

// The same for every guest (docs/caching.md).
export const headers = publicPageHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Only the store's own pages (docs/store-pages.md): any other name is a missing page.
  if (!isStorePageSlug(params.slug)) throw data(null, { status: 404 });
  const page = await apiFor(request, context)
    .pages.get(params.slug)
    .then(
      (r) => r.data,
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
        throw error;
      },
    );
  return { shop: context.shop, page };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [];
  const { page, shop } = loaded;
  return pageMeta({ shop, title: page.title, description: excerpt(page.text), path: `/pages/${page.slug}` });
}

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 className="mb-5 text-2xl font-bold">{page.title}</h1>
      <PageText html={page.html} />
    </article>
  );
}
