/*
 * An order's statuses and payment states (docs/orders.md § Lifecycle), without zod: the web's pages
 * read them up front (the admin order page offers only the allowed moves).
 */

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'partially_refunded', 'refunded'] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];
export type PaymentStatusName = (typeof PAYMENT_STATUSES)[number];

/*
 * The Arabic names people read, one table for every screen (the admin's and the customer's) and the
 * customer's e-mails (src/server/modules/orders/status-mail.ts). In the lifecycle's order: the
 * admin list's filters offer them so.
 */
export const ORDER_STATUS_NAMES: Readonly<Record<OrderStatusName, string>> = {
  pending: 'قيد المراجعة',
  processing: 'قيد التجهيز',
  shipped: 'تم الشحن',
  delivered: 'تم التوصيل',
  cancelled: 'ملغي',
};
export const PAYMENT_STATUS_NAMES: Readonly<Record<PaymentStatusName, string>> = {
  unpaid: 'غير مدفوع',
  paid: 'مدفوع',
  partially_refunded: 'مسترد جزئياً',
  refunded: 'مسترد بالكامل',
};

/** How an order is paid, as people read it (screens, e-mails, the CSV export). */
export const PAYMENT_METHOD_NAMES: Readonly<Record<'cash' | 'card', string>> = {
  cash: 'الدفع عند الاستلام',
  card: 'بطاقة',
};

/**
 * The statuses staff may move an order to from each status (docs/orders.md § Statuses): forward
 * only, skipping steps allowed; `shipped → shipped` corrects the tracking. Cancelling has rules of
 * its own (`cancel` in src/server/modules/orders/lifecycle.ts).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusName, readonly OrderStatusName[]>> = {
  pending: ['processing', 'shipped', 'delivered', 'cancelled'],
  processing: ['shipped', 'delivered', 'cancelled'],
  shipped: ['shipped', 'delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};
