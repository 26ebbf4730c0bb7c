import { authText } from '../i18n/auth';
import type { FieldErrors, FormValues } from './form';

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

// Passwords count as typed even when they are only spaces; other fields are trimmed.
const isPassword = (field: string) => /password/i.test(field);
const isEmpty = (field: string, value: string) => (isPassword(field) ? value === '' : value.trim() === '');

/** A message for each field of `messages` left empty (fields without a message are optional). */
export function required<F extends string>(
  values: FormValues<F>,
  messages: Partial<Record<F, string>>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(messages) as F[]) {
    if (isEmpty(field, values[field])) errors[field] = messages[field];
  }
  return errors;
}

/** Adds the mismatch message when both passwords are typed and differ. */
export function confirmed<F extends string>(
  values: FormValues<F>,
  errors: FieldErrors<F>,
  password: F,
  confirmation: F,
): FieldErrors<F> {
  if (!errors[password] && !errors[confirmation] && values[password] !== values[confirmation]) {
    errors[confirmation] = authText.passwordMismatch;
  }
  return errors;
}

export const validateLogin = (values: FormValues<LoginField>) =>
  required(values, { email: authText.emailRequired, password: authText.passwordRequired });

/** The spec's rules (§5): every field required, the confirmation equal to the password. */
export const validateRegister = (values: FormValues<RegisterField>) =>
  confirmed(
    values,
    required(values, {
      name: authText.nameRequired,
      email: authText.emailRequired,
      phone: authText.phoneRequired,
      password: authText.passwordRequired,
      passwordConfirm: authText.passwordConfirmRequired,
    }),
    'password',
    'passwordConfirm',
  );

export const validateForgotPassword = (values: FormValues<ForgotPasswordField>) =>
  required(values, { email: authText.emailRequired });

export const validateVerifyCode = (values: FormValues<VerifyCodeField>) =>
  required(values, { resetCode: authText.codeRequired });

export const validateResetPassword = (values: FormValues<ResetPasswordField>) =>
  confirmed(
    values,
    required(values, { newPassword: authText.passwordRequired, passwordConfirm: authText.passwordConfirmRequired }),
    'newPassword',
    'passwordConfirm',
  );
