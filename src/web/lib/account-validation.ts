import { authSchemas, changeMyPasswordSchema } from '../../contract/auth';
import { toAsciiDigits } from '../../contract/digits';
import { addressSchemas } from '../../contract/shopping';
import type { Address } from '../../contract/types';
import { at } from '../i18n/account';
import type { AddressBody } from './api';
import { type ErrorTextOverrides, schemaErrors } from './api-errors';
import { phoneCountryOf } from './auth-validation';
import type { FieldErrors, FormValues } from './form';

/** Field names are the API's body fields, so its messages land on the right field. */
export const addressFields = ['alias', 'details', 'phone', 'city', 'postalCode'] as const;
export const profileFields = ['name', 'phone', 'email'] as const;
export const passwordFields = ['currentPassword', 'password', 'passwordConfirm'] as const;

export type AddressField = (typeof addressFields)[number];
export type ProfileField = (typeof profileFields)[number];
export type PasswordField = (typeof passwordFields)[number];

/** docs/specification.md (Validation rules: Addresses) with docs/decisions/0010-address-city-and-postal-code.md: alias, details, phone and city required; postal code optional (the API's schema). */
export const validateAddress = (values: FormValues<AddressField>, country: string): FieldErrors<AddressField> =>
  schemaErrors(addressSchemas(phoneCountryOf(country)).create, values, addressFields, { phoneCountry: country });

/** The API body of a valid address form. */
export function addressBody(values: FormValues<AddressField>): AddressBody {
  return {
    alias: values.alias.trim(),
    details: values.details.trim(),
    phone: values.phone.trim(),
    city: values.city.trim(),
    postalCode: toAsciiDigits(values.postalCode.trim()),
  };
}

/** What the address form starts with: the saved address, or the shop's defaults and the customer's phone. */
export function addressDefaults(
  address: Address | null,
  fallback: { city: string; postalCode: string; phone: string },
): FormValues<AddressField> {
  if (address) {
    const { alias, details, phone, city, postalCode } = address;
    return { alias, details, phone, city, postalCode };
  }
  return { alias: '', details: '', phone: fallback.phone, city: fallback.city, postalCode: fallback.postalCode };
}

/** The profile words a taken e-mail its own way (sign-up keeps authText.emailInUse). */
export const profileWording: ErrorTextOverrides = { EMAIL_IN_USE: at.emailTaken };

/** docs/specification.md (Validation rules: Profile and password): name, phone and e-mail required, the phone's and the e-mail's form (the API's schema). */
export const validateProfile = (values: FormValues<ProfileField>, country: string): FieldErrors<ProfileField> =>
  schemaErrors(authSchemas(phoneCountryOf(country)).updateMe, values, profileFields, {
    phoneCountry: country,
    overrides: profileWording,
  });

/** The updateMe body: the e-mail goes only when it changed (docs/specification.md (Validation rules)), so an unchanged one is never 'in use'. */
export function profileBody(
  values: FormValues<ProfileField>,
  currentEmail: string,
): { name: string; phone: string; email?: string } {
  const email = values.email.trim();
  const changed = email.toLowerCase() !== currentEmail.toLowerCase();
  return { name: values.name.trim(), phone: values.phone.trim(), ...(changed ? { email } : {}) };
}

/** The intended rule of docs/specification.md (Validation rules: Profile and password) (docs/decisions/0005-invalid-forms-not-sent.md): all three typed, the new one long enough and confirmed. */
export const validateChangePassword = (values: FormValues<PasswordField>): FieldErrors<PasswordField> =>
  schemaErrors(changeMyPasswordSchema, values, passwordFields);
