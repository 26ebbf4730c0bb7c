import { z } from 'zod';
import { dataEnvelope, nonNegativeInt } from './common.js';
import { apiMessages as m } from './messages.js';
import { day, rangeInOrder } from './order-query.js';

/*
 * The VAT report (docs/invoices.md § The VAT report): `GET /admin/vat-report?from=&to=` and its CSV,
 * `GET /admin/vat-report.csv?from=&to=`. Days are the shop's (docs/dates.md), both included.
 */

/** The longest period a report covers, in shop days: a leap year. */
export const VAT_REPORT_MAX_DAYS = 366;

/** Days from `from` to `to`, both included (calendar days: a shop day is one whatever its zone). */
export const daysInPeriod = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const vatReportQuerySchema = z.object({ from: day, to: day }).superRefine((query, ctx) => {
  rangeInOrder(query, ctx);
  if (query.to >= query.from && daysInPeriod(query.from, query.to) > VAT_REPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: m.reportRangeTooLong, path: ['to'], input: query.to });
  }
});

export type VatReportQuery = z.output<typeof vatReportQuerySchema>;

/** A kind of document's count and sums, major units. */
const documentTotals = z.object({
  count: nonNegativeInt,
  /** What the documents say without VAT (their `subtotalExclVat`). */
  taxable: z.number(),
  vat: z.number(),
});

export const vatReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The shop's currency: the report counts the documents issued in it. */
  currency: z.string(),
  invoices: documentTotals,
  creditNotes: documentTotals,
  /** Invoices less credit notes. */
  netTaxable: z.number(),
  netVat: z.number(),
  /** By VAT rate (percent, 15 for 15 %), from the documents' lines: invoices less credit notes. */
  byRate: z.array(z.object({ rate: z.number(), taxable: z.number(), vat: z.number() })),
});

export const vatReportEnvelope = dataEnvelope(vatReportSchema);
