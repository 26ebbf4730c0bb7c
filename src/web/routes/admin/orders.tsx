import { Download, ReceiptText, Search, Undo2 } from 'lucide-react';
import { Form, Link, redirect } from 'react-router';
import { ORDER_KEYWORD_MAX, pageSizes } from '../../../contract/constants';
import { formatDate } from '../../../contract/dates';
import { ORDER_STATUS_NAMES, PAYMENT_STATUS_NAMES } from '../../../contract/order-statuses';
import type { CheckoutStatus, Order } from '../../../contract/types';
import { OrderNumberAndDateCells, OrderStatusCells } from '../../components/admin-order-cells';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { DenseHeading, DenseTable, denseCell } from '../../components/dense-table';
import { EmptyState } from '../../components/empty-state';
import { FormField, SelectField } from '../../components/form-field';
import { InvoiceLink } from '../../components/order-card';
import { Pagination } from '../../components/pagination';
import { at } from '../../i18n/account';
import { ao } from '../../i18n/admin-orders';
import { paymentMethodLabel } from '../../lib/account';
import { toQueryString } from '../../lib/api';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import type { FieldErrors } from '../../lib/form';
import { formatNumber, formatPrice } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import {
  hasOrderFilter,
  type OrderFilterName,
  type OrderFilterValues,
  orderFilterFrom,
  orderFilterQuery,
} from '../../lib/order-filter';
import { orderFilterErrors } from '../../lib/order-filter.server';
import { pageFrom, pageHref, usePageHref } from '../../lib/page-href';
import { plural } from '../../lib/plural';
import type { Route } from './+types/orders';

const PATH = '/admin/allorders';
/** The CSV of the filtered orders (routes/admin/orders-export.ts). */
const EXPORT_PATH = '/admin/orders/export.csv';
/** The newest paid checkouts that had to be refunded, shown above the orders. */
const REFUNDS_SHOWN = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, 'staff');
  const url = new URL(request.url);
  const page = pageFrom(url);
  const api = apiFor(request, context);
  const filter = orderFilterFrom(url);
  // Filters the API would refuse are said in Arabic beside their fields, and no list is asked for.
  const filterErrors = orderFilterErrors(filter, context.shop.phoneCountry);
  const filterValid = Object.keys(filterErrors).length === 0;
  // docs/decisions/0019-admin-orders-page-size.md: twenty orders a page, newest first. Beside them, paid checkouts that became no order.
  const [orders, refunds] = await Promise.all([
    filterValid ? api.orders.list({ page, limit: pageSizes.adminOrders, ...orderFilterQuery(filter) }) : null,
    api.payments.checkouts({ status: 'refund_due,refunded', limit: REFUNDS_SHOWN }),
  ]);
  // A page past the last one (an old link) shows the last page.
  const lastPage = Math.max(1, orders?.paginationResult.numberOfPages ?? 1);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return { shop: context.shop, name: admin.name, orders, filter, filterErrors, refunds: refunds.data };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData?.orders?.paginationResult.currentPage ?? 1;
  return pageMeta({
    shop: loaderData?.shop,
    title: page > 1 ? at.withPage(ao.listTitle, formatNumber(page)) : ao.listTitle,
    description: ao.listDescription,
    path: page > 1 ? `${PATH}?page=${page}` : PATH,
    noindex: true,
  });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { shop, name, orders, filter, filterErrors, refunds } = loaderData;
  const busy = useLoadingHere();
  const hrefFor = usePageHref();
  const filtered = hasOrderFilter(filter);
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold">{ao.listTitle}</h1>
      <p className="mb-5 text-slate-700" aria-live="polite">
        {ao.hello} <bdi className="font-bold">{name}</bdi>
        {orders && `، ${plural(orders.results, filtered ? ao.matchCount : ao.orderCount)}`}
      </p>
      {refunds.length > 0 && <RefundedPayments refunds={refunds} timeZone={shop.timeZone} />}
      <OrderFilters filter={filter} errors={filterErrors} />
      {!orders ? (
        <p className="text-slate-700">{ao.filters.fixFilters}</p>
      ) : orders.data.length === 0 && filtered ? (
        <EmptyState Icon={Search} title={ao.noMatches} hint={ao.noMatchesHint}>
          <Link to={PATH} className="font-bold text-brand-700 hover:underline">
            {ao.filters.clear}
          </Link>
        </EmptyState>
      ) : orders.data.length === 0 ? (
        <EmptyState Icon={ReceiptText} title={ao.noOrders} hint={ao.noOrdersHint} />
      ) : (
        <BusyRegion busy={busy}>
          <OrdersTable orders={orders.data} shop={shop} />
          <Pagination
            currentPage={orders.paginationResult.currentPage}
            numberOfPages={orders.paginationResult.numberOfPages}
            hrefFor={hrefFor}
            label={ao.ordersPager}
          />
        </BusyRegion>
      )}
    </>
  );
}

