import type { FastifyBaseLogger } from 'fastify';
import { formatMoney } from '../../../contract/money.js';
import { MONEY_LABELS } from '../../../contract/money-lines.js';
import { ORDER_STATUS_NAMES, PAYMENT_METHOD_NAMES } from '../../../contract/order-statuses.js';
import type { Order, OrderStatus } from '../../../contract/types.js';
import { lineLabel } from '../../../contract/variant-names.js';
import type { AppContext } from '../../context.js';
import { composeMail, type MailLine } from '../../mail/compose.js';
import type { Mail } from '../../mail/mailer.js';
import { storeSettingsOf } from '../settings/service.js';
import { creditNotePagePath, customerOrderPath, invoicePagePath, TEST_ORDER_NOTE } from './confirmation-mail.js';

/*
 * The messages an order's life sends (docs/orders.md § Messages): to the customer at each status
 * change and each refund staff record, in Arabic, right to left, as HTML and plain text
 * (src/server/mail/compose.ts); to the shop's own address (store settings `email`) on every new
 * order and every cancel. A mail failure is logged and never undoes the change it reports.
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

export function orderMessages({ mailer, config, db }: AppContext, log: FastifyBaseLogger) {
  const send = async (mail: Mail, about: string) => {
    try {
      await mailer.send(mail);
    } catch (error) {
      log.error({ err: error, about }, 'order e-mail failed');
    }
  };
  const money = (amount: number) => formatMoney(amount, config.currency);

  /** The shop's own address for notices, if the store settings have one. */
  const shopAddress = async () => {
    try {
      return (await storeSettingsOf(db, config)).email.trim() || undefined;
    } catch (error) {
      log.error({ err: error }, 'store settings unreadable: no shop notice');
      return undefined;
    }
  };

  return {
    /** Tells the customer their order moved to `order.status` (tracking and invoice links included). */
    async statusChanged(order: Order, origin: string) {
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
      await send(composeMail(order.user.email, subject, lines), `order ${order.id} status`);
    },

    /**
     * Tells the customer staff gave money back (docs/orders.md § Messages): how much, why, how it
     * reaches them — a card's refund goes back to the card, a cash order's is handed back in cash
     * (docs/orders.md § Refunds) — with the credit note when one was issued, and the order's page.
     * Sent once per refund: the route does not send it again for a replayed request.
     */
    async refunded(order: Order, refund: RefundNotice, origin: string) {
      const lines: MailLine[] = [
        `مرحباً ${order.user.name}،`,
        '',
        `سجّلنا استرداد ${money(refund.amount)} من طلبك رقم ${order.number}.`,
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
      const subject = `${config.shopName}: استرداد ${money(refund.amount)} من طلبك رقم ${order.number}`;
      await send(composeMail(order.user.email, subject, lines), `order ${order.id} refund`);
    },

    /** Tells the shop about a new order or a cancel, when the store settings have an e-mail. */
    async shopNotice(order: Order, kind: 'created' | 'cancelled', origin: string) {
      const to = await shopAddress();
      if (!to) return;
      const what = kind === 'created' ? 'طلب جديد' : 'طلب ملغى';
      const reason = kind === 'cancelled' ? order.history.at(-1)?.note : undefined;
      const lines: MailLine[] = [
        { text: `${what} رقم ${order.number}${order.isTest ? ' (طلب تجريبي)' : ''}` },
        { text: `العميل: ${order.user.name} — ${order.user.email} — ${order.user.phone}` },
        {
          text: `${MONEY_LABELS.total}: ${money(order.totalOrderPrice)} — ${PAYMENT_METHOD_NAMES[order.paymentMethodType]}`,
        },
        ...order.cartItems.map((item) => ({ text: `- ${lineLabel({ ...item, title: item.product.title })}` })),
        { text: `عنوان التوصيل: ${order.shippingAddress.details}، ${order.shippingAddress.city}` },
        ...(reason ? [{ text: `السبب: ${reason}` }] : []),
        { text: 'افتح الطلب', href: `${origin}${staffOrderPath(order.id)}` },
      ];
      await send(composeMail(to, `${config.shopName}: ${what} رقم ${order.number}`, lines), `order ${order.id} notice`);
    },
  };
}

/** A refund as its e-mail tells it: the amount in major units; `byCard` when it goes back through the provider. */
export type RefundNotice = { amount: number; reason: string; byCard: boolean; creditNoteNumber?: number | undefined };

export type OrderMessages = ReturnType<typeof orderMessages>;
