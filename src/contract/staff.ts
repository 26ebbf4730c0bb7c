import { z } from 'zod';
import { confirming, emailSchema, nameSchema, newPassword, passwordConfirm } from './auth.js';
import { dataEnvelope, isoDateTime, numericInput } from './common.js';
import { apiMessages as m } from './messages.js';

/* The shop's staff (docs/staff.md): who works in the admin, with which role, and the invites out. */

/** The roles of the admin: `admin` may do everything, `staff` orders and the catalogue. */
export const staffRoleSchema = z.enum(['admin', 'staff'], { error: m.staffRoleInvalid });

/** The invite link's token: 32 random bytes, base64url. */
export const staffInviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: m.staffInviteNotFound });

export const staffInviteSchema = z.object({ email: emailSchema, role: staffRoleSchema });

/** Accepting an invite; the API takes the password once (the web asks for it twice). */
export const staffInviteAcceptSchema = z.object({
  token: staffInviteTokenSchema,
  name: nameSchema,
  password: newPassword(m.passwordRequired),
});

/** The invite page's form: the password twice. */
export const staffInviteAcceptFormSchema = confirming(
  z.object({ name: nameSchema, password: newPassword(m.passwordRequired), passwordConfirm }),
  'password',
);

/** `PATCH /staff/:id`: a new role, disabled or enabled again, or both. */
export const staffChangeSchema = z.object({
  role: staffRoleSchema.optional(),
  disabled: z.boolean({ error: m.valueTypeInvalid }).optional(),
});

/** The largest refund a member of staff may make, in the currency's major units (0: none). */
export const staffRefundLimitSchema = numericInput(m.staffRefundLimitInvalid).pipe(
  z.number().min(0, { error: m.staffRefundLimitInvalid }).max(100_000_000_000, { error: m.staffRefundLimitInvalid }),
);

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
  /** Null when they never signed in since sign-ins were recorded. */
  lastSignInAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});

export const staffInviteViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
});

export const staffListEnvelope = dataEnvelope(
  z.object({ members: z.array(staffMemberSchema), invites: z.array(staffInviteViewSchema) }),
);
export const staffMemberEnvelope = dataEnvelope(staffMemberSchema);
export const staffInviteEnvelope = dataEnvelope(staffInviteViewSchema);
