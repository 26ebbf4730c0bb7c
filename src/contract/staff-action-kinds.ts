/*
 * The kinds of staff actions the log keeps (docs/staff-actions.md), apart from the schemas of
 * src/contract/staff-actions.ts so that the activity screen uses them without loading zod up front.
 */

export const STAFF_ACTION_KINDS = [
  'settings.updated',
  'shipping_zone.created',
  'shipping_zone.updated',
  'shipping_zone.deleted',
  'refund.created',
  'product.price_changed',
  'staff.invited',
  'staff.role_changed',
  'staff.disabled',
  'staff.enabled',
] as const;
export type StaffActionKind = (typeof STAFF_ACTION_KINDS)[number];

/** What an action was done to: the screen links an order, a product or a zone to its page. */
export const STAFF_ACTION_SUBJECTS = ['settings', 'shipping_zone', 'order', 'product', 'user'] as const;
export type StaffActionSubjectType = (typeof STAFF_ACTION_SUBJECTS)[number];

/** What a secret field's before and after read as in the log: never the value itself. */
export const MASKED_VALUE = '••••••';

/** A field's value as a change holds it: text, a number, a yes/no, none, or a list of texts (a zone's cities). */
export type StaffActionValue = string | number | boolean | null | string[];

/**
 * One field that changed: its before and after (money in major units, as the API shows it).
 * `variant` names the variant (its options) when the field is one variant's price.
 */
export type StaffActionChange = {
  field: string;
  before: StaffActionValue;
  after: StaffActionValue;
  variant?: string;
};
