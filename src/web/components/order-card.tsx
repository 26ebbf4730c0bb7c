import { CircleCheck, CircleX, Clock, FileText, FlaskConical, type LucideIcon, Truck, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../contract/dates';
import { orderMoneyParts } from '../../contract/money-lines';
import {
  ORDER_STATUS_NAMES,
  type OrderStatusName,
  PAYMENT_STATUS_NAMES,
  type PaymentStatusName,
} from '../../contract/order-statuses';
import type { Order, OrderItem } from '../../contract/types';
import { at } from '../i18n/account';
import { inv } from '../i18n/invoice';
import { pt } from '../i18n/product';
import { paymentMethodLabel } from '../lib/account';
import { formatCode, formatNumber, formatPrice, imageSrcSet } from '../lib/format';
import { plural } from '../lib/plural';
import { ColorChip } from './color-chip';
import { MoneyLines } from './money-lines';
import { StarRating } from './star-rating';
import { VariantFacts } from './variant-facts';

type OrderCardProps = {
  order: Order;
  currency: string;
  /** The shop's zone, which its date is read in (docs/dates.md). */
  timeZone: string;
  /** Where the card leads (the admin list opens the order's page); the whole card is then the link. */
  href?: string;
  /** The ordered products; the admin list leaves them to the order's page. */
  showItems?: boolean;
  /** More about the order under its heading (staff see the customer there). */
  children?: ReactNode;
};

/**
 * One order (docs/specification.md (Screens and routes)): number, date, items, its status and payment state, method, total. Customers see their own in
 * /user/allOrders; staff see every order in /admin/allorders (with its customer, without items)
 * and one at a time in /admin/orders/:id.
 */
export function OrderCard({ order, currency, timeZone, href, showItems = true, children }: OrderCardProps) {
  const headingId = `order-${order.id}`;
  const title = at.orderNumber(formatCode(order.number));
  return (
    <article
      aria-labelledby={headingId}
      className={`relative rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 ${href ? 'focus-within:ring-2 focus-within:ring-brand-600 hover:ring-brand-600' : ''}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 pb-3">
        <h2 id={headingId} className="text-lg font-bold">
          {href ? (
            // The link's box covers the card: one large target with one name.
            <Link
              to={href}
              className="text-brand-700 outline-none after:absolute after:inset-0 after:rounded-2xl hover:underline"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        <p className="text-sm text-slate-600">
          {at.orderedOn}: <time dateTime={order.createdAt}>{formatDate(order.createdAt, timeZone)}</time>
        </p>
      </header>

      {order.isTest && (
        <p className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>{at.testOrder}</strong>: {at.testOrderHint}
          </span>
        </p>
      )}

      {children}

      {showItems && (
        <ul aria-label={at.orderItems} className="divide-y divide-slate-100">
          {order.cartItems.map((item) => (
            <OrderLine key={item._id} item={item} currency={currency} />
          ))}
        </ul>
      )}

      <dl
        className={`grid gap-2 border-t border-slate-200 pt-3 text-sm sm:gap-3 ${showItems ? 'sm:grid-cols-3' : 'sm:grid-cols-4'}`}
      >
        <Fact term={at.orderStatus}>
          <State name={ORDER_STATUS_NAMES[order.status]} {...statusLooks[order.status]} />
        </Fact>
        <Fact term={at.paymentStatus}>
          <State name={PAYMENT_STATUS_NAMES[order.paymentStatus]} {...paymentLooks[order.paymentStatus]} />
        </Fact>
        <Fact term={at.paymentMethod}>
          <span className="font-bold">{paymentMethodLabel(order.paymentMethodType)}</span>
        </Fact>
        {!showItems && (
          <Fact term={at.total}>
            <span className="text-base font-bold text-brand-700">{formatPrice(order.totalOrderPrice, currency)}</span>
          </Fact>
        )}
      </dl>
      {/* With its items, the order shows its whole bill (docs/pricing.md), the total last. */}
      {showItems && (
        <MoneyLines
          money={orderMoneyParts(order)}
          currency={currency}
          className="mt-3 border-t border-slate-200 pt-3"
        />
      )}
      {order.invoiceNumber !== undefined && (
        // Positioned, so it stays clickable above a card-wide link (the admin list).
        <p className="relative mt-3 border-t border-slate-200 pt-3 text-sm">
          <InvoiceLink order={order} />
        </p>
      )}
    </article>
  );
}

/** An order's tax invoice (docs/invoices.md), named with the order's number for screen readers. */
export function InvoiceLink({ order }: { order: Pick<Order, 'id' | 'number'> }) {
  return (
    <Link
      to={`/orders/${order.id}/invoice`}
      aria-label={inv.linkFor(formatCode(order.number))}
      className="inline-flex items-center gap-1.5 font-bold text-brand-700 hover:underline"
    >
      <FileText aria-hidden="true" className="size-4" />
      {inv.link}
    </Link>
  );
}

/** A refund's credit note in an order's timeline, linking its sheet on the invoice page (docs/invoices.md § Credit notes). */
export function CreditNoteLink({ orderId, number }: { orderId: string; number: number }) {
  return (
    <Link
      to={`/orders/${orderId}/invoice#credit-note-${number}`}
      className="inline-flex items-center gap-1 text-sm font-bold text-brand-700 underline"
    >
      <FileText aria-hidden="true" className="size-4" />
      {inv.creditNote.named(formatCode(number))}
    </Link>
  );
}

function OrderLine({ item, currency }: { item: OrderItem; currency: string }) {
  return (
    <li className="flex gap-3 py-3">
      <img
        src={item.product.imageCover ?? '/placeholder.svg'}
        srcSet={imageSrcSet(item.product.imageCoverSizes)}
        sizes="64px"
        width={64}
        height={64}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-16 shrink-0 rounded-lg bg-white object-contain ring-1 ring-slate-200"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="font-bold leading-6">
          {item.product._id ? (
            <Link to={`/products/${item.product._id}`} className="hover:text-brand-700 hover:underline">
              {item.product.title}
            </Link>
          ) : (
            item.product.title
          )}
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
          {item.product.ratingsQuantity > 0 && (
            <>
              <StarRating
                value={item.product.ratingsAverage}
                label={pt.rating(formatNumber(item.product.ratingsAverage, 1))}
              />
              <span aria-hidden="true">{formatNumber(item.product.ratingsAverage, 1)}</span>
            </>
          )}
          <span>({plural(item.product.ratingsQuantity, pt.ratingsCount)})</span>
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <VariantFacts options={item.options} />
          <span>
            {at.quantity}: <span className="font-bold">{formatNumber(item.count)}</span>
          </span>
          {item.color && (
            <span className="inline-flex items-center gap-1">
              {at.color}: <ColorChip color={item.color} />
            </span>
          )}
          <span>
            {at.unitPrice}: {formatPrice(item.price, currency)}
          </span>
        </p>
      </div>
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    // A row of term and value on a phone, a column of four from the sm breakpoint.
    <div className="flex items-center justify-between gap-2 sm:flex-col sm:items-start sm:justify-start sm:gap-1">
      <dt className="text-slate-600">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** How a state looks: an icon and colours, beside its name (never colour alone). */
type Look = { Icon: LucideIcon; tone: string };
const waiting: Look = { Icon: Clock, tone: 'bg-amber-50 text-amber-900' };
const done: Look = { Icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-800' };
const givenBack: Look = { Icon: Undo2, tone: 'bg-slate-100 text-slate-800' };
const statusLooks: Record<OrderStatusName, Look> = {
  pending: waiting,
  processing: waiting,
  shipped: { Icon: Truck, tone: 'bg-sky-50 text-sky-900' },
  delivered: done,
  cancelled: { Icon: CircleX, tone: 'bg-slate-100 text-slate-800' },
};
const paymentLooks: Record<PaymentStatusName, Look> = {
  unpaid: waiting,
  paid: done,
  partially_refunded: givenBack,
  refunded: givenBack,
};

/** The status and the payment state each in its own label (docs/decisions/0002-admin-order-flags.md). */
function State({ name, Icon, tone }: Look & { name: string }) {
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 font-bold ${tone}`}>
      <Icon aria-hidden="true" className="size-4" />
      {name}
    </span>
  );
}
