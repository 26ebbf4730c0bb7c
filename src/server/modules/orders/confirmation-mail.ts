import type { FastifyBaseLogger } from 'fastify';
import { moneyLines, orderMoneyParts } from '../../../contract/money-lines.js';
import type { Order } from '../../../contract/types.js';
import type { AppContext } from '../../context.js';
import { invoiceOfOrder } from '../invoices/service.js';

/** Said in every message about a test order: no money moved (docs/payments.md). */
export const TEST_ORDER_NOTE = 'طلب تجريبي: تم عبر بوابة الدفع التجريبية ولم يُدفع أي مبلغ حقيقي.';

/** Where the printable tax invoice of an order is (the web page; docs/invoices.md). */
export const invoicePagePath = (orderId: string) => `/orders/${orderId}/invoice`;
/** A credit note on that page: each is printed after the invoice, under its own anchor. */
export const creditNotePagePath = (orderId: string, number: number) =>
  `${invoicePagePath(orderId)}#credit-note-${number}`;
/** The customer's page of one order (docs/orders.md § The customer's screens). */
export const customerOrderPath = (orderId: string) => `/user/orders/${orderId}`;

/**
 * The order confirmation e-mail in Arabic, with a link to the order's tax invoice when one was
 * issued (`origin`: the shop's address); a mail failure is logged and never undoes an order.
 */
export function orderConfirmationMailer({ mailer, config, db }: AppContext, log: FastifyBaseLogger) {
  return async (order: Order | undefined, origin: string) => {
    if (!order) return;
    const lines = order.cartItems.map((item) => `- ${item.product.title} × ${item.count}`).join('\n');
    const method = order.paymentMethodType === 'cash' ? 'الدفع عند الاستلام' : 'بطاقة (تم الدفع)';
    try {
      const invoice = await invoiceOfOrder(db, order.id);
      await mailer.send({
        to: order.user.email,
        subject: `${config.shopName}: تأكيد طلبك رقم ${order.number}${order.isTest ? ' (طلب تجريبي)' : ''}`,
        text: [
          `مرحباً ${order.user.name}،`,
          '',
          `شكراً لطلبك من ${config.shopName}. رقم الطلب: ${order.number}`,
          ...(order.isTest ? ['', TEST_ORDER_NOTE] : []),
          '',
          lines,
          '',
          // The same lines as the order's page (docs/pricing.md).
          ...moneyLines(orderMoneyParts(order), config.currency).map((line) => `${line.label}: ${line.value}`),
          `طريقة الدفع: ${method}`,
          `عنوان التوصيل: ${order.shippingAddress.details}، ${order.shippingAddress.city}`,
          '',
          `تابع طلبك: ${origin}${customerOrderPath(order.id)}`,
          ...(invoice ? [`الفاتورة الضريبية المبسطة: ${origin}${invoicePagePath(order.id)}`] : []),
          '',
          config.shopName,
        ].join('\n'),
      });
    } catch (error) {
      log.error({ err: error, order: order.id }, 'order confirmation e-mail failed');
    }
  };
}

/** Tells a customer their payment was returned because no order could be made from it. */
export function refundNoticeMailer({ mailer, config }: AppContext, log: FastifyBaseLogger) {
  return async (to: { email: string; name: string }, amount: string, reason: string) => {
    try {
      await mailer.send({
        to: to.email,
        subject: `${config.shopName}: أعدنا إليك مبلغ ${amount}`,
        text: [
          `مرحباً ${to.name}،`,
          '',
          `وصلنا دفعك بمبلغ ${amount}، لكن لم نتمكن من إتمام الطلب: ${reason}`,
          'لذلك أعدنا المبلغ كاملاً إلى وسيلة الدفع نفسها، وقد يستغرق ظهوره في حسابك بضعة أيام بحسب البنك.',
          '',
          'نعتذر عن ذلك، ويسعدنا أن تطلب مرة أخرى.',
          config.shopName,
        ].join('\n'),
      });
    } catch (error) {
      log.error({ err: error, to: to.email }, 'refund notice e-mail failed');
    }
  };
}
