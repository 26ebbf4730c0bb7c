import { currencyDigits, formatMoney } from '../../../contract/money.js';
import { MONEY_LABELS } from '../../../contract/money-lines.js';
import { ORDER_STATUS_NAMES, PAYMENT_METHOD_NAMES } from '../../../contract/order-statuses.js';
import type { Order, OrderStatus } from '../../../contract/types.js';
import { lineLabel } from '../../../contract/variant-names.js';
import type { Tx } from '../../../db/client.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { composeMail, type MailLine } from '../../mail/compose.js';
import type { Mail } from '../../mail/mailer.js';
import { storeSettingsOf } from '../settings/service.js';
import {
  confirmationMail,
  creditNotePagePath,
  customerOrderPath,
  invoicePagePath,
  TEST_ORDER_NOTE,
} from './confirmation-mail.js';
import { createOrderReader } from './service.js';

/*
 * The messages an order's life sends (docs/orders.md § Messages): to the customer at each status
 * change and each refund staff record, in Arabic, right to left, as HTML and plain text
 * (src/server/mail/compose.ts); to the shop's own address (store settings `email`) on every new
 * order and every cancel. Each is composed from the order as the change left it, inside the
 * change's transaction, and queued there (docs/mail.md): it goes out once the change commits, and
 * never if it rolls back.
 */

/** Where staff open one order on the web. */
export const staffOrderPath = (orderId: string) => `/admin/orders/${orderId}`;

/** What the customer is told under each status. */
const STATUS_LINES: Record<OrderStatus, string> = {
  pending: 'استلمنا طلبك وسنبدأ تجهيزه قريباً.',
  processing: 'بدأنا تجهيز طلبك.',
  shipped: 'سلّمنا طلبك لشركة الشحن، وهو في الطريق إليك.',
  delivered: 'وصل طلبك. نتمنى أن ينال إعجابك.',
  cancelled: 'أُلغي طلبك، وأُعيدت منتجاته إلى المخزون.',
};

type MessageConfig = Pick<Config, 'shopName' | 'currency' | 'timeZone'>;

/** Tells the customer their order moved to `order.status` (tracking and invoice links included). */
function statusMail(config: MessageConfig, order: Order, origin: string): Mail {
  // The move's own event (a delivery of a cash order is followed by its payment's).
  const event = order.history.findLast((change) => change.kind === 'status');
  const lines: MailLine[] = [
    `مرحباً ${order.user.name}،`,
    '',
    `حالة طلبك رقم ${order.number} الآن: ${ORDER_STATUS_NAMES[order.status]}.`,
    STATUS_LINES[order.status],
    ...(order.isTest ? [TEST_ORDER_NOTE] : []),
    ...(event?.note ? [`ملاحظة: ${event.note}`] : []),
    ...(order.status === 'shipped' && order.carrier ? [`شركة الشحن: ${order.carrier}`] : []),
    ...(order.status === 'shipped' && order.trackingNumber ? [`رقم التتبع: ${order.trackingNumber}`] : []),
  ].map((text) => ({ text }));
  if (order.status === 'shipped' && order.trackingUrl) lines.push({ text: 'تتبّع الشحنة', href: order.trackingUrl });
  if (order.status === 'cancelled' && order.paymentStatus !== 'unpaid') {
    lines.push({ text: 'سيُعاد إليك ما دفعته إلى وسيلة الدفع نفسها، وقد يستغرق ظهوره بضعة أيام بحسب البنك.' });
  }
  lines.push({ text: 'صفحة طلبك', href: `${origin}${customerOrderPath(order.id)}` });
  if (order.invoiceNumber) lines.push({ text: 'الفاتورة الضريبية', href: `${origin}${invoicePagePath(order.id)}` });
  lines.push({ text: '' }, { text: config.shopName });
  const subject = `${config.shopName}: طلبك رقم ${order.number} — ${ORDER_STATUS_NAMES[order.status]}`;
  return composeMail(order.user.email, subject, lines);
}

/**
 * Tells the customer staff gave money back (docs/orders.md § Messages): how much, why, how it
 * reaches them — a card's refund goes back to the card, a cash order's is handed back in cash
 * (docs/orders.md § Refunds) — with the credit note when one was issued, and the order's page.
 */
