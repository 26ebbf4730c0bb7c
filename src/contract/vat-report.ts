import { z } from 'zod';
import { dataEnvelope, nonNegativeInt } from './common.js';
import { calendarDay } from './order-query.js';
import { reportPeriodInBounds } from './periods.js';

/*
 * The VAT report (docs/invoices.md § The VAT report): `GET /admin/vat-report?from=&to=` and its CSV,
 * `GET /admin/vat-report.csv?from=&to=`. Days are the shop's (docs/dates.md), both included.
 */

export const vatReportQuerySchema = z.object({ from: calendarDay, to: calendarDay }).superRefine(reportPeriodInBounds);

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
