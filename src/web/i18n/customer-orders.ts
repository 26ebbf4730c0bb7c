import { ORDER_STATUS_NAMES, PAYMENT_STATUS_NAMES } from '../../contract/order-statuses';
import type { OrderEvent } from '../../contract/types';

/** The customer's order page, its timeline, its cancel and the thank-you after an order (docs/orders.md § The customer's screens). */
export const co = {
  detailTitle: 'تفاصيل الطلب',
  detailDescription: 'حالة طلبك وتتبعه وسجله.',
  backToOrders: 'العودة إلى طلباتي',
  viewDetails: 'تفاصيل الطلب وتتبعه',
  viewOrder: (number: string) => `عرض الطلب رقم ${number}`,
  shippingAddress: 'عنوان الشحن',
  tracking: 'تتبع الشحنة',
  carrier: 'شركة الشحن',
  trackingNumber: 'رقم التتبع',
  trackParcel: 'تتبع الشحنة على موقع الشحن',
  opensInNewTab: '(يفتح في نافذة جديدة)',
  historyTitle: 'سجل الطلب',
  historyHint: 'الأقدم أولاً',
  reason: 'السبب',
  note: 'ملاحظة',
  by: 'بواسطة',

  thanksTitle: 'شكراً لطلبك',
  thanksNumber: (number: string) => `رقم طلبك ${number}`,
  nextTitle: 'ماذا بعد؟',
  nextPrepare: 'سنجهّز طلبك ونخبرك حين يُشحن.',
  nextEmail: 'ستصلك رسالة على بريدك الإلكتروني عند كل خطوة.',
  nextCash: 'تدفع المبلغ نقداً عند استلام الطلب.',
  nextCard: 'تم الدفع بالبطاقة، فلا شيء عليك عند الاستلام.',

  cancelOrder: 'إلغاء الطلب',
  cancelTitle: 'إلغاء الطلب',
  cancelQuestion: (number: string) => `هل تريد إلغاء الطلب رقم ${number}؟ لا يمكن التراجع عن الإلغاء.`,
  cancelReason: 'سبب الإلغاء (اختياري)',
  cancelReasonHint: 'يساعدنا على تحسين خدمتنا. حتى 500 حرف.',
  confirmCancel: 'نعم، ألغِ الطلب',
  keepOrder: 'تراجع',
  cancelled: 'تم إلغاء الطلب',
  cancelFailed: 'تعذّر إلغاء الطلب، حاول مرة أخرى',
} as const;

/** Who made a change, as the customer reads it: the history carries the role only (docs/orders.md § History). */
export const actorLabels: Record<OrderEvent['by'], string> = {
  customer: 'أنت',
  admin: 'المتجر',
  system: 'النظام',
};

/** What one change in the timeline was, in a line. `amount` is the refund's, already formatted. */
export function eventTitle(event: OrderEvent, amount: string): string {
  switch (event.kind) {
    case 'created':
      return 'تم إنشاء الطلب';
    case 'payment':
      return `حالة الدفع: ${PAYMENT_STATUS_NAMES[event.paymentStatus ?? 'paid']}`;
    case 'refund':
      return `استرداد ${amount}`;
    case 'status':
      if (event.to === 'cancelled') return 'تم إلغاء الطلب';
      if (event.from === event.to) return 'تم تحديث بيانات التتبع';
      return `الحالة: ${event.to ? ORDER_STATUS_NAMES[event.to] : ''}`;
  }
}
