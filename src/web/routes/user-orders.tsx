import { Package } from 'lucide-react';
import { Link, redirect } from 'react-router';
import { pageSizes } from '../../contract/constants';
import { BusyRegion, useLoadingHere } from '../components/busy-region';
import { EmptyState } from '../components/empty-state';
import { OrderCard } from '../components/order-card';
import { Pagination, pageFrom, pageHref } from '../components/pagination';
import { at } from '../i18n/account';
import { requireUser } from '../lib/auth.server';
import { apiFor } from '../lib/context.server';
import { formatNumber } from '../lib/format';
import { pageMeta } from '../lib/meta';
import { plural } from '../lib/plural';
import { redirectWithToast } from '../lib/toast.server';
import { usePageHref } from '../lib/use-page-href';
import type { Route } from './+types/user-orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, 'user');
  const url = new URL(request.url);
  // The card provider sends the customer back with ?paid=1: say so once, then a clean URL.
  if (url.searchParams.get('paid') === '1') {
    url.searchParams.delete('paid');
    throw redirectWithToast(request, `${url.pathname}${url.search}`, { type: 'success', text: at.paymentReceived });
  }
  const page = pageFrom(url);
  const orders = await apiFor(request, context).orders.list({ page, limit: pageSizes.userOrders });
  // A page past the last one (an old link) shows the last page.
  const lastPage = Math.max(1, orders.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return { shop: context.shop, name: user.name, orders };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData?.orders.paginationResult.currentPage ?? 1;
  return pageMeta({
    shop: loaderData?.shop,
    title: page > 1 ? at.withPage(at.ordersTitle, formatNumber(page)) : at.ordersTitle,
    description: at.ordersDescription,
    path: page > 1 ? `/user/allOrders?page=${page}` : '/user/allOrders',
    noindex: true,
  });
}

export default function UserOrders({ loaderData }: Route.ComponentProps) {
  const { shop, name, orders } = loaderData;
  const busy = useLoadingHere();
  const hrefFor = usePageHref();
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold">{at.ordersTitle}</h1>
      <p className="mb-5 text-slate-700">
        {at.hello} <bdi className="font-bold">{name}</bdi>، {plural(orders.results, at.orderCount)}
      </p>
      {orders.data.length === 0 ? (
        <EmptyState Icon={Package} title={at.noOrders} hint={at.noOrdersHint}>
          <Link to="/products" className="rounded-lg bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-600">
            {at.browseProducts}
          </Link>
        </EmptyState>
      ) : (
        <BusyRegion busy={busy}>
          <ol className="flex flex-col gap-4">
            {orders.data.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} currency={shop.currency} />
              </li>
            ))}
          </ol>
          <Pagination
            currentPage={orders.paginationResult.currentPage}
            numberOfPages={orders.paginationResult.numberOfPages}
            hrefFor={hrefFor}
            label={at.ordersPager}
          />
        </BusyRegion>
      )}
    </>
  );
}
