import { authSchemas, changeMyPasswordSchema } from '../../contract/auth';
import { phoneCountryOf } from '../../contract/phone';
import { addressSchemas } from '../../contract/shopping';
import {
  type AddressField,
  addressFields,
  type PasswordField,
  type ProfileField,
  passwordFields,
  profileFields,
  profileWording,
} from './account-form';
import { schemaErrors } from './api-errors';
import type { FieldErrors, FormValues } from './form';

/*
 * The account forms' checks: the API's own schemas, in the browser before sending and in the
 * action. The browser loads this module (and zod with it) when a form is first used (useFormErrors).
 */

/** docs/specification.md (Validation rules: Addresses) with docs/decisions/0010-address-city-and-postal-code.md: alias, details, phone and city required; postal code optional (the API's schema). */
export const validateAddress = (values: FormValues<AddressField>, country: string): FieldErrors<AddressField> =>
  schemaErrors(addressSchemas(phoneCountryOf(country)).create, values, addressFields, { phoneCountry: country });

/** docs/specification.md (Validation rules: Profile and password): name, phone and e-mail required, the phone's and the e-mail's form (the API's schema). */
export const validateProfile = (values: FormValues<ProfileField>, country: string): FieldErrors<ProfileField> =>
  schemaErrors(authSchemas(phoneCountryOf(country)).updateMe, values, profileFields, {
    phoneCountry: country,
    overrides: profileWording,
  });

/** The intended rule of docs/specification.md (Validation rules: Profile and password) (docs/decisions/0005-invalid-forms-not-sent.md): all three typed, the new one long enough and confirmed. */
export const validateChangePassword = (values: FormValues<PasswordField>): FieldErrors<PasswordField> =>
  schemaErrors(changeMyPasswordSchema, values, passwordFields);
