import { Download, LayoutGrid, Package, Plus, Search, Table2, Upload } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, useFetcher, useLocation, useNavigation } from 'react-router';
import { ADMIN_PRODUCT_PAGE_SIZES, MAX_LIST_LIMIT } from '../../../contract/constants';
import type { ProductBulkBody } from '../../../contract/types';
import { productCsvPaths } from '../../components/admin-pages';
import { AdminProductCard } from '../../components/admin-product-card';
import { AdminProductTable, BULK_FORM_ID } from '../../components/admin-product-table';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { ConfirmDialog, DialogCancel } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { SubmitButton } from '../../components/submit-button';
import { pi } from '../../i18n/admin-product-import';
import { ap } from '../../i18n/admin-products';
import {
  ADMIN_PRODUCT_SORTS,
  type AdminProductFilters,
  adminProductFilters,
  adminProductQuery,
  isFiltered,
} from '../../lib/admin-products-query';
import { type ApiClient, ApiError } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { formatNumber } from '../../lib/format';
import { answerDelete, urlWithoutDialog } from '../../lib/list-action.server';
import { pageMeta } from '../../lib/meta';
import { pageFrom, pageHref, usePageHref } from '../../lib/page-href';
import { listCount, plural } from '../../lib/plural';
import { redirectWithToast } from '../../lib/toast.server';
import { toast } from '../../lib/toasts';
import { useFetcherSettled } from '../../lib/use-fetcher-settled';
import { useHydrated } from '../../lib/use-hydrated';
import { useUrlDialog } from '../../lib/use-url-dialog';
import type { Route } from './+types/products';

const PATH = '/admin/allproducts';
const secondaryAction =
  'flex items-center gap-1.5 rounded-lg px-3 py-2.5 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50';
