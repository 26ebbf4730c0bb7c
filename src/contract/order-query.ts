import { z } from 'zod';
import { pageQuery } from './common.js';
import { ORDER_KEYWORD_MAX } from './constants.js';
import { toAsciiDigits } from './digits.js';
import { apiMessages as m } from './messages.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-statuses.js';

/*
 * The filters of the order list and its CSV export (docs/orders.md, "The admin orders list"):
 * `GET /orders?keyword=&status=&paymentStatus=&method=&from=&to=&isPaid=&isDelivered=` and
 * `GET /orders/export.csv?…`. A filter added later is one more field of `orderFilterFields`, one
 * more condition in `orderFilterConditions` (src/server/modules/orders/service.ts) and one more
 * name in `orderFilterNames` (src/web/lib/order-filter.ts).
 */

/** A GET form sends an empty field for a filter left alone: empty text means "not given". */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/**
 * A day as `YYYY-MM-DD` (Arabic-Indic digits read as digits), a real calendar day of years 1 to
 * 9999: 2026-02-30 and 0000-01-01 are refused rather than rolled over.
 */
export const isCalendarDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};

/** A `YYYY-MM-DD` query field, refused with DATE_FILTER_INVALID: the day filters' and the dashboard's. */
export const calendarDay = z
  .string({ error: m.dateFilterInvalid })
  .trim()
  .transform(toAsciiDigits)
  .refine(isCalendarDay, { error: m.dateFilterInvalid });

const flag = z.enum(['true', 'false'], { error: m.flagFilterInvalid }).transform((value) => value === 'true');

export const orderFilterFields = {
  /** An order number (`#12`, `١٢`), or part of the customer's name, e-mail or phone. */
  keyword: optionalFilter(
    z.string({ error: m.valueTypeInvalid }).trim().max(ORDER_KEYWORD_MAX, { error: m.keywordTooLong }),
  ),
  /** Where the order is, and what became of its money (docs/orders.md § Lifecycle). */
  status: optionalFilter(z.enum(ORDER_STATUSES, { error: m.orderStatusInvalid })),
  paymentStatus: optionalFilter(z.enum(PAYMENT_STATUSES, { error: m.paymentStatusInvalid })),
  method: optionalFilter(z.enum(['cash', 'card'], { error: m.paymentMethodInvalid })),
  /** First and last day, both included: the shop's days, in its time zone (docs/dates.md). */
  from: optionalFilter(calendarDay),
  to: optionalFilter(calendarDay),
  isPaid: optionalFilter(flag),
  isDelivered: optionalFilter(flag),
};

/** `to` before `from` names no day at all: refused rather than answered empty. */
export const rangeInOrder = (query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (query.from && query.to && query.to < query.from) {
    ctx.addIssue({ code: 'custom', message: m.dateRangeInvalid, path: ['to'], input: query.to });
  }
};

export const orderFilterSchema = z.object(orderFilterFields).superRefine(rangeInOrder);
export const orderListQuerySchema = z.object({ ...pageQuery, ...orderFilterFields }).superRefine(rangeInOrder);

export type OrderFilter = z.output<typeof orderFilterSchema>;
/** The filters as a client sends them (the web's loader passes them on). */
export type OrderFilterInput = z.input<typeof orderFilterSchema>;
