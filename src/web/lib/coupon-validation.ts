import { createCouponSchema, editCouponSchema } from '../../contract/shopping';
import { schemaErrors } from './api-errors';
import { type CouponField, type CouponMode, couponFields } from './coupon-form';
import type { FieldErrors, FormValues } from './form';

/**
 * docs/specification.md (Validation rules: Coupons): name, expiry and discount required; the discount a whole number within the mode's
 * range (1–100 added, 0–100 edited). The API's own schema, so the same rules and words. The
 * browser loads this module (and zod with it) when the form is first used (useFormErrors).
 */
export const validateCoupon = (values: FormValues<CouponField>, mode: CouponMode): FieldErrors<CouponField> =>
  schemaErrors(mode === 'add' ? createCouponSchema : editCouponSchema, values, couponFields);
