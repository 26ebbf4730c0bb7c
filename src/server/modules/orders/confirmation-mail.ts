import type { FastifyBaseLogger } from 'fastify';
import { formatMoney } from '../../../contract/money.js';
import type { Order } from '../../../contract/types.js';
import type { AppContext } from '../../context.js';

/** The order confirmation e-mail in Arabic; a mail failure is logged and never undoes an order. */
export function orderConfirmationMailer({ mailer, config }: AppContext, log: FastifyBaseLogger) {
  return async (order: Order | undefined) => {
    if (!order) return;
    const lines = order.cartItems.map((item) => `- ${item.product.title} × ${item.count}`).join('\n');
    const method = order.paymentMethodType === 'cash' ? 'الدفع عند الاستلام' : 'بطاقة (تم الدفع)';
    try {
      await mailer.send({
        to: order.user.email,
        subject: `${config.shopName}: تأكيد طلبك رقم ${order.number}`,
        text: [
          `مرحباً ${order.user.name}،`,
          '',
          `شكراً لطلبك من ${config.shopName}. رقم الطلب: ${order.number}`,
          '',
          lines,
          '',
          `الإجمالي: ${formatMoney(order.totalOrderPrice, config.currency)}`,
          `طريقة الدفع: ${method}`,
          `عنوان التوصيل: ${order.shippingAddress.details}، ${order.shippingAddress.city}`,
          '',
          config.shopName,
        ].join('\n'),
      });
    } catch (error) {
      log.error({ err: error, order: order.id }, 'order confirmation e-mail failed');
    }
  };
}
