import { z } from 'zod';
import { idSchema, isoDateTime, listEnvelope, pageQuery } from './common.js';
import { apiMessages as m } from './messages.js';
import { calendarDay, optionalFilter, rangeInOrder } from './order-query.js';
import { STAFF_ACTION_KINDS, STAFF_ACTION_SUBJECTS } from './staff-action-kinds.js';

/*
 * The log of staff actions (docs/staff-actions.md): `GET /admin/staff-actions?action=&actor=&from=&to=&page=`,
 * newest first. `from` and `to` are shop days, both included (docs/dates.md).
 */

export const staffActionListQuerySchema = z
  .object({
    ...pageQuery,
    action: optionalFilter(z.enum(STAFF_ACTION_KINDS, { error: m.staffActionKindInvalid })),
    /** The staff member's user id. */
    actor: optionalFilter(idSchema),
    from: optionalFilter(calendarDay),
    to: optionalFilter(calendarDay),
  })
  .superRefine(rangeInOrder);
export type StaffActionListQuery = z.input<typeof staffActionListQuerySchema>;

/** A field's value: text, a number, a yes/no, none, or a list of texts (a zone's cities). */
const changeValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);

export const staffActionSchema = z.object({
  id: z.string(),
  action: z.enum(STAFF_ACTION_KINDS),
  /** Who did it: their account's id (null once the account is deleted), name and e-mail as they were. */
  actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  /** What it was done to: its kind, id and a label as it was (a product's title, an order's number). */
  subject: z.object({ type: z.enum(STAFF_ACTION_SUBJECTS), id: z.string().nullable(), label: z.string() }),
  /** Only the fields that changed; money in major units; secrets masked. */
  changes: z.array(
    z.object({ field: z.string(), before: changeValue, after: changeValue, variant: z.string().optional() }),
  ),
  createdAt: isoDateTime,
});
export const staffActionList = listEnvelope(staffActionSchema);
export type StaffAction = z.output<typeof staffActionSchema>;
