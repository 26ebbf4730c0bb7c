import {
  authSchemas,
  forgotPasswordSchema,
  loginSchema,
  newPasswordFormSchema,
  verifyResetCodeSchema,
} from '../../contract/auth';
import { phoneCountryOf } from '../../contract/phone';
import { schemaErrors } from './api-errors';
import {
  type ForgotPasswordField,
  forgotPasswordFields,
  type LoginField,
  loginFields,
  type RegisterField,
  type ResetPasswordField,
  registerFields,
  resetPasswordFields,
  type VerifyCodeField,
  verifyCodeFields,
} from './auth-form';
import type { FormValues } from './form';

/*
 * Each form runs the API's own schema (src/contract/auth.ts), in the browser before sending and
 * in the action: the rules of docs/specification.md (Validation rules) — every field required (a password of spaces counts as typed,
 * other fields are trimmed), the confirmation equal to the password — and the API's formats.
 * The browser loads this module (and zod with it) when a form is first used (useFormErrors).
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
