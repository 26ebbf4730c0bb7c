import { shopDay } from '../../contract/dates';
import { toAsciiDigits } from '../../contract/digits';
import type { Coupon } from '../../contract/types';
import type { CouponBody } from './api';
import type { FormValues } from './form';

/** Field names are the API's body fields, so its messages land on the right field. */
export const couponFields = ['name', 'expire', 'discount'] as const;
export type CouponField = (typeof couponFields)[number];

/** Adding and editing share the form; only the discount's lower bound differs. */
export type CouponMode = 'add' | 'edit';

/** The API body of a valid form: the name in upper case (docs/specification.md (Validation rules: Coupons)), digits in ASCII. */
export function couponBody(values: FormValues<CouponField>): CouponBody {
  return {
    name: values.name.trim().toUpperCase(),
    expire: toAsciiDigits(values.expire.trim()),
    discount: Number(toAsciiDigits(values.discount.trim())),
  };
}

/** What the form of a new coupon starts with. */
export const EMPTY_COUPON: FormValues<CouponField> = { name: '', expire: '', discount: '' };

/** What the edit form starts with: the saved coupon's values, its expiry as a day in the shop's zone. */
export function couponDefaults(coupon: Coupon, timeZone: string): FormValues<CouponField> {
  return { name: coupon.name, expire: shopDay(coupon.expire, timeZone), discount: String(coupon.discount) };
}

/** Past its expiry: such a coupon no longer applies to any cart. */
export const isExpired = (coupon: Pick<Coupon, 'expire'>, now: number) => Date.parse(coupon.expire) < now;
