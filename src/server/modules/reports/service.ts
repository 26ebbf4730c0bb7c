import { and, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { endOfShopDay, startOfShopDay, storableInstant } from '../../../contract/dates.js';
import { currencyDigits, toMajor } from '../../../contract/money.js';
import type { VatReportQuery } from '../../../contract/vat-report.js';
import { VAT_REPORT_LABELS } from '../../../contract/vat-report-labels.js';
import { type Database, selectRows } from '../../../db/client.js';
import { invoices } from '../../../db/schema.js';
import { BOM, csvLine } from '../../http/csv.js';

/*
 * The VAT report (docs/invoices.md § The VAT report): the tax invoices and credit notes issued in
 * a period of shop days, their taxable amounts and VAT, and the same by VAT rate, summed by the
 * database. Minor units here; the routes answer major units.
 */

/** A kind of document's count and sums (minor units). */
export type DocumentTotals = { count: number; taxable: number; vat: number };
/** One VAT rate's net taxable amount and VAT (minor units; the rate in basis points). */
export type RateTotals = { rateBasisPoints: number; taxable: number; vat: number };
export type VatReportFigures = {
  invoices: DocumentTotals;
  creditNotes: DocumentTotals;
  netTaxable: number;
  netVat: number;
  byRate: RateTotals[];
};

/**
 * The documents the report counts: issued within the period's shop days, in the shop's currency,
 * and not replaced — a document ZATCA refused counts through its correction, once, on the day the
 * correction was issued (docs/invoices.md § The VAT report).
 */
function countedDocuments({ from, to }: VatReportQuery, shop: { currency: string; timeZone: string }): SQL {
  return and(
    gte(invoices.issuedAt, storableInstant(startOfShopDay(from, shop.timeZone))),
    lt(invoices.issuedAt, storableInstant(endOfShopDay(to, shop.timeZone))),
    eq(invoices.currency, shop.currency),
    isNull(invoices.replacedBy),
  ) as SQL;
}

const NO_DOCUMENTS: DocumentTotals = { count: 0, taxable: 0, vat: 0 };

export async function vatReportFigures(
  db: Database,
  period: VatReportQuery,
  shop: { currency: string; timeZone: string },
): Promise<VatReportFigures> {
  const where = countedDocuments(period, shop);
  const kinds = await db
    .select({
      kind: invoices.kind,
      count: sql`count(*)`.mapWith(Number),
      taxable: sql`coalesce(sum(${invoices.subtotalExclVat}), 0)`.mapWith(Number),
      vat: sql`coalesce(sum(${invoices.vatTotal}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(where)
    .groupBy(invoices.kind);
  const totalsOf = (kind: 'invoice' | 'credit_note'): DocumentTotals => {
    const row = kinds.find((k) => k.kind === kind);
    return row ? { count: row.count, taxable: row.taxable, vat: row.vat } : NO_DOCUMENTS;
  };
  // Each line's rate is its own (jsonb): a credit note's lines take back at their invoice's rate.
  const byRate = await selectRows<{ rate: number | string; taxable: number | string; vat: number | string }>(
    db,
    sql`
      SELECT (line->>'vatRateBasisPoints')::int AS rate,
        coalesce(sum(sign * ((line->>'totalInclVat')::bigint - (line->>'vatAmount')::bigint)), 0)::text AS taxable,
        coalesce(sum(sign * (line->>'vatAmount')::bigint), 0)::text AS vat
      FROM (
        SELECT ${invoices.lines} AS lines, CASE WHEN ${invoices.kind} = 'credit_note' THEN -1 ELSE 1 END AS sign
        FROM ${invoices} WHERE ${where}
      ) AS documents
      CROSS JOIN LATERAL jsonb_array_elements(documents.lines) AS line
      GROUP BY 1
      ORDER BY 1`,
  );
  const sales = totalsOf('invoice');
  const credits = totalsOf('credit_note');
  return {
    invoices: sales,
    creditNotes: credits,
    netTaxable: sales.taxable - credits.taxable,
    netVat: sales.vat - credits.vat,
    byRate: byRate.map((row) => ({
      rateBasisPoints: Number(row.rate),
      taxable: Number(row.taxable),
      vat: Number(row.vat),
    })),
  };
}

/**
 * The report as CSV (src/server/http/csv.ts: UTF-8 with BOM, CRLF): one row for the invoices, one
 * for the credit notes (positive, as they are issued), the net, then one per VAT rate (net).
 * Amounts are the currency's major units with its decimals (`1234.50`), as an accountant's
 * spreadsheet reads them.
 */
export function vatReportCsv(figures: VatReportFigures, currency: string): string {
  const digits = currencyDigits(currency);
  const amount = (minor: number) => toMajor(minor, digits).toFixed(digits);
  const l = VAT_REPORT_LABELS;
  const rows: (string | number)[][] = [
    [l.item, l.rate, l.count, `${l.taxable} (${currency})`, `${l.vat} (${currency})`],
    [l.invoices, '', figures.invoices.count, amount(figures.invoices.taxable), amount(figures.invoices.vat)],
    [
      l.creditNotes,
      '',
      figures.creditNotes.count,
      amount(figures.creditNotes.taxable),
      amount(figures.creditNotes.vat),
    ],
    [l.net, '', '', amount(figures.netTaxable), amount(figures.netVat)],
    ...figures.byRate.map((rate) => [
      l.byRate,
      `${rate.rateBasisPoints / 100}%`,
      '',
      amount(rate.taxable),
      amount(rate.vat),
    ]),
  ];
  return BOM + rows.map(csvLine).join('');
}
