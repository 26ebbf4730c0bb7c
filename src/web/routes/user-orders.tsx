import { CircleAlert, LoaderCircle, Package } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, redirect, useLocation, useRevalidator } from 'react-router';
import { pageSizes } from '../../contract/constants';
import type { CheckoutStatus } from '../../contract/types';
import { cardReturnPaths } from '../../contract/web';
import { BusyRegion, useLoadingHere } from '../components/busy-region';
import { EmptyState } from '../components/empty-state';
import { OrderCard } from '../components/order-card';
import { Pagination } from '../components/pagination';
import { at } from '../i18n/account';
import { co } from '../i18n/customer-orders';
import { requireUser } from '../lib/auth.server';
import { apiFor } from '../lib/context.server';
import { formatCode, formatNumber, formatPrice } from '../lib/format';
import { pageMeta } from '../lib/meta';
import { ownCheckout } from '../lib/own-checkout.server';
import { pageFrom, pageHref, usePageHref } from '../lib/page-href';
import { plural } from '../lib/plural';
import { redirectWithToast } from '../lib/toast.server';
import type { Route } from './+types/user-orders';

/** How long the page keeps asking whether a payment was confirmed, and how often. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_WAIT_MS = 30_000;

/** What became of the card payment the customer just made, until it is an order. */
function PaymentOutcome({ checkout, currency }: { checkout: CheckoutStatus; currency: string }) {
  const waiting = checkout.status === 'open';
  const revalidator = useRevalidator();
  const location = useLocation();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > CONFIRM_WAIT_MS) {
        setGaveUp(true);
        clearInterval(timer);
      } else if (revalidator.state === 'idle') {
        void revalidator.revalidate();
      }
    }, CONFIRM_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
  const amount = formatPrice(checkout.amount, currency);
  const text = waiting
    ? gaveUp
      ? at.paymentCheckingLong
      : at.paymentChecking
    : checkout.status === 'refunded'
      ? at.paymentRefunded(amount)
      : checkout.status === 'refund_due'
        ? at.paymentRefundDue(amount)
        : at.paymentNotCompleted;
  const tone = waiting ? 'border-sky-200 bg-sky-50 text-sky-950' : 'border-amber-300 bg-amber-50 text-amber-950';
  return (
    <div role={waiting ? 'status' : 'alert'} className={`mb-5 rounded-xl border px-4 py-3 ${tone}`}>
      <p className="flex items-start gap-2">
        {waiting && !gaveUp ? (
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 animate-spin motion-reduce:animate-none" />
        ) : (
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        )}
        <span>{text}</span>
      </p>
      {gaveUp && (
        <Link
          to={`${location.pathname}${location.search}`}
          reloadDocument
          className="mt-2 inline-block font-bold underline"
        >
          {at.refreshPage}
        </Link>
      )}
    </div>
  );
}

/**
 * The card provider sends the customer back with ?paid=1&checkout=<id> (docs/payments.md). A
 * confirmed payment is said once, then the URL is clean; one still being confirmed, refunded or
 * not completed is shown on the page until the customer moves on.
 */
async function paymentOutcome(request: Request, api: ReturnType<typeof apiFor>): Promise<CheckoutStatus | null> {
  const url = new URL(request.url);
  if (url.searchParams.get('paid') !== '1') return null;
  const checkoutId = url.searchParams.get('checkout') ?? '';
  url.searchParams.delete('paid');
  url.searchParams.delete('checkout');
  const clean = `${url.pathname}${url.search}`;
  const checkout = await ownCheckout(api, checkoutId);
  // An unknown or garbled checkout (another account's, a mistyped link) is not said to be paid.
  if (!checkout) throw redirectWithToast(request, clean, { type: 'error', text: at.paymentUnknown });
  // Paymob sends the customer back here after a declined payment too (its transaction response
  // callback, `success=false`): unsigned, but it only says where to send this customer, and the
  // checkout is still open. The payment screen says it was not made (docs/payments.md § Paymob).
  const declined = url.searchParams.get('success') === 'false' && url.searchParams.get('pending') !== 'true';
  if (checkout.status === 'open' && declined) throw redirect(cardReturnPaths.cancelled(checkoutId));
  if (checkout.status === 'completed') {
    const order = checkout.order;
    const text = order?.number ? at.paidOrderNumber(formatCode(order.number)) : at.paymentReceived;
    // The order exists: its page thanks for it, as after a cash order (docs/orders.md § The customer's screens).
    const next = order ? `/user/orders/${encodeURIComponent(order.id)}?placed=1` : clean;
    throw redirectWithToast(request, next, { type: 'success', text });
  }
  return checkout;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, 'user');
  const api = apiFor(request, context);
  const checkout = await paymentOutcome(request, api);
  const url = new URL(request.url);
  const page = pageFrom(url);
  const orders = await api.orders.list({ page, limit: pageSizes.userOrders });
  // A page past the last one (an old link) shows the last page.
  const lastPage = Math.max(1, orders.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return { shop: context.shop, name: user.name, orders, checkout };
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
  const { shop, name, orders, checkout } = loaderData;
  const busy = useLoadingHere();
  const hrefFor = usePageHref();
  return (
    <>
      {checkout && <PaymentOutcome checkout={checkout} currency={shop.currency} />}
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
                <OrderCard order={order} currency={shop.currency} timeZone={shop.timeZone}>
                  <p className="mt-3 text-sm">
                    <Link
                      to={`/user/orders/${order.id}`}
                      aria-label={co.viewOrder(formatCode(order.number))}
                      className="font-bold text-brand-700 hover:underline"
                    >
                      {co.viewDetails}
                    </Link>
                  </p>
                </OrderCard>
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
