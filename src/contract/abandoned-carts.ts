import { z } from 'zod';
import { isoDateTime, listEnvelope, pageQuery, positiveInt } from './common.js';
import { apiMessages as m } from './messages.js';

/*
 * Abandoned baskets (docs/abandoned-baskets.md): customers' carts untouched for longer than the
 * settings' delay, for staff; and the unsubscribe link of their one reminder e-mail.
 */

/** `GET /admin/abandoned-carts?page=`: oldest change first. */
export const abandonedCartsQuery = z.object(pageQuery);

/** One abandoned basket: its value (major units, the lines at today's prices), lines and customer. */
export const abandonedCartSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** Lines, and the units they hold. */
  lines: positiveInt,
  units: positiveInt,
  /** The lines' sum at each variant's current price, before any coupon. */
  value: z.number().nonnegative(),
  /** The basket's last change (an instant; screens show it in the shop's time zone). */
  changedAt: isoDateTime,
  /** When this state of the basket was reminded, or null. */
  remindedAt: isoDateTime.nullable(),
  /** Whether the customer asked for no reminders. */
  unsubscribed: z.boolean(),
});
export const abandonedCartList = listEnvelope(abandonedCartSchema);

/** The longest token an unsubscribe link carries (a UUID, a dot and a SHA-256 in base64url). */
export const UNSUBSCRIBE_TOKEN_MAX = 200;

/** `POST /reminders/unsubscribe`: the link's token proves whose reminders stop. */
export const unsubscribeBody = z.object({
  token: z
    .string({ error: m.unsubscribeTokenInvalid })
    .max(UNSUBSCRIBE_TOKEN_MAX, { error: m.unsubscribeTokenInvalid }),
});
/** Whose reminders stopped, and whether they had stopped already (a second click changes nothing). */
export const unsubscribeResult = z.object({
  status: z.literal('success'),
  data: z.object({ email: z.string(), alreadyUnsubscribed: z.boolean() }),
});
