import { Package, Plus, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, redirect, useFetcher, useLocation, useNavigation } from 'react-router';
import { toast } from 'sonner';
import { pageSizes } from '../../../contract/constants';
import { AdminProductCard } from '../../components/admin-product-card';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { ConfirmDialog, DialogCancel } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { Pagination, pageFrom, pageHref } from '../../components/pagination';
import { SubmitButton } from '../../components/submit-button';
import { ap } from '../../i18n/admin-products';
import { type ApiClient, ApiError } from '../../lib/api';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { formatNumber } from '../../lib/format';
import { answerDelete, urlWithoutDialog } from '../../lib/list-action.server';
import { pageMeta } from '../../lib/meta';
import { plural } from '../../lib/plural';
import { useFetcherSettled } from '../../lib/use-fetcher-settled';
import { useHydrated } from '../../lib/use-form-errors';
import { usePageHref } from '../../lib/use-page-href';
import { useUrlDialog } from '../../lib/use-url-dialog';
import type { Route } from './+types/products';

const PATH = '/admin/allproducts';
const DELETE_PARAM = 'delete';
const KEYWORD_MAX = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const url = new URL(request.url);
  const page = pageFrom(url);
  const keyword = keywordFrom(url);
  const products = await apiFor(request, context).products.list({
    page,
    limit: pageSizes.adminProducts,
    keyword,
    // Staff look for what they added: newest first, a search included (the shop ranks by relevance).
    sort: '-createdAt',
  });
  // Past the last page (an old link, or the last product of the last page just deleted): the page before.
  const lastPage = Math.max(1, products.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return { shop: context.shop, products, keyword };
}

/** The search word in the URL (the API searches names and descriptions), within the API's length. */
function keywordFrom(url: URL): string {
  return (url.searchParams.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX);
}

type DeleteResult = { ok: true } | { ok: false; message: string };

async function deleteProduct(api: ApiClient, id: string): Promise<DeleteResult> {
  if (!id) return { ok: false, message: ap.productGone };
  try {
    await api.products.remove(id);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const gone = error.status === 404 || error.status === 400;
    return { ok: false, message: gone ? ap.productGone : ap.deleteFailed };
  }
}

/** Deleting a product (adding and editing have their own pages). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const form = await request.formData();
  const result = await deleteProduct(apiFor(request, context), String(form.get('id') ?? ''));
  // With JavaScript the list revalidates in place (docs/decisions/0007-revalidate-instead-of-reload.md) and the page shows the toast.
  return answerDelete(request, form, result, urlWithoutDialog(request, DELETE_PARAM), ap.deleted);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData?.products.paginationResult.currentPage ?? 1;
  return pageMeta({
    shop: loaderData?.shop,
    title: page > 1 ? ap.withPage(ap.listTitle, formatNumber(page)) : ap.listTitle,
    description: ap.listDescription,
    path: page > 1 ? `${PATH}?page=${page}` : PATH,
    noindex: true,
  });
}

/** The list's URL with `delete` set (the dialog open) or taken off, keeping the page. */
function withDelete(location: { pathname: string; search: string }, id: string | null) {
  const params = new URLSearchParams(location.search);
  if (id) params.set(DELETE_PARAM, id);
  else params.delete(DELETE_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { shop, products, keyword } = loaderData;
  const location = useLocation();
  const dialog = useUrlDialog(DELETE_PARAM);
  const deleter = useFetcher<DeleteResult>();
  const hydrated = useHydrated();
  const busy = useLoadingHere();
  const hrefFor = usePageHref();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleting = products.data.find((product) => product.id === dialog.openFor);
  const listUrl = withDelete(location, null);

  const [focusHeading, setFocusHeading] = useState(false);
  const dialogOpen = deleting !== undefined;
  const navigationIdle = useNavigation().state === 'idle';

  useFetcherSettled(deleter, (result) => {
    dialog.close();
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success(ap.deleted);
    setFocusHeading(true);
  });

  // The card and its delete button are gone, so the heading takes the focus once the dialog has
  // closed and the list shows where the product was: after Radix gives focus back to the button (on
  // a timer), and after the move to the page before when the deleted product was the last of its page.
  useEffect(() => {
    if (dialogOpen || !focusHeading || !navigationIdle) return;
    const timer = setTimeout(() => {
      headingRef.current?.focus();
      setFocusHeading(false);
    }, 0);
    return () => clearTimeout(timer);
  }, [dialogOpen, focusHeading, navigationIdle]);

  return (
    <>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
            {ap.listTitle}
          </h1>
          <p className="text-slate-700">
            {keyword ? plural(products.results, ap.matchCount) : plural(products.results, ap.productCount)}
          </p>
        </div>
        <Link
          to="/admin/addproducts"
          className="flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-600"
        >
          <Plus aria-hidden="true" className="size-5" />
          {ap.addProduct}
        </Link>
      </div>

      <Form method="get" role="search" aria-label={ap.search} className="mb-5 flex max-w-xl gap-2">
        <label htmlFor="admin-product-search" className="sr-only">
          {ap.search}
        </label>
        <input
          id="admin-product-search"
          type="search"
          name="keyword"
          defaultValue={keyword}
          placeholder={ap.search}
          maxLength={KEYWORD_MAX}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 placeholder:text-slate-500"
        />
        <button
          type="submit"
          className="flex items-center gap-1.5 rounded-lg px-4 py-2.5 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"
        >
          <Search aria-hidden="true" className="size-5" />
          {ap.searchButton}
        </button>
      </Form>

      {products.data.length === 0 && keyword ? (
        <EmptyState Icon={Search} title={ap.noMatches(keyword)} hint={ap.noMatchesHint}>
          <Link to={PATH} className="font-bold text-brand-700 hover:underline">
            {ap.showAll}
          </Link>
        </EmptyState>
      ) : products.data.length === 0 ? (
        <EmptyState Icon={Package} title={ap.noProducts} hint={ap.noProductsHint}>
          <Link
            to="/admin/addproducts"
            className="rounded-lg bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-600"
          >
            {ap.addProduct}
          </Link>
        </EmptyState>
      ) : (
        <BusyRegion busy={busy}>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {products.data.map((product) => (
              <li key={product.id}>
                <AdminProductCard
                  product={product}
                  currency={shop.currency}
                  onDelete={() => dialog.open(product.id)}
                  deleteHref={withDelete(location, product.id)}
                />
              </li>
            ))}
          </ul>
          <Pagination
            currentPage={products.paginationResult.currentPage}
            numberOfPages={products.paginationResult.numberOfPages}
            hrefFor={hrefFor}
            label={ap.pager}
          />
        </BusyRegion>
      )}

      <ConfirmDialog
        open={dialogOpen}
        onOpenChange={(open) => !open && dialog.close()}
        title={ap.deleteTitle}
        description={deleting ? ap.deleteQuestion(deleting.title) : ''}
      >
        <deleter.Form method="post" action={listUrl} className="flex flex-wrap justify-end gap-3">
          <input type="hidden" name="id" value={deleting?.id ?? ''} />
          {hydrated && <input type="hidden" name="js" value="1" />}
          <DialogCancel to={listUrl} alert>
            {ap.cancel}
          </DialogCancel>
          <SubmitButton pending={hydrated ? deleter.state !== 'idle' : undefined} tone="danger" className="px-5">
            {ap.confirmDelete}
          </SubmitButton>
        </deleter.Form>
      </ConfirmDialog>
    </>
  );
}
