import { staffInviteAcceptFormSchema, staffInviteSchema } from '../../contract/staff';
import { schemaErrors } from './api-errors';
import type { FormValues } from './form';
import { type StaffAcceptField, type StaffInviteField, staffAcceptFields, staffInviteFields } from './staff-form';

/* The API's own schemas (src/contract/staff.ts), run in the browser before sending and in the action. */

export const validateStaffInvite = (values: FormValues<StaffInviteField>) =>
  schemaErrors(staffInviteSchema, values, staffInviteFields);

export const validateStaffAccept = (values: FormValues<StaffAcceptField>) =>
  schemaErrors(staffInviteAcceptFormSchema, values, staffAcceptFields);
