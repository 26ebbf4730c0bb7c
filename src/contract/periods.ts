import type { z } from 'zod';
import { apiMessages as m } from './messages.js';
import { rangeInOrder } from './order-query.js';

/*
 * The periods of the owner's reports, the VAT report (docs/invoices.md § The VAT report) and the
 * dashboard (docs/dashboard.md): shop days `from` to `to`, both included (docs/dates.md).
 */

/** The longest period a report covers, in shop days: a leap year. */
export const REPORT_MAX_DAYS = 366;

/** Days from `from` to `to`, both included (calendar days: a shop day is one whatever its zone). */
export const daysInPeriod = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** `to` before `from`, or a period longer than REPORT_MAX_DAYS, is refused on `to`. */
export function reportPeriodInBounds(
  query: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  rangeInOrder(query, ctx);
  if (query.from && query.to && query.to >= query.from && daysInPeriod(query.from, query.to) > REPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: m.reportRangeTooLong, path: ['to'], input: query.to });
  }
}
