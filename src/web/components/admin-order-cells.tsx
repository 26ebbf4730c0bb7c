import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../contract/dates';
import { ORDER_STATUS_NAMES, PAYMENT_STATUS_NAMES } from '../../contract/order-statuses';
import type { CustomerOrder } from '../../contract/types';
import { at } from '../i18n/account';
import { paymentMethodLabel } from '../lib/account';
import { formatCode } from '../lib/format';
import { denseCell } from './dense-table';

/** What an order's row in a staff table shows of it, the orders list's or a customer's. */
type OrderRowFacts = Pick<CustomerOrder, 'id' | 'number' | 'createdAt'>;

/**
 * An order row's first cells in the staff tables (docs/orders.md, docs/customers.md): its number,
 * which opens it, and when it was placed, in the shop's zone.
 */
export function OrderNumberAndDateCells({ order, timeZone }: { order: OrderRowFacts; timeZone: string }) {
  return (
    <>
      <th scope="row" className={`${denseCell} whitespace-nowrap text-start font-bold`}>
        <Link to={`/admin/orders/${order.id}`} className="text-brand-700 hover:underline">
          {at.orderNumber(formatCode(order.number))}
        </Link>
      </th>
      <td className={`${denseCell} whitespace-nowrap`}>
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, timeZone)}</time>
      </td>
    </>
  );
}

/** An order row's status and payment cells; `children` add to the payment's (a test order, its invoice). */
export function OrderStatusCells({
  order,
  children,
}: {
  order: Pick<CustomerOrder, 'status' | 'paymentStatus' | 'paymentMethodType'>;
  children?: ReactNode;
}) {
  return (
    <>
      <td className={`${denseCell} whitespace-nowrap`}>{ORDER_STATUS_NAMES[order.status]}</td>
      <td className={`${denseCell} whitespace-nowrap`}>
        {PAYMENT_STATUS_NAMES[order.paymentStatus]}
        <span className="block text-xs text-slate-600">{paymentMethodLabel(order.paymentMethodType)}</span>
        {children}
      </td>
    </>
  );
}
