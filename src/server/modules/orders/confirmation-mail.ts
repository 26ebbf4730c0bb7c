import { formatDateTime } from '../../../contract/dates.js';
import { moneyLines, orderMoneyParts, wholeLabel } from '../../../contract/money-lines.js';
import { PAYMENT_METHOD_NAMES } from '../../../contract/order-statuses.js';
import type { Order } from '../../../contract/types.js';
import { lineLabel } from '../../../contract/variant-names.js';
import type { Tx } from '../../../db/client.js';
import type { Config } from '../../config.js';
import { composeMail, type MailLine } from '../../mail/compose.js';
import type { Mail } from '../../mail/mailer.js';
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
 * The order confirmation e-mail in Arabic, right to left, as HTML and plain text like every order
 * message (src/server/mail/compose.ts): when it was placed (the shop's time, docs/dates.md), its
 * lines and bill, and links to the order's page and its tax invoice when one was issued (`origin`:
 * the shop's address). Composed in the order's transaction (`tx`) and queued there (docs/mail.md).
 */
export async function confirmationMail(tx: Tx, config: Config, order: Order, origin: string): Promise<Mail> {
  const method = `${PAYMENT_METHOD_NAMES[order.paymentMethodType]}${order.paymentMethodType === 'card' ? ' (تم الدفع)' : ''}`;
  const invoice = await invoiceOfOrder(tx, order.id);
  const lines: MailLine[] = [
    `مرحباً ${order.user.name}،`,
    '',
    `شكراً لطلبك من ${config.shopName}. رقم الطلب: ${order.number}`,
    `تاريخ الطلب: ${formatDateTime(order.createdAt, config.timeZone)}`,
    ...(order.isTest ? ['', TEST_ORDER_NOTE] : []),
    '',
    ...order.cartItems.map((item) => `- ${lineLabel({ ...item, title: item.product.title })}`),
    '',
    // The same lines as the order's page (docs/pricing.md).
    ...moneyLines(orderMoneyParts(order), config.currency).map((line) => `${wholeLabel(line)}: ${line.value}`),
    `طريقة الدفع: ${method}`,
    `عنوان التوصيل: ${order.shippingAddress.details}، ${order.shippingAddress.city}`,
    '',
  ].map((text) => ({ text }));
  lines.push({ text: 'تابع طلبك', href: `${origin}${customerOrderPath(order.id)}` });
  if (invoice) lines.push({ text: 'الفاتورة الضريبية المبسطة', href: `${origin}${invoicePagePath(order.id)}` });
  lines.push({ text: '' }, { text: config.shopName });
  const subject = `${config.shopName}: تأكيد طلبك رقم ${order.number}${order.isTest ? ' (طلب تجريبي)' : ''}`;
  return composeMail(order.user.email, subject, lines);
}

/** Tells a customer their payment was returned because no order could be made from it (HTML and text). */
export function refundNoticeMail(
  config: Pick<Config, 'shopName'>,
  to: { email: string; name: string },
  amount: string,
  reason: string,
): Mail {
  const lines = [
    `مرحباً ${to.name}،`,
    '',
    `وصلنا دفعك بمبلغ ${amount}، لكن لم نتمكن من إتمام الطلب: ${reason}`,
    'لذلك أعدنا المبلغ كاملاً إلى وسيلة الدفع نفسها، وقد يستغرق ظهوره في حسابك بضعة أيام بحسب البنك.',
    '',
    'نعتذر عن ذلك، ويسعدنا أن تطلب مرة أخرى.',
    config.shopName,
  ].map((text) => ({ text }));
  return composeMail(to.email, `${config.shopName}: أعدنا إليك مبلغ ${amount}`, lines);
}
