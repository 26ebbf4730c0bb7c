import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../contract/dates';
import { ORDER_STATUS_NAMES } from '../../../contract/order-statuses';
import type { Order } from '../../../contract/types';
import { ColorChip } from '../../components/color-chip';
import { PrintButton } from '../../components/print-button';
import { UnrecognisedCity } from '../../components/unrecognised-city';
import { VariantFacts } from '../../components/variant-facts';
import { at } from '../../i18n/account';
import { ps } from '../../i18n/packing-slip';
import { paymentMethodLabel } from '../../lib/account';
import { loadStaffOrder } from '../../lib/admin-order.server';
import { formatCode, formatNumber, formatPrice } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { collectionOf } from '../../lib/order-status';
import type { Route } from './+types/packing-slip';

/**
 * The printable packing slip of an order (docs/orders.md § The packing slip), for staff: what the
 * person packing the parcel and the courier need, and no prices but the one to collect. It lives
 * outside the admin layout, so it prints without the staff's navigation; the shop's top bar and
 * footer are hidden in print (app.css), and the loader guards it as the admin pages are guarded.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadStaffOrder(request, context, params.id);
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: loaderData ? `${ps.title}: ${at.orderNumber(formatCode(loaderData.order.number))}` : ps.title,
    description: ps.description,
    path: `/admin/orders/${params.id}/packing-slip`,
    noindex: true,
  });
}

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { shop, order } = loaderData;
  return (
    <article
      id="packing-slip"
      aria-labelledby="slip-title"
      className="mx-auto max-w-3xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8 print:max-w-none print:rounded-none print:p-0 print:ring-0"
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to={`/admin/orders/${order.id}`}
          className="inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
        >
          <ArrowRight aria-hidden="true" className="size-4 ltr:-scale-x-100" />
          {ps.backToOrder}
        </Link>
        <PrintButton label={ps.print} hint={ps.printHint} />
      </div>

      <header className="border-b-2 border-slate-900 pb-4">
        <p className="mb-1 text-lg font-bold">{shop.name}</p>
        <h1 id="slip-title" className="mb-3 text-2xl font-bold">
          {ps.title}
        </h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-600">{ps.orderNumber}</dt>
          <dd className="text-xl font-bold">{formatCode(order.number)}</dd>
          <dt className="text-slate-600">{ps.orderedOn}</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatDate(order.createdAt, shop.timeZone)}</time>
          </dd>
          <dt className="text-slate-600">{ps.status}</dt>
          <dd className="font-bold">{ORDER_STATUS_NAMES[order.status]}</dd>
        </dl>
      </header>

      {order.status === 'cancelled' && (
        <div className="mt-4 rounded-lg border-4 border-red-700 p-4 text-xl font-bold text-red-800">
          <p>{ps.cancelled}</p>
          {order.cancelledAt && (
            <p className="mt-1 text-base">{ps.cancelledOn(formatDate(order.cancelledAt, shop.timeZone))}</p>
          )}
        </div>
      )}
      {order.isTest && <p className="mt-4 rounded-lg border border-amber-400 p-3 font-bold">{ps.testOrder}</p>}

      <div className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <Part id="slip-customer" title={ps.customer}>
          <Fact term={ps.name}>
            <bdi>{order.user.name}</bdi>
          </Fact>
          <Fact term={ps.phone}>
            <bdi dir="ltr">{order.user.phone}</bdi>
          </Fact>
        </Part>
        <Part id="slip-address" title={ps.shippingAddress}>
          <Fact term={ps.address}>
            <bdi>{order.shippingAddress.details}</bdi>
          </Fact>
          <Fact term={ps.city}>
            <bdi>{order.shippingAddress.city}</bdi>
            <UnrecognisedCity address={order.shippingAddress} />
          </Fact>
          {order.shippingAddress.postalCode && (
            <Fact term={ps.postalCode}>
              <bdi dir="ltr">{order.shippingAddress.postalCode}</bdi>
            </Fact>
          )}
          <Fact term={ps.phone}>
            <bdi dir="ltr">{order.shippingAddress.phone}</bdi>
          </Fact>
        </Part>
        <Part id="slip-payment" title={ps.payment} after={<Money order={order} currency={shop.currency} />}>
          <Fact term={ps.method}>{paymentMethodLabel(order.paymentMethodType)}</Fact>
        </Part>
        {(order.carrier || order.trackingNumber) && (
          <Part id="slip-shipping" title={ps.shipping}>
            {order.carrier && (
              <Fact term={ps.carrier}>
                <bdi>{order.carrier}</bdi>
              </Fact>
            )}
            {order.trackingNumber && (
              <Fact term={ps.trackingNumber}>
                <bdi dir="ltr">{order.trackingNumber}</bdi>
              </Fact>
            )}
          </Part>
        )}
      </div>

      <Lines order={order} />
    </article>
  );
}

/** The one money figure of the slip: what the courier collects, or why nothing (lib/order-status.ts). */
function Money({ order, currency }: { order: Order; currency: string }) {
  const collection = collectionOf(order);
  switch (collection.kind) {
    case 'collect':
      return (
        <div className="mt-3 rounded-lg border-2 border-slate-900 p-3">
          <p className="font-bold">{ps.collect}</p>
          <p className="text-2xl font-bold">{formatPrice(collection.amount, currency)}</p>
        </div>
      );
    case 'paid':
      return <p className="mt-3 rounded-lg border-2 border-slate-900 p-3 font-bold">{ps.paid}</p>;
    case 'cardUnpaid':
      return <p className="mt-3 rounded-lg border-2 border-slate-900 p-3 font-bold">{ps.cardUnpaid}</p>;
    case 'cancelled':
      return <p className="mt-3 rounded-lg border-2 border-red-700 p-3 font-bold text-red-800">{ps.notToShip}</p>;
  }
}