const choiceClass = 'min-w-0';

/**
 * The filters chosen from a list, in the form's order: each select offers «الكل» (the filter left
 * alone) and then its values, as the API names them, with their Arabic names.
 */
const choiceFilters: { name: OrderFilterName; label: string; choices: Readonly<Record<string, string>> }[] = [
  { name: 'status', label: ao.filters.status, choices: ORDER_STATUS_NAMES },
  { name: 'paymentStatus', label: ao.filters.paymentStatus, choices: PAYMENT_STATUS_NAMES },
  {
    name: 'method',
    label: ao.filters.method,
    choices: { cash: paymentMethodLabel('cash'), card: paymentMethodLabel('card') },
  },
  { name: 'isPaid', label: ao.filters.paid, choices: { true: ao.filters.paidYes, false: ao.filters.paidNo } },
  {
    name: 'isDelivered',
    label: ao.filters.delivered,
    choices: { true: ao.filters.deliveredYes, false: ao.filters.deliveredNo },
  },
];

/**
 * The search box and filters: a plain GET form, so the state is the URL (a new search starts at
 * page 1), and a link that exports what the filters match.
 */
function OrderFilters({ filter, errors }: { filter: OrderFilterValues; errors: FieldErrors<OrderFilterName> }) {
  const f = ao.filters;
  // The export takes the filters the list shows; refused ones would only be refused again.
  const exportable = Object.keys(errors).length === 0;
  return (
    <section aria-labelledby="order-filters-heading" className="mb-6 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="order-filters-heading" className="sr-only">
        {f.region}
      </h2>
      {/* Keyed by the filters: fields show the URL's values again after «مسح التصفية» or the back button. */}
      <Form
        key={JSON.stringify(filter)}
        method="get"
        role="search"
        aria-label={f.region}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <FormField
          name="keyword"
          type="search"
          label={f.keyword}
          placeholder={f.keywordPlaceholder}
          defaultValue={filter.keyword}
          maxLength={ORDER_KEYWORD_MAX}
          error={errors.keyword}
          className="sm:col-span-2 lg:col-span-3"
        />
        {choiceFilters.map(({ name, label, choices }) => (
          <SelectField
            key={name}
            name={name}
            label={label}
            defaultValue={filter[name]}
            error={errors[name]}
            className={choiceClass}
          >
            <option value="">{f.any}</option>
            {Object.entries(choices).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </SelectField>
        ))}
        <FormField
          name="from"
          type="date"
          label={f.from}
          defaultValue={filter.from}
          error={errors.from}
          hint={f.daysHint}
          className={choiceClass}
        />
        <FormField
          name="to"
          type="date"
          label={f.to}
          defaultValue={filter.to}
          error={errors.to}
          className={choiceClass}
        />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-1">
          <button
            type="submit"
            className="flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-600"
          >
            <Search aria-hidden="true" className="size-5" />
            {f.apply}
          </button>
          {hasOrderFilter(filter) && (
            <Link to={PATH} className="rounded-lg px-3 py-2.5 font-bold text-brand-700 hover:underline">
              {f.clear}
            </Link>
          )}
        </div>
      </Form>
      {exportable && (
        <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          {/* A plain link: a download, not a page of the router. */}
          <a
            href={`${EXPORT_PATH}${toQueryString(orderFilterQuery(filter))}`}
            download
            className="flex items-center gap-1.5 rounded-lg px-3 py-2 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"
          >
            <Download aria-hidden="true" className="size-4" />
            {f.exportCsv}
          </a>
          {f.exportHint}
        </p>
      )}
    </section>
  );
}

/** Payments that arrived after their units were sold, and went back to the customer (docs/payments.md). */
function RefundedPayments({ refunds, timeZone }: { refunds: CheckoutStatus[]; timeZone: string }) {
  return (
    <section aria-labelledby="refunds-heading" className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="refunds-heading" className="flex items-center gap-2 text-lg font-bold text-amber-950">
        <Undo2 aria-hidden="true" className="size-5" />
        {ao.refundsTitle}
      </h2>
      <p className="mb-3 text-sm text-amber-950">{ao.refundsIntro}</p>
      <ul className="divide-y divide-amber-200">
        {refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
            <span className="min-w-0">
              <bdi className="font-bold">{refund.user?.name}</bdi>{' '}
              <bdi dir="ltr" className="text-slate-700 [overflow-wrap:anywhere]">
                {refund.user?.email}
              </bdi>
            </span>
            <span>
              {ao.paidOn}: <time dateTime={refund.createdAt}>{formatDate(refund.createdAt, timeZone)}</time>
            </span>
            <span className="font-bold">{formatPrice(refund.amount, refund.currency)}</span>
            <span className="font-bold">{refund.status === 'refunded' ? ao.refunded : ao.refundDue}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The orders as a dense table, one row each (docs/orders.md, "The admin orders list"): the number
 * opens the order, the name its customer; dates and times in the shop's zone.
 */
function OrdersTable({ orders, shop }: { orders: Order[]; shop: { currency: string; timeZone: string } }) {
  const c = ao.table;
  return (
    <DenseTable
      id="admin-orders-caption"
      caption={c.caption}
      minWidthClass="min-w-[60rem]"
      head={
        <>
          <DenseHeading>{c.number}</DenseHeading>
          <DenseHeading>{c.date}</DenseHeading>
          <DenseHeading>{c.customer}</DenseHeading>
          <DenseHeading>{c.city}</DenseHeading>
          <DenseHeading>{c.items}</DenseHeading>
          <DenseHeading>{c.total}</DenseHeading>
          <DenseHeading>{c.status}</DenseHeading>
          <DenseHeading>{c.payment}</DenseHeading>
        </>
      }
    >
      {orders.map((order) => (
        <tr key={order.id} className="border-t border-slate-200">
          <OrderNumberAndDateCells order={order} timeZone={shop.timeZone} />
          <td className={denseCell}>
            <Link to={`/admin/customers/${order.user.id}`} className="font-bold text-brand-700 hover:underline">
              <bdi>{order.user.name}</bdi>
            </Link>
            <bdi dir="ltr" className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
              {order.user.email}
            </bdi>
          </td>
          <td className={denseCell}>
            <bdi>{order.shippingAddress.city}</bdi>
          </td>
          <td className={denseCell}>{formatNumber(order.cartItems.reduce((units, item) => units + item.count, 0))}</td>
          <td className={`${denseCell} whitespace-nowrap`}>{formatPrice(order.totalOrderPrice, shop.currency)}</td>
          <OrderStatusCells order={order}>
            {order.isTest && <span className="block text-xs text-amber-900">{at.testOrder}</span>}
            {order.invoiceNumber !== undefined && (
              <span className="block text-xs">
                <InvoiceLink order={order} />
              </span>
            )}
          </OrderStatusCells>
        </tr>
      ))}
    </DenseTable>
  );
}
