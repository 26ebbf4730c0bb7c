import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/constants';
import { toAsciiDigits } from '../../contract/digits';
import { isValidPhone, PHONE_PATTERNS, type PhoneCountry } from '../../contract/phone';
import type { Address } from '../../contract/types';
import { at } from '../i18n/account';
import { authText } from '../i18n/auth';
import type { AddressBody } from './api';
import { confirmed, required } from './auth-validation';
import type { FieldErrors, FormValues } from './form';

/** Field names are the API's body fields, so its messages land on the right field. */
export const addressFields = ['alias', 'details', 'phone', 'city', 'postalCode'] as const;
export const profileFields = ['name', 'phone', 'email'] as const;
export const passwordFields = ['currentPassword', 'password', 'passwordConfirm'] as const;

export type AddressField = (typeof addressFields)[number];
export type ProfileField = (typeof profileFields)[number];
export type PasswordField = (typeof passwordFields)[number];

/** The API's length limits (src/contract/shopping.ts), checked before sending. */
const ADDRESS_LIMITS = { alias: 50, details: 500, city: 80, postalCode: 20 } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isPhoneCountry = (country: string): country is PhoneCountry => country in PHONE_PATTERNS;

/** The configured country's rule; Arabic-Indic digits count as digits. */
function phoneError(phone: string, country: string): string | undefined {
  if (!isPhoneCountry(country) || isValidPhone(phone, country)) return undefined;
  return authText.phoneInvalid(country);
}

/** Spec §5 with PRODUCT-DECISIONS row 9: alias, details, phone and city required; postal code optional. */
export function validateAddress(values: FormValues<AddressField>, country: string): FieldErrors<AddressField> {
  const errors = required(values, {
    alias: at.aliasRequired,
    details: at.detailsRequired,
    phone: authText.phoneRequired,
    city: at.cityRequired,
  });
  errors.phone ??= phoneError(values.phone, country);
  const tooLong = { alias: at.aliasTooLong, details: at.detailsTooLong, city: at.cityTooLong } as const;
  for (const field of ['alias', 'details', 'city'] as const) {
    if (values[field].trim().length > ADDRESS_LIMITS[field]) errors[field] ??= tooLong[field];
  }
  if (values.postalCode.trim().length > ADDRESS_LIMITS.postalCode) errors.postalCode = at.postalCodeTooLong;
  return errors;
}

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

/** Spec §5: name, phone and e-mail required (plus the phone's and the e-mail's form). */
export function validateProfile(values: FormValues<ProfileField>, country: string): FieldErrors<ProfileField> {
  const errors = required(values, {
    name: authText.nameRequired,
    phone: authText.phoneRequired,
    email: authText.emailRequired,
  });
  errors.phone ??= phoneError(values.phone, country);
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = authText.emailInvalid;
  return errors;
}

/** The updateMe body: the e-mail goes only when it changed (spec §5), so an unchanged one is never 'in use'. */
export function profileBody(
  values: FormValues<ProfileField>,
  currentEmail: string,
): { name: string; phone: string; email?: string } {
  const email = values.email.trim();
  const changed = email.toLowerCase() !== currentEmail.toLowerCase();
  return { name: values.name.trim(), phone: values.phone.trim(), ...(changed ? { email } : {}) };
}

/** The intended rule of spec §5 (PRODUCT-DECISIONS row 4): all three typed, the new one long enough and confirmed. */
export function validateChangePassword(values: FormValues<PasswordField>): FieldErrors<PasswordField> {
  const errors = required(values, {
    currentPassword: at.currentPasswordRequired,
    password: authText.passwordRequired,
    passwordConfirm: authText.passwordConfirmRequired,
  });
  if (!errors.password && values.password.length < PASSWORD_MIN) errors.password = authText.passwordTooShort;
  if (!errors.password && values.password.length > PASSWORD_MAX) errors.password = authText.passwordTooLong;
  return confirmed(values, errors, 'password', 'passwordConfirm');
}