function refundMail(config: MessageConfig, order: Order, refund: RefundNotice, origin: string): Mail {
  const money = formatMoney(refund.amount, config.currency);
  const lines: MailLine[] = [
    `مرحباً ${order.user.name}،`,
    '',
    `سجّلنا استرداد ${money} من طلبك رقم ${order.number}.`,
    `السبب: ${refund.reason}`,
    refund.byCard
      ? 'يُعاد المبلغ إلى البطاقة التي دفعت بها، وقد يستغرق ظهوره في حسابك بضعة أيام بحسب البنك.'
      : 'يُسلَّم إليك هذا المبلغ نقداً يداً بيد من المتجر، لا إلى بطاقة أو حساب بنكي.',
    ...(order.isTest ? [TEST_ORDER_NOTE] : []),
  ].map((text) => ({ text }));
  if (refund.creditNoteNumber !== undefined) {
    lines.push({
      text: `الإشعار الدائن رقم ${refund.creditNoteNumber} المرتبط بالفاتورة الضريبية`,
      href: `${origin}${creditNotePagePath(order.id, refund.creditNoteNumber)}`,
    });
  }
  lines.push({ text: 'صفحة طلبك', href: `${origin}${customerOrderPath(order.id)}` });
  lines.push({ text: '' }, { text: config.shopName });
  return composeMail(order.user.email, `${config.shopName}: استرداد ${money} من طلبك رقم ${order.number}`, lines);
}

/** Tells the shop about a new order or a cancel. */
function shopNoticeMail(
  config: MessageConfig,
  to: string,
  order: Order,
  kind: 'created' | 'cancelled',
  origin: string,
): Mail {
  const what = kind === 'created' ? 'طلب جديد' : 'طلب ملغى';
  const reason = kind === 'cancelled' ? order.history.at(-1)?.note : undefined;
  const lines: MailLine[] = [
    { text: `${what} رقم ${order.number}${order.isTest ? ' (طلب تجريبي)' : ''}` },
    { text: `العميل: ${order.user.name} — ${order.user.email} — ${order.user.phone}` },
    {
      text: `${MONEY_LABELS.total}: ${formatMoney(order.totalOrderPrice, config.currency)} — ${PAYMENT_METHOD_NAMES[order.paymentMethodType]}`,
    },
    ...order.cartItems.map((item) => ({ text: `- ${lineLabel({ ...item, title: item.product.title })}` })),
    { text: `عنوان التوصيل: ${order.shippingAddress.details}، ${order.shippingAddress.city}` },
    ...(reason ? [{ text: `السبب: ${reason}` }] : []),
    { text: 'افتح الطلب', href: `${origin}${staffOrderPath(order.id)}` },
  ];
  return composeMail(to, `${config.shopName}: ${what} رقم ${order.number}`, lines);
}

/**
 * What an order's changes tell, queued in their transaction (`tx`): each reads the order through
 * `tx`, as the change left it, and enqueues its messages on the mail queue.
 */
export function orderMessages({ config, media, mail }: Pick<AppContext, 'config' | 'media' | 'mail'>) {
  const digits = currencyDigits(config.currency);
  const read = async (tx: Tx, orderId: string, origin: string) =>
    createOrderReader(tx, media, digits).written(orderId, origin, 'customer');
  /** The shop's notice, when the store settings have an e-mail. */
  const noticeShop = async (tx: Tx, order: Order, kind: 'created' | 'cancelled', origin: string) => {
    const to = (await storeSettingsOf(tx, config)).email.trim();
    if (to) await mail.enqueue(tx, shopNoticeMail(config, to, order, kind, origin));
  };

  return {
    /** A new order: the customer's confirmation and the shop's notice. */
    async created(tx: Tx, orderId: string, origin: string) {
      const order = await read(tx, orderId, origin);
      await mail.enqueue(tx, await confirmationMail(tx, config, order, origin));
      await noticeShop(tx, order, 'created', origin);
    },

    /** The order moved (a cancel also tells the shop). */
    async statusChanged(tx: Tx, orderId: string, origin: string) {
      const order = await read(tx, orderId, origin);
      await mail.enqueue(tx, statusMail(config, order, origin));
      if (order.status === 'cancelled') await noticeShop(tx, order, 'cancelled', origin);
    },

    /** Staff recorded a refund (once per refund: a replayed request records none). */
    async refunded(tx: Tx, orderId: string, refund: RefundNotice, origin: string) {
      await mail.enqueue(tx, refundMail(config, await read(tx, orderId, origin), refund, origin));
    },
  };
}

/** A refund as its e-mail tells it: the amount in major units; `byCard` when it goes back through the provider. */
export type RefundNotice = { amount: number; reason: string; byCard: boolean; creditNoteNumber?: number | undefined };

export type OrderMessages = ReturnType<typeof orderMessages>;
