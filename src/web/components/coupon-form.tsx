import type { FormEvent } from 'react';
import { COUPON_DISCOUNT_RANGE, COUPON_NAME_MAX } from '../../contract/constants';
import { ac } from '../i18n/admin-orders';
import { type CouponField, type CouponMode, couponFields } from '../lib/coupon-form';
import type { FieldErrors, FormValues } from '../lib/form';
import { formatNumber } from '../lib/format';
import { useFormErrors } from '../lib/use-form-errors';
import { AddEditForm } from './add-edit-form';
import { FormField } from './form-field';

type CouponFormProps = {
  mode: CouponMode;
  /** What the fields hold: empty, the saved coupon, or what was typed before a failure. */
  values: FormValues<CouponField>;
  fieldErrors: FieldErrors<CouponField> | undefined;
  formError: string | undefined;
  submitLabel: string;
  /** A new value here (the answer of a successful add) empties the form for the next coupon. */
  resetOn?: object | undefined;
};

/** docs/specification.md (Validation rules: Coupons): the name becomes upper case as it is typed, in the field itself; the caret stays put. */
function upperCaseAsTyped(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  input.setSelectionRange(selectionStart, selectionEnd);
}

/** The add and edit coupon form (docs/specification.md (Screens and routes: Staff screens), coupons): name, expiry date, discount percent. */
export function CouponForm({ mode, values, fieldErrors, formError, submitLabel, resetOn }: CouponFormProps) {
  const { errors, formProps } = useFormErrors(
    couponFields,
    { load: () => import('../lib/coupon-validation'), validate: (v, typed) => v.validateCoupon(typed, mode) },
    fieldErrors,
  );
  const { min, max } = COUPON_DISCOUNT_RANGE[mode];
  return (
    <AddEditForm
      mode={mode}
      formProps={formProps}
      formError={formError}
      submitLabel={submitLabel}
      back={{ to: '/admin/addCoupon', label: ac.backToCoupons }}
      resetOn={resetOn}
    >
      <div className="grid gap-5 md:grid-cols-3">
        <FormField
          name="name"
          label={ac.name}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="auto"
          maxLength={COUPON_NAME_MAX}
          // Upper case on screen before JavaScript loads too; the action upper-cases what is sent.
          className="[&_input]:uppercase"
          defaultValue={values.name}
          onInput={upperCaseAsTyped}
          error={errors.name}
          hint={ac.nameHint}
        />
        <FormField
          name="expire"
          label={ac.expire}
          type="date"
          defaultValue={values.expire}
          error={errors.expire}
          hint={ac.expireHint}
        />
        <FormField
          name="discount"
          label={ac.discount}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          defaultValue={values.discount}
          error={errors.discount}
          hint={ac.discountHint(formatNumber(min), formatNumber(max))}
        />
      </div>
    </AddEditForm>
  );
}
