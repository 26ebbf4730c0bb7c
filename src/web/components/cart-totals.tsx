import { TicketPercent } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Cart } from '../../contract/types';
import { cartText } from '../i18n/cart';
import { formatPercent, formatPrice } from '../lib/format';
import { plural } from '../lib/plural';

type CartTotalsProps = {
  cart: Pick<Cart, 'totalCartPrice' | 'coupon' | 'discount' | 'totalAfterDiscount'>;
  lineCount: number;
  currency: string;
  headingId: string;
  children?: ReactNode;
};

/** The cart page's summary: the goods' value, and with a coupon the discounted value (the total comes at payment, docs/pricing.md). */
export function CartTotals({ cart, lineCount, currency, headingId, children }: CartTotalsProps) {
  const discounted = cart.coupon !== undefined && cart.totalAfterDiscount !== undefined;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="mb-4 text-lg font-bold">
        {cartText.summary}
      </h2>
      <p className="mb-3 text-slate-700">{plural(lineCount, cartText.itemsCount)}</p>
      <dl className="space-y-3">
        <div className="flex items-baseline justify-between gap-3">
          <dt className="font-bold">{cartText.goods}</dt>
          <dd className={discounted ? 'text-slate-600 line-through' : 'text-xl font-bold text-brand-700'}>
            {formatPrice(cart.totalCartPrice, currency)}
          </dd>
        </div>
        {discounted && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900">
              <dt className="flex items-center gap-1.5 whitespace-nowrap">
                <TicketPercent aria-hidden="true" className="size-5" />
                {cartText.appliedCoupon}
              </dt>
              <dd className="flex flex-wrap items-baseline gap-x-2">
                <bdi className="font-bold">{cart.coupon}</bdi>
                {cart.discount !== undefined && (
                  <span className="whitespace-nowrap text-sm">
                    ({cartText.couponDiscount(formatPercent(cart.discount / 100))})
                  </span>
                )}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-3">
              <dt className="font-bold">{cartText.goodsAfterDiscount}</dt>
              <dd className="text-xl font-bold text-brand-700">
                {formatPrice(cart.totalAfterDiscount ?? 0, currency)}
              </dd>
            </div>
          </>
        )}
      </dl>
      {/* Shipping, the cash fee and VAT come at payment (docs/pricing.md). */}
      <p className="mt-3 text-sm text-slate-600">{cartText.shippingAtPayment}</p>
      {children}
    </section>
  );
}
