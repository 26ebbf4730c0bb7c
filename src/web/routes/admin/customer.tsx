import { ArrowRight, CalendarDays, Mail, MapPin, Phone, ReceiptText, UserRound } from 'lucide-react';
import { data, Link } from 'react-router';
import { CUSTOMER_ORDERS_SHOWN } from '../../../contract/constants';
import { formatDate, formatDateTime } from '../../../contract/dates';
import { isStaffRole } from '../../../contract/staff-roles';
import type { CustomerDetail } from '../../../contract/types';
import { OrderNumberAndDateCells, OrderStatusCells } from '../../components/admin-order-cells';
import { Detail, Panel } from '../../components/admin-panel';
import { DenseHeading, DenseTable, denseCell } from '../../components/dense-table';
import { customerText as t } from '../../i18n/admin-customers';
import { notFoundOnMissing } from '../../lib/admin-order.server';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { formatNumber, formatPrice } from '../../lib/format';
import { showPhone } from '../../lib/format-phone';
import { isId } from '../../lib/list-url';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/customer';

/** One customer for staff (docs/customers.md): an unknown or malformed id is the not-found page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  // Not an id at all (say /admin/customers/getMe, which the API would answer with the staff's own
  // account, not a customer): the not-found page before asking.
  if (!isId(params.id)) throw data(null, { status: 404 });
  const customer = await apiFor(request, context)
    .users.customer(params.id)
    .then((r) => r.data, notFoundOnMissing);
  return { shop: context.shop, customer };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.customer.name ?? '';
  return pageMeta({
    shop: loaderData?.shop,
    title: t.customerTitle(name),
    description: t.listDescription,
    path: `/admin/customers/${loaderData?.customer.id ?? ''}`,
    noindex: true,
  });
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { shop, customer } = loaderData;
  return (
    <>
      <Link
        to="/admin/customers"
        className="mb-3 inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
      >
        <ArrowRight aria-hidden="true" className="size-4 ltr:-scale-x-100" />
        {t.backToList}
      </Link>
      <h1 className="mb-5 text-2xl font-bold">
        <bdi>{customer.name}</bdi>
        {isStaffRole(customer.role) && (
          <span className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 align-middle text-sm font-normal text-slate-700">
            {t.staff}
          </span>
        )}
      </h1>
      <div className="mb-6 grid gap-4 md:grid-cols-2">
        <Panel id="customer-details-heading" title={t.details}>
          <dl className="flex flex-col gap-3">
            <Detail Icon={UserRound} term={t.table.name}>
              <bdi>{customer.name}</bdi>
            </Detail>
            <Detail Icon={Mail} term={t.table.email}>
              <bdi dir="ltr" className="[overflow-wrap:anywhere]">
                {customer.email}
              </bdi>
            </Detail>
            <Detail Icon={Phone} term={t.table.phone}>
              <bdi dir="ltr">{showPhone(customer.phone, shop)}</bdi>
            </Detail>
            <Detail Icon={CalendarDays} term={t.table.joined}>
              <time dateTime={customer.createdAt}>{formatDate(customer.createdAt, shop.timeZone)}</time>
            </Detail>
          </dl>
        </Panel>
        <Panel id="customer-figures-heading" title={t.figures}>
          <dl className="flex flex-col gap-3">
            <Detail Icon={ReceiptText} term={t.table.orders}>
              {formatNumber(customer.ordersCount)}
            </Detail>
            <Detail term={t.table.totalSpent}>
              <span className="font-bold">{formatPrice(customer.totalSpent, shop.currency)}</span>
              <span className="block text-sm font-normal text-slate-600">{t.spentHint}</span>
            </Detail>
            <Detail term={t.table.lastOrder}>
              {customer.lastOrderAt ? (
                <time dateTime={customer.lastOrderAt}>{formatDateTime(customer.lastOrderAt, shop.timeZone)}</time>
              ) : (
                t.table.noOrder
              )}
            </Detail>
          </dl>
        </Panel>
      </div>
      <Panel id="customer-addresses-heading" title={t.addresses}>
        {customer.addresses.length === 0 ? (
          <p className="text-slate-700">{t.noAddresses}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {customer.addresses.map((address) => (
              <li key={address.id} className="flex gap-2 rounded-xl border border-slate-200 p-3">
                <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-500" />
                <div className="min-w-0">
                  <p className="font-bold">
                    <bdi>{address.alias}</bdi>
                  </p>
                  <p className="[overflow-wrap:anywhere]">
                    <bdi>{address.details}</bdi>، <bdi>{address.city}</bdi>
                  </p>
                  <p>
                    <bdi dir="ltr">{showPhone(address.phone, shop)}</bdi>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <div className="mt-6">
        <CustomerOrders customer={customer} shop={shop} />
      </div>
    </>
  );
}

function CustomerOrders({
  customer,
  shop,
}: {
  customer: CustomerDetail;
  shop: { currency: string; timeZone: string };
}) {
  const o = t.orderTable;
  return (
    <section aria-labelledby="customer-orders-heading">
      <h2 id="customer-orders-heading" className="mb-3 text-lg font-bold">
        {t.orders}
      </h2>
      {customer.orders.length === 0 ? (
        <p className="text-slate-700">{t.noOrders}</p>
      ) : (
        <>
          <DenseTable
            id="customer-orders-caption"
            caption={o.caption}
            minWidthClass="min-w-[40rem]"
            head={
              <>
                <DenseHeading>{o.number}</DenseHeading>
                <DenseHeading>{o.date}</DenseHeading>
                <DenseHeading>{o.city}</DenseHeading>
                <DenseHeading>{o.total}</DenseHeading>
                <DenseHeading>{o.status}</DenseHeading>
                <DenseHeading>{o.payment}</DenseHeading>
              </>
            }
          >
            {customer.orders.map((order) => (
              <tr key={order.id} className="border-t border-slate-200">
                <OrderNumberAndDateCells order={order} timeZone={shop.timeZone} />
                <td className={denseCell}>
                  <bdi>{order.city}</bdi>
                </td>
                <td className={`${denseCell} whitespace-nowrap`}>{formatPrice(order.total, shop.currency)}</td>
                <OrderStatusCells order={order} />
              </tr>
            ))}
          </DenseTable>
          {customer.ordersCount > customer.orders.length && (
            <p className="mt-2 text-sm text-slate-700">{t.ordersShown(formatNumber(CUSTOMER_ORDERS_SHOWN))}</p>
          )}
        </>
      )}
    </section>
  );
}
