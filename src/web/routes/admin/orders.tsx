import { Mail, ReceiptText, Undo2, UserRound } from 'lucide-react';
import { redirect } from 'react-router';
import { pageSizes } from '../../../contract/constants';
import type { CheckoutStatus, Order } from '../../../contract/types';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { EmptyState } from '../../components/empty-state';
import { OrderCard } from '../../components/order-card';
import { Pagination, pageFrom, pageHref } from '../../components/pagination';
import { at } from '../../i18n/account';
import { ao } from '../../i18n/admin-orders';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { formatDate, formatNumber, formatPrice } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { plural } from '../../lib/plural';
import { usePageHref } from '../../lib/use-page-href';
import type { Route } from './+types/orders';

const PATH = '/admin/allorders';
/** The newest paid checkouts that had to be refunded, shown above the orders. */
const REFUNDS_SHOWN = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, 'admin');
  const url = new URL(request.url);
  const page = pageFrom(url);
  const api = apiFor(request, context);
  // docs/specification.md (Limits and page sizes): two orders a page, newest first. Beside them, paid checkouts that became no order.
  const [orders, refunds] = await Promise.all([
    api.orders.list({ page, limit: pageSizes.adminOrders }),
    api.payments.checkouts({ status: 'refund_due,refunded', limit: REFUNDS_SHOWN }),
  ]);
  // A page past the last one (an old link) shows the last page.
  const lastPage = Math.max(1, orders.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return { shop: context.shop, name: admin.name, orders, refunds: refunds.data };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData?.orders.paginationResult.currentPage ?? 1;
  return pageMeta({
    shop: loaderData?.shop,
    title: page > 1 ? at.withPage(ao.listTitle, formatNumber(page)) : ao.listTitle,
    description: ao.listDescription,
    path: page > 1 ? `${PATH}?page=${page}` : PATH,
    noindex: true,
  });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { shop, name, orders, refunds } = loaderData;
  const busy = useLoadingHere();
  const hrefFor = usePageHref();
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold">{ao.listTitle}</h1>
      <p className="mb-5 text-slate-700">
        {ao.hello} <bdi className="font-bold">{name}</bdi>، {plural(orders.results, ao.orderCount)}
      </p>
      {refunds.length > 0 && <RefundedPayments refunds={refunds} />}
      {orders.data.length === 0 ? (
        <EmptyState Icon={ReceiptText} title={ao.noOrders} hint={ao.noOrdersHint} />
      ) : (
        <BusyRegion busy={busy}>
          <ol className="flex flex-col gap-4">
            {orders.data.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} currency={shop.currency} href={`/admin/orders/${order.id}`} showItems={false}>
                  <OrderCustomer customer={order.user} />
                </OrderCard>
              </li>
            ))}
          </ol>
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

/** Payments that arrived after their units were sold, and went back to the customer (docs/payments.md). */
function RefundedPayments({ refunds }: { refunds: CheckoutStatus[] }) {
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
              {ao.paidOn}: <time dateTime={refund.createdAt}>{formatDate(refund.createdAt)}</time>
            </span>
            <span className="font-bold">{formatPrice(refund.amount, refund.currency)}</span>
            <span className="font-bold">{refund.status === 'refunded' ? ao.refunded : ao.refundDue}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Who ordered: the name and e-mail the spec's admin card shows. */
function OrderCustomer({ customer }: { customer: Order['user'] }) {
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2 py-3 text-sm">
      <div className="flex min-w-0 items-center gap-1.5">
        <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <dt className="sr-only">{ao.customer}</dt>
        <dd className="font-bold">
          <bdi>{customer.name}</bdi>
        </dd>
      </div>
      <div className="flex min-w-0 items-center gap-1.5">
        <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <dt className="sr-only">{ao.customerEmail}</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          <bdi dir="ltr">{customer.email}</bdi>
        </dd>
      </div>
    </dl>
  );
}
