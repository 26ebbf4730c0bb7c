import {
  authSchemas,
  forgotPasswordSchema,
  loginSchema,
  newPasswordFormSchema,
  verifyResetCodeSchema,
} from '../../contract/auth';
import { PHONE_PATTERNS, type PhoneCountry } from '../../contract/phone';
import { schemaErrors } from './api-errors';
import type { FormValues } from './form';

/** Form field names follow the API's body fields, so its messages land on the right field. */
export const loginFields = ['email', 'password'] as const;
export const registerFields = ['name', 'email', 'phone', 'password', 'passwordConfirm'] as const;
export const forgotPasswordFields = ['email'] as const;
export const verifyCodeFields = ['resetCode'] as const;
export const resetPasswordFields = ['newPassword', 'passwordConfirm'] as const;

export type LoginField = (typeof loginFields)[number];
export type RegisterField = (typeof registerFields)[number];
export type ForgotPasswordField = (typeof forgotPasswordFields)[number];
export type VerifyCodeField = (typeof verifyCodeFields)[number];
export type ResetPasswordField = (typeof resetPasswordFields)[number];

/** The shop's phone country (ShopInfo carries the configuration's, always one of these). */
export const phoneCountryOf = (country: string): PhoneCountry =>
  country in PHONE_PATTERNS ? (country as PhoneCountry) : 'EG';

/*
 * Each form runs the API's own schema (src/contract/auth.ts), in the browser before sending and
 * in the action: the rules of docs/specification.md (Validation rules) — every field required (a password of spaces counts as typed,
 * other fields are trimmed), the confirmation equal to the password — and the API's formats.
 */

export const validateLogin = (values: FormValues<LoginField>) => schemaErrors(loginSchema, values, loginFields);

export const validateRegister = (values: FormValues<RegisterField>, country: string) =>
  schemaErrors(authSchemas(phoneCountryOf(country)).signup, values, registerFields, { phoneCountry: country });

export const validateForgotPassword = (values: FormValues<ForgotPasswordField>) =>
  schemaErrors(forgotPasswordSchema, values, forgotPasswordFields);

export const validateVerifyCode = (values: FormValues<VerifyCodeField>) =>
  schemaErrors(verifyResetCodeSchema, values, verifyCodeFields);

export const validateResetPassword = (values: FormValues<ResetPasswordField>) =>
  schemaErrors(newPasswordFormSchema, values, resetPasswordFields);