const DELETE_PARAM = 'delete';
const KEYWORD_MAX = 200;
const BULK_ACTIONS = ['publish', 'draft', 'move', 'delete'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const url = new URL(request.url);
  const page = pageFrom(url);
  const filters = adminProductFilters(url);
  const api = apiFor(request, context);
  // Staff look for what they added: newest first by default, a search included (the shop ranks by relevance).
  const [products, categories, brands, settings] = await Promise.all([
    api.products.list(adminProductQuery(filters, page)),
    api.categories.list({ limit: MAX_LIST_LIMIT }),
    api.brands.list({ limit: MAX_LIST_LIMIT }),
    api.settings.getForStaff(),
  ]);
  // Past the last page (an old link, or the last product of the last page just deleted): the page before.
  const lastPage = Math.max(1, products.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return {
    shop: context.shop,
    products,
    filters,
    categories: categories.data.map(({ id, name }) => ({ id, name })),
    brands: brands.data.map(({ id, name }) => ({ id, name })),
    lowStockThreshold: settings.data.lowStockThreshold,
  };
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

/**
 * A bulk action on the ticked rows (docs/catalogue.md § Bulk actions). A delete first answers with
 * the question (the page opens its dialog, JavaScript or not); the dialog's form says it is confirmed.
 */
async function bulkAction(request: Request, api: ApiClient, form: FormData, phoneCountry: string) {
  const back = urlWithoutDialog(request, DELETE_PARAM);
  const ids = form.getAll('ids').map(String).filter(Boolean);
  const action = BULK_ACTIONS.find((a) => a === form.get('bulkAction'));
  const categoryId = String(form.get('categoryId') ?? '');
  const refuse = (text: string) => redirectWithToast(request, back, { type: 'error', text });
  if (ids.length === 0) return refuse(ap.bulk.noneSelected);
  if (!action) return refuse(ap.bulk.actionInvalid);
  if (action === 'move' && !categoryId) return refuse(ap.bulk.chooseCategory);
  if (action === 'delete' && form.get('confirmed') !== '1') return data({ confirmDelete: ids });
  const body: ProductBulkBody = { ids, action, ...(action === 'move' ? { categoryId } : {}) };
  try {
    const { updated } = (await api.products.bulk(body)).data;
    const count = plural(updated, ap.bulk.products);
    return redirectWithToast(request, back, {
      type: 'success',
      text: action === 'delete' ? ap.bulk.deleted(count) : ap.bulk.done(count),
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refuse(errorText(error.code, { phoneCountry }) ?? ap.bulk.failed);
  }
}

/** Deleting a product (adding and editing have their own pages), or a bulk action on several. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'staff');
  const form = await request.formData();
  if (form.get('intent') === 'bulk') {
    return bulkAction(request, apiFor(request, context), form, context.shop.phoneCountry);
  }
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

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, products, filters, categories, brands, lowStockThreshold } = loaderData;
  const { keyword } = filters;
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
  // A bulk delete's question, until its dialog is closed.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const confirmIds =
    actionData && 'confirmDelete' in actionData && dismissed !== actionData ? actionData.confirmDelete : null;
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
            {keyword
              ? listCount(products, ap.matchCount, ap.matchesAtLeast)
              : listCount(products, ap.productCount, ap.productsAtLeast)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* A plain link: a download, not a page of the router. */}
          <a href={productCsvPaths.export} download title={pi.exportHint} className={secondaryAction}>
            <Download aria-hidden="true" className="size-5" />
            {pi.exportCsv}
          </a>
          <Link to={productCsvPaths.import} className={secondaryAction}>
            <Upload aria-hidden="true" className="size-5" />
            {pi.importCsv}
          </Link>
          <Link
            to="/admin/addproducts"
            className="flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-600"
          >
            <Plus aria-hidden="true" className="size-5" />
            {ap.addProduct}
          </Link>
        </div>
      </div>

      <ProductFilters filters={filters} categories={categories} brands={brands} />

      {products.data.length === 0 && isFiltered(filters) ? (
        <EmptyState
          Icon={Search}
          title={keyword ? ap.noMatches(keyword) : ap.table.noneFiltered}
          hint={ap.noMatchesHint}
        >
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
          <ViewToggle view={filters.view} />
          {filters.view === 'cards' ? (
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
          ) : (
            <>
              <BulkBar categories={categories} action={listUrl} />
              <AdminProductTable
                products={products.data}
                currency={shop.currency}
                lowStockThreshold={lowStockThreshold}
                // Ticks are cleared when the rows change (a bulk action done), kept when a question is cancelled.
                key={products.data.map((product) => `${product.id}@${product.updatedAt}`).join()}
                onDelete={(id) => dialog.open(id)}
                deleteHref={(id) => withDelete(location, id)}
              />
            </>
          )}
          <Pagination
            currentPage={products.paginationResult.currentPage}
            numberOfPages={products.paginationResult.numberOfPages}
            hrefFor={hrefFor}
            label={ap.pager}
          />
        </BusyRegion>
      )}

      <ConfirmDialog
        open={confirmIds !== null}
        onOpenChange={(open) => !open && setDismissed(actionData)}
        title={ap.bulk.deleteTitle}
        description={ap.bulk.deleteQuestion(plural(confirmIds?.length ?? 0, ap.bulk.products))}
      >
        <Form method="post" action={listUrl} className="flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value="bulk" />
          <input type="hidden" name="bulkAction" value="delete" />
          <input type="hidden" name="confirmed" value="1" />
          {confirmIds?.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <DialogCancel to={listUrl} alert>
            {ap.cancel}
          </DialogCancel>
          <SubmitButton tone="danger" className="px-5">
            {ap.confirmDelete}
          </SubmitButton>
        </Form>
      </ConfirmDialog>

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

type Named = { id: string; name: string };

/** A small labelled select of the filter and bulk bars (the label names it alone, not its options). */
function CompactSelect({
  name,
  label,
  defaultValue,
  children,
}: {
  name: string;
  label: string;
  defaultValue: string;
  children: ReactNode;
}) {
  const id = `products-${name}`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-bold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="rounded-lg border border-slate-300 bg-white px-2 py-2"
      >
        {children}
      </select>
    </div>
  );
}

/** The table's filters, sort and page size: a GET form, so every choice is in the URL (no JavaScript needed). */
function ProductFilters({
  filters,
  categories,
  brands,
}: {
  filters: AdminProductFilters;
  categories: Named[];
  brands: Named[];
}) {
  const t = ap.table;
  const select = (name: string, label: string, value: string, options: [string, string][]) => (
    <CompactSelect name={name} label={label} defaultValue={value}>
      {options.map(([optionValue, text]) => (
        <option key={optionValue} value={optionValue}>
          {text}
        </option>
      ))}
    </CompactSelect>
  );
  const any: [string, string] = ['', t.any];
  return (
    <Form method="get" role="search" aria-label={t.filters} className="mb-5 space-y-3">
      <div className="flex max-w-xl gap-2">
        <label htmlFor="admin-product-search" className="sr-only">
          {ap.search}
        </label>
        <input
          id="admin-product-search"
          type="search"
          name="keyword"
          defaultValue={filters.keyword}
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
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {select('category', t.category, filters.category, [
          any,
          ...categories.map((c): [string, string] => [c.id, c.name]),
        ])}
        {select('brand', t.brand, filters.brand, [any, ...brands.map((b): [string, string] => [b.id, b.name])])}
        {select('status', t.status, filters.status, Object.entries(t.statuses))}
        {select('stock', t.stock, filters.stock, Object.entries(t.stocks))}
        {select(
          'sort',
          t.sort,
          filters.sort,
          ADMIN_PRODUCT_SORTS.map((sort) => [sort, t.sorts[sort]]),
        )}
        {select(
          'limit',
          t.pageSize,
          String(filters.limit),
          ADMIN_PRODUCT_PAGE_SIZES.map((size) => [String(size), formatNumber(size)]),
        )}
      </div>
      {filters.view === 'cards' && <input type="hidden" name="view" value="cards" />}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-600">
          {t.apply}
        </button>
        <Link to={PATH} className="font-bold text-brand-700 hover:underline">
          {t.reset}
        </Link>
      </div>
    </Form>
  );
}

/** Table or cards: a link each, keeping the filters. */
function ViewToggle({ view }: { view: AdminProductFilters['view'] }) {
  const location = useLocation();
  const hrefOf = (next: AdminProductFilters['view']) => {
    const params = new URLSearchParams(location.search);
    if (next === 'cards') params.set('view', 'cards');
    else params.delete('view');
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  const linkClass = (current: boolean) =>
    `inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-bold ring-1 ${
      current ? 'bg-brand-700 text-white ring-brand-700' : 'text-slate-800 ring-slate-300 hover:bg-slate-100'
    }`;
  return (
    <nav aria-label={ap.table.viewLabel} className="mb-3 flex justify-end gap-2">
      <Link
        to={hrefOf('table')}
        aria-current={view === 'table' ? 'page' : undefined}
        className={linkClass(view === 'table')}
      >
        <Table2 aria-hidden="true" className="size-4" />
        {ap.table.viewTable}
      </Link>
      <Link
        to={hrefOf('cards')}
        aria-current={view === 'cards' ? 'page' : undefined}
        className={linkClass(view === 'cards')}
      >
        <LayoutGrid aria-hidden="true" className="size-4" />
        {ap.table.viewCards}
      </Link>
    </nav>
  );
}

/** What to do with the ticked rows (their checkboxes belong to this form by its id). */
function BulkBar({ categories, action }: { categories: Named[]; action: string }) {
  const b = ap.bulk;
  return (
    <Form
      method="post"
      action={action}
      id={BULK_FORM_ID}
      aria-label={b.action}
      className="mb-3 flex flex-wrap items-end gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <input type="hidden" name="intent" value="bulk" />
      <CompactSelect name="bulkAction" label={b.action} defaultValue="publish">
        <option value="publish">{b.publish}</option>
        <option value="draft">{b.draft}</option>
        <option value="move">{b.move}</option>
        <option value="delete">{b.delete}</option>
      </CompactSelect>
      <CompactSelect name="categoryId" label={b.moveTo} defaultValue="">
        <option value="">{ap.chooseCategory}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </CompactSelect>
      <SubmitButton className="px-4">{b.apply}</SubmitButton>
    </Form>
  );
}
