/*
 * The staff screens' form fields (docs/staff.md). No schema here: pages load this with their first
 * JavaScript, and the checks (staff-validation.ts, which runs zod) only when a form is used.
 */

export const staffInviteFields = ['email', 'role'] as const;
export const staffAcceptFields = ['name', 'password', 'passwordConfirm'] as const;

export type StaffInviteField = (typeof staffInviteFields)[number];
export type StaffAcceptField = (typeof staffAcceptFields)[number];
