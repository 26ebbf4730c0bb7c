import { toAsciiDigits } from '../../contract/digits';
import type { Address } from '../../contract/types';
import { at } from '../i18n/account';
import type { AddressBody } from './api';
import type { ErrorTextOverrides } from './api-errors';
import type { FormValues } from './form';
import { showPhone } from './format-phone';

/*
 * The account's forms: fields, what they start with and the bodies they send. No schema here:
 * the checks (account-validation.ts, which runs zod) load when a form is first used.
 */

/** Field names are the API's body fields, so its messages land on the right field. */
export const addressFields = ['alias', 'details', 'phone', 'city', 'postalCode'] as const;
export const profileFields = ['name', 'phone', 'email'] as const;
export const passwordFields = ['currentPassword', 'password', 'passwordConfirm'] as const;

export type AddressField = (typeof addressFields)[number];
export type ProfileField = (typeof profileFields)[number];
export type PasswordField = (typeof passwordFields)[number];

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

/** What the address form starts with: the saved address, or the shop's defaults and the customer's phone (shown readably). */
export function addressDefaults(
  address: Address | null,
  fallback: { city: string; postalCode: string; phone: string; phoneCountry: string },
): FormValues<AddressField> {
  if (address) {
    const { alias, details, phone, city, postalCode } = address;
    return { alias, details, phone: showPhone(phone, fallback), city, postalCode };
  }
  return {
    alias: '',
    details: '',
    phone: showPhone(fallback.phone, fallback),
    city: fallback.city,
    postalCode: fallback.postalCode,
  };
}

/** The profile words a taken e-mail its own way (sign-up keeps authText.emailInUse). */
export const profileWording: ErrorTextOverrides = { EMAIL_IN_USE: at.emailTaken };

/** The updateMe body: the e-mail goes only when it changed (docs/specification.md (Validation rules)), so an unchanged one is never 'in use'. */
export function profileBody(
  values: FormValues<ProfileField>,
  currentEmail: string,
): { name: string; phone: string; email?: string } {
  const email = values.email.trim();
  const changed = email.toLowerCase() !== currentEmail.toLowerCase();
  return { name: values.name.trim(), phone: values.phone.trim(), ...(changed ? { email } : {}) };
}
