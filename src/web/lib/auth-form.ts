/*
 * The sign-in and account-recovery forms' fields. No schema here: pages load this with their
 * first JavaScript, and the checks (auth-validation.ts, which runs zod) only when a form is used.
 */

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
