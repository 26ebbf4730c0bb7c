import { COUPON_NAME_MAX } from '../../contract/constants';
import { toAsciiDigits } from '../../contract/digits';
import { apiMessages as m } from '../../contract/messages';
import type { Coupon } from '../../contract/types';
import { ac } from '../i18n/admin-orders';
import type { CouponBody } from './api';
import type { MessageOverrides } from './api-errors';
import type { FieldErrors, FormValues } from './form';
import { formatNumber } from './format';

/** Field names are the API's body fields, so its messages land on the right field. */
export const couponFields = ['name', 'expire', 'discount'] as const;
export type CouponField = (typeof couponFields)[number];

/** Adding and editing share the form; only the discount's lower bound differs. */
export type CouponMode = 'add' | 'edit';

/** Spec §5/§9: a new coupon takes 1 to 100 %; an edited one may drop to 0 (switched off, not deleted). */
export const discountRange = { add: { min: 1, max: 100 }, edit: { min: 0, max: 100 } } as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day in the date input's form: '2026-02-30' is not one. */
function isCalendarDay(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const discountRangeText = (mode: CouponMode) =>
  ac.discountRange(formatNumber(discountRange[mode].min), formatNumber(discountRange[mode].max));

/** Spec §5: name, expiry and discount required; the discount a whole number within the mode's range. */
export function validateCoupon(values: FormValues<CouponField>, mode: CouponMode): FieldErrors<CouponField> {
  const errors: FieldErrors<CouponField> = {};
  const name = values.name.trim();
  if (!name) errors.name = ac.nameRequired;
  else if (name.length > COUPON_NAME_MAX) errors.name = ac.nameTooLong;

  const expire = toAsciiDigits(values.expire.trim());
  if (!expire) errors.expire = ac.expireRequired;
  else if (!isCalendarDay(expire)) errors.expire = ac.expireInvalid;

  const discount = toAsciiDigits(values.discount.trim());
  const { min, max } = discountRange[mode];
  const percent = Number(discount);
  if (!discount) errors.discount = ac.discountRequired;
  else if (!Number.isInteger(percent) || percent < min || percent > max) errors.discount = discountRangeText(mode);
  return errors;
}

/** The API body of a valid form: the name in upper case (spec §5), digits in ASCII. */
export function couponBody(values: FormValues<CouponField>): CouponBody {
  return {
    name: values.name.trim().toUpperCase(),
    expire: toAsciiDigits(values.expire.trim()),
    discount: Number(toAsciiDigits(values.discount.trim())),
  };
}

/** What the form starts with: empty for a new coupon, the saved one's values (its UTC day) for an edit. */
export function couponDefaults(coupon: Coupon | null): FormValues<CouponField> {
  if (!coupon) return { name: '', expire: '', discount: '' };
  return { name: coupon.name, expire: coupon.expire.slice(0, 10), discount: String(coupon.discount) };
}

/** Past its expiry: such a coupon no longer applies to any cart. */
export const isExpired = (coupon: Pick<Coupon, 'expire'>, now: number) => Date.parse(coupon.expire) < now;

/** The API's coupon messages as the admin reads them (spec §8: 'coupon already added'). */
export const couponApiMessages: MessageOverrides = {
  [m.couponNameRequired]: ac.nameRequired,
  [m.couponExpireRequired]: ac.expireRequired,
  [m.couponExpireInvalid]: ac.expireInvalid,
  [m.couponDiscountRequired]: ac.discountRequired,
  [m.couponDiscountRange]: discountRangeText('add'),
  [m.couponDiscountEditRange]: discountRangeText('edit'),
  [m.couponNameTaken]: ac.nameTaken,
  [m.couponNotFound]: ac.couponGone,
};
