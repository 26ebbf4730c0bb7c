import { Search, UsersRound } from 'lucide-react';
import { Form, Link, redirect } from 'react-router';
import { CUSTOMER_KEYWORD_MAX, pageSizes } from '../../../contract/constants';
import { formatDate } from '../../../contract/dates';
import { isStaffRole } from '../../../contract/staff-roles';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { DenseHeading, DenseTable, denseCell } from '../../components/dense-table';
import { EmptyState } from '../../components/empty-state';
import { FormField } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { at } from '../../i18n/account';
import { customerText as t } from '../../i18n/admin-customers';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { formatNumber, formatPrice } from '../../lib/format';
import { showPhone } from '../../lib/format-phone';
import { pageMeta } from '../../lib/meta';
import { pageFrom, pageHref, usePageHref } from '../../lib/page-href';
import { plural } from '../../lib/plural';
import type { Route } from './+types/customers';

const PATH = '/admin/customers';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  const url = new URL(request.url);
  const page = pageFrom(url);
  // Longer than the API takes is cut here rather than refused: a search box has no other error.
  const keyword = (url.searchParams.get('keyword') ?? '').trim().slice(0, CUSTOMER_KEYWORD_MAX);
  const customers = await apiFor(request, context).users.customers({
    page,
    limit: pageSizes.adminCustomers,
    ...(keyword ? { keyword } : {}),
  });
  // A page past the last one (an old link) shows the last page.
  const lastPage = Math.max(1, customers.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return { shop: context.shop, customers, keyword };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData?.customers.paginationResult.currentPage ?? 1;
  return pageMeta({
    shop: loaderData?.shop,
    title: page > 1 ? at.withPage(t.listTitle, formatNumber(page)) : t.listTitle,
    description: t.listDescription,
    path: page > 1 ? `${PATH}?page=${page}` : PATH,
    noindex: true,
  });
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { shop, customers, keyword } = loaderData;
  const busy = useLoadingHere();
  const hrefFor = usePageHref();
  const c = t.table;
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold">{t.listTitle}</h1>
      <p className="mb-5 text-slate-700" aria-live="polite">
        {plural(customers.results, keyword ? t.matchCount : t.customerCount)}
      </p>
      <section
        aria-labelledby="customer-search-heading"
        className="mb-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      >
        <h2 id="customer-search-heading" className="sr-only">
          {t.search.region}
        </h2>
        {/* A plain GET form: the search is the URL, and a new search starts at page 1. */}
        <Form
          key={keyword}
          method="get"
          role="search"
          aria-label={t.search.region}
          className="flex flex-wrap items-end gap-3"
        >
          <FormField
            name="keyword"
            type="search"
            label={t.search.label}
            placeholder={t.search.placeholder}
            defaultValue={keyword}
            maxLength={CUSTOMER_KEYWORD_MAX}
            className="min-w-0 flex-1 basis-64"
          />
          <button
            type="submit"
            className="flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-600"
          >
            <Search aria-hidden="true" className="size-5" />
            {t.search.submit}
          </button>
          {keyword && (
            <Link to={PATH} className="rounded-lg px-3 py-2.5 font-bold text-brand-700 hover:underline">
              {t.search.clear}
            </Link>
          )}
        </Form>
      </section>
      {customers.data.length === 0 ? (
        keyword ? (
          <EmptyState Icon={Search} title={t.noMatches} hint={t.noMatchesHint}>
            <Link to={PATH} className="font-bold text-brand-700 hover:underline">
              {t.search.clear}
            </Link>
          </EmptyState>
        ) : (
          <EmptyState Icon={UsersRound} title={t.noCustomers} hint={t.noCustomersHint} />
        )
      ) : (
        <BusyRegion busy={busy}>
          <DenseTable
            id="admin-customers-caption"
            caption={c.caption}
            minWidthClass="min-w-[52rem]"
            head={
              <>
                <DenseHeading>{c.name}</DenseHeading>
                <DenseHeading>{c.email}</DenseHeading>
                <DenseHeading>{c.phone}</DenseHeading>
                <DenseHeading>{c.orders}</DenseHeading>
                <DenseHeading>{c.totalSpent}</DenseHeading>
                <DenseHeading>{c.lastOrder}</DenseHeading>
                <DenseHeading>{c.joined}</DenseHeading>
              </>
            }
          >
            {customers.data.map((customer) => (
              <tr key={customer.id} className="border-t border-slate-200">
                <th scope="row" className={`${denseCell} text-start font-bold`}>
                  <Link to={`${PATH}/${customer.id}`} className="text-brand-700 hover:underline">
                    <bdi>{customer.name}</bdi>
                  </Link>
                  {isStaffRole(customer.role) && (
                    <span className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                      {t.staff}
                    </span>
                  )}
                </th>
                <td className={`${denseCell} [overflow-wrap:anywhere]`}>
                  <bdi dir="ltr">{customer.email}</bdi>
                </td>
                <td className={`${denseCell} whitespace-nowrap`}>
                  <bdi dir="ltr">{showPhone(customer.phone, shop)}</bdi>
                </td>
                <td className={denseCell}>{formatNumber(customer.ordersCount)}</td>
                <td className={`${denseCell} whitespace-nowrap`}>{formatPrice(customer.totalSpent, shop.currency)}</td>
                <td className={`${denseCell} whitespace-nowrap`}>
                  {customer.lastOrderAt ? (
                    <time dateTime={customer.lastOrderAt}>{formatDate(customer.lastOrderAt, shop.timeZone)}</time>
                  ) : (
                    <span className="text-slate-600">{c.noOrder}</span>
                  )}
                </td>
                <td className={`${denseCell} whitespace-nowrap`}>
                  <time dateTime={customer.createdAt}>{formatDate(customer.createdAt, shop.timeZone)}</time>
                </td>
              </tr>
            ))}
          </DenseTable>
          <Pagination
            currentPage={customers.paginationResult.currentPage}
            numberOfPages={customers.paginationResult.numberOfPages}
            hrefFor={hrefFor}
            label={t.pager}
          />
        </BusyRegion>
      )}
    </>
  );
}
