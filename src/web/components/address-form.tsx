import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { phoneCountryOf } from '../../contract/phone';
import { at } from '../i18n/account';
import { authText, phoneExamples } from '../i18n/auth';
import { type AddressField, addressFields } from '../lib/account-form';
import type { FieldErrors, FormValues } from '../lib/form';
import { useFormErrors } from '../lib/use-form-errors';
import { useHydrated } from '../lib/use-hydrated';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';
import { SubmitButton } from './submit-button';

type AddressFormProps = {
  /** What the fields hold: the saved address, the shop's defaults, or what was typed before a failure. */
  values: FormValues<AddressField>;
  fieldErrors: FieldErrors<AddressField> | undefined;
  formError: string | undefined;
  phoneCountry: string;
  /** The market's cities, offered as suggestions: any other city may still be typed. */
  cities: readonly string[];
  submitLabel: string;
  /**
   * The form inside another page's dialog (the payment page's): no card of its own, its `intent`
   * posted to that page's action, and `cancel` (the dialog's way out) instead of the link back to
   * the address book.
   */
  inDialog?: { intent: string; cancel: ReactNode };
};

/** The add and edit address form (docs/specification.md (Screens and routes: Customer screens), docs/decisions/0010-address-city-and-postal-code.md: city required, postal code optional). */
export function AddressForm({
  values,
  fieldErrors,
  formError,
  phoneCountry,
  cities,
  submitLabel,
  inDialog,
}: AddressFormProps) {
  const { errors, formProps } = useFormErrors(
    addressFields,
    { load: () => import('../lib/account-validation'), validate: (v, typed) => v.validateAddress(typed, phoneCountry) },
    fieldErrors,
  );
  const hydrated = useHydrated();
  const phoneExample = phoneExamples[phoneCountryOf(phoneCountry)];
  return (
    <div className={inDialog ? undefined : 'max-w-xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6'}>
      {formError && <FormAlert>{formError}</FormAlert>}
      <Form method="post" className="space-y-5" {...formProps}>
        {hydrated && <input type="hidden" name="js" value="1" />}
        {inDialog && <input type="hidden" name="intent" value={inDialog.intent} />}
        <FormField name="alias" label={at.alias} defaultValue={values.alias} error={errors.alias} hint={at.aliasHint} />
        <FormField
          name="details"
          label={at.details}
          autoComplete="street-address"
          defaultValue={values.details}
          error={errors.details}
          hint={at.detailsHint}
        />
        <FormField
          name="phone"
          label={at.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          defaultValue={values.phone}
          error={errors.phone}
          hint={
            <>
              {authText.phoneExample} <bdi dir="ltr">{phoneExample}</bdi>
            </>
          }
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            name="city"
            label={at.city}
            autoComplete="address-level2"
            list="address-cities"
            defaultValue={values.city}
            error={errors.city}
            hint={at.cityHint}
          />
          <datalist id="address-cities">
            {cities.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
          <FormField
            name="postalCode"
            label={`${at.postalCode} (${at.optional})`}
            inputMode="numeric"
            autoComplete="postal-code"
            dir="ltr"
            defaultValue={values.postalCode}
            error={errors.postalCode}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3 pt-1">
          <SubmitButton className="px-6" intent={inDialog?.intent}>
            {submitLabel}
          </SubmitButton>
          {inDialog ? (
            inDialog.cancel
          ) : (
            <Link to="/user/address" className="px-2 py-3 font-bold text-brand-700 hover:underline">
              {at.backToAddresses}
            </Link>
          )}
        </div>
      </Form>
    </div>
  );
}
