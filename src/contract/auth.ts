import { z } from 'zod';
import { dataEnvelope, requiredString, resourceIds, timestamps } from './common.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import { toAsciiDigits } from './digits.js';
import { apiMessages as m } from './messages.js';
import type { PhoneCountry } from './phone.js';
import { phoneSchema } from './phone-schema.js';

export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired })
  .pipe(z.email({ error: m.emailInvalid }))
  .transform((v) => v.toLowerCase());

export const newPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .min(PASSWORD_MIN, { error: m.passwordTooShort })
    .max(PASSWORD_MAX, { error: m.passwordTooLong });

export const nameSchema = requiredString(m.nameRequired).pipe(z.string().max(64, { error: m.nameTooLong }));

export const passwordConfirm = z
  .string({ error: m.passwordConfirmRequired })
  .min(1, { error: m.passwordConfirmRequired });

/**
 * `passwordConfirm` must repeat `field`. Said once both are otherwise valid, whatever the other
 * fields hold: a password too short is said first, and on its own.
 */
export function confirming<T extends { passwordConfirm: string }>(schema: z.ZodType<T>, field: keyof T & string) {
  return schema.refine((body) => body[field] === body.passwordConfirm, {
    error: m.passwordConfirmMismatch,
    path: ['passwordConfirm'],
    // Not when the body is no object at all (its issue has no path).
    when: ({ issues }) =>
      !issues.some((issue) => [undefined, field, 'passwordConfirm'].includes(issue.path?.[0] as string | undefined)),
  });
}

export const changeMyPasswordSchema = confirming(
  z.object({
    currentPassword: z.string({ error: m.currentPasswordRequired }).min(1, { error: m.currentPasswordRequired }),
    password: newPassword(m.passwordRequired),
    passwordConfirm,
  }),
  'password',
);

/** Schemas that depend on the shop's phone country are built per configuration. */
export function authSchemas(country: PhoneCountry) {
  const signup = confirming(
    z.object({
      name: nameSchema,
      email: emailSchema,
      phone: phoneSchema(country),
      password: newPassword(m.passwordRequired),
      passwordConfirm,
    }),
    'password',
  );

  const updateMe = z.object({ name: nameSchema, phone: phoneSchema(country), email: emailSchema.optional() });

  return { signup, updateMe, changeMyPassword: changeMyPasswordSchema };
}

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired }),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const verifyResetCodeSchema = z.object({
  resetCode: z
    .string({ error: m.resetCodeRequired })
    .trim()
    .min(1, { error: m.resetCodeRequired })
    .transform((code) => toAsciiDigits(code).replace(/\s/g, '')),
  /** Optional for the original clients; with it, wrong tries count against that account only. */
  email: emailSchema.optional(),
});

/** The single-use proof a verification hands back: 32 random bytes, base64url. */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: m.resetCodeNotVerified });

export const resetPasswordSchema = z.object({
  email: emailSchema,
  newPassword: newPassword(m.passwordRequired),
  /** From verifyResetCode (or its cookie); the original clients send the e-mail alone. */
  resetToken: resetTokenSchema.optional(),
});

/** The web's new-password screen asks for it twice; the API takes it once (clients confirm it themselves). */
export const newPasswordFormSchema = confirming(
  z.object({ newPassword: resetPasswordSchema.shape.newPassword, passwordConfirm }),
  'newPassword',
);
/* Responses */

/** `staff`: orders and the catalogue, not settings or staff (docs/staff.md). */
export const roleSchema = z.enum(['user', 'admin', 'staff']);

/** A user as the API shows one: never the password hash or the token version. */
export const userSchema = z.object({
  ...resourceIds,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: roleSchema,
  ...timestamps,
});

/** Sign-up, sign-in and a password change answer with the user and a new bearer token. */
export const authEnvelope = z.object({ data: userSchema, token: z.string() });
/** A password reset answers with the bearer token alone. */
export const tokenEnvelope = z.object({ token: z.string() });
/** `status` has a capital S here, as the original API and its clients have it. */
export const resetCodeSentEnvelope = z.object({ status: z.literal('Success'), message: z.string() });
/** A verified reset code: the single-use proof that `resetPassword` takes. */
export const resetVerifiedEnvelope = z.object({ status: z.literal('Success'), resetToken: z.string() });
export const userEnvelope = dataEnvelope(userSchema);
/** `PUT /users/updateMe`: the user sits one level deeper than elsewhere. */
export const updateMeEnvelope = z.object({ status: z.literal('success'), data: z.object({ user: userSchema }) });