/** What goes in the parcel: title, colour and count of each line, the pieces in all; no prices. */
function Lines({ order }: { order: Order }) {
  const pieces = order.cartItems.reduce((sum, line) => sum + line.count, 0);
  const cell = 'border border-slate-400 p-2 text-start';
  return (
    <table className="mt-6 w-full border-collapse">
      <caption className="mb-2 text-start text-lg font-bold">{ps.lines}</caption>
      <thead>
        <tr className="bg-slate-50">
          <th scope="col" className={cell}>
            {ps.product}
          </th>
          <th scope="col" className={cell}>
            {ps.color}
          </th>
          <th scope="col" className={`${cell} w-16`}>
            {ps.count}
          </th>
          <th scope="col" className={`${cell} w-20`}>
            {ps.packed}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.cartItems.map((line) => (
          <tr key={line.id} className="align-top">
            <th scope="row" className={`${cell} font-normal`}>
              {line.product.title}
              <span className="flex flex-wrap gap-x-3 text-sm">
                <VariantFacts options={line.options} sku={line.sku} />
              </span>
            </th>
            <td className={cell}>{line.color ? <ColorChip color={line.color} /> : ps.noColor}</td>
            <td className={`${cell} text-lg font-bold`}>{formatNumber(line.count)}</td>
            {/* An empty box to tick by hand once the line is in the parcel. */}
            <td className={cell}>
              <span aria-hidden="true" className="inline-block size-5 border-2 border-slate-900" />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2} className={cell}>
            {ps.totalPieces}
          </th>
          <td className={`${cell} text-lg font-bold`}>{formatNumber(pieces)}</td>
          <td className={cell} />
        </tr>
      </tfoot>
    </table>
  );
}

/** One part of the slip: its facts, and what follows them (the payment's money). */
function Part({ id, title, children, after }: { id: string; title: string; children: ReactNode; after?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-300 p-3 break-inside-avoid">
      <h2 id={id} className="mb-2 font-bold">
        {title}
      </h2>
      <dl className="flex flex-col gap-1.5">{children}</dl>
      {after}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-600">{term}:</dt>
      <dd className="font-bold">{children}</dd>
    </div>
  );
}
