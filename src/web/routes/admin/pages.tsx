import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '../../../contract/dates';
import { STORE_PAGE_SLUGS } from '../../../contract/shop-pages';
import { sp } from '../../i18n/store-pages';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/pages';

const PATH = '/admin/pages';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const api = apiFor(request, context);
  const pages = await Promise.all(STORE_PAGE_SLUGS.map((slug) => api.pages.get(slug).then((r) => r.data)));
  return { shop: context.shop, pages };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: sp.adminTitle,
    description: sp.adminDescription,
    path: PATH,
    noindex: true,
  });
}

/** The five store pages: each one's title, whether the owner changed it, and its editor (docs/store-pages.md). */
export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { pages, shop } = loaderData;
  return (
    <>
      <h1 className="mb-3 text-2xl font-bold">{sp.adminTitle}</h1>
      <p className="mb-5 text-slate-700">{sp.adminIntro}</p>
      <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {pages.map((page) => (
          <li key={page.slug} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="flex items-center gap-3">
              <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <div>
                <p className="font-bold">{page.title}</p>
                <p className="text-sm text-slate-600">
                  {page.updatedAt ? sp.editedAt(formatDate(page.updatedAt, shop.timeZone)) : sp.defaultText}
                </p>
              </div>
            </div>
            <div className="flex gap-4">
              <Link to={`/pages/${page.slug}`} className="font-bold text-brand-800 underline">
                {sp.view}
                <span className="sr-only"> {sp.pageNames[page.slug]}</span>
              </Link>
              <Link to={`${PATH}/${page.slug}`} className="font-bold text-brand-800 underline">
                {sp.edit}
                <span className="sr-only"> {sp.pageNames[page.slug]}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
