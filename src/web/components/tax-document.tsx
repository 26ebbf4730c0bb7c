import type { ReactNode } from 'react';
import { SHOP_LOCALE } from '../../contract/digits';
import { currencyDigits } from '../../contract/money';
import type { Invoice } from '../../contract/types';
import { ei } from '../i18n/e-invoicing';
import { inv } from '../i18n/invoice';
import { formatCode, formatNumber, formatPercent } from '../lib/format';

/** Money with the invoice's currency digits, read in Arabic in the shop's digits (1,150.00 ر.س.). */
export const documentMoney = (major: number, currency: string) =>
  new Intl.NumberFormat(SHOP_LOCALE, {
    style: 'currency',
    currency,
    minimumFractionDigits: currencyDigits(currency),
  }).format(major);

/**
 * The issue time in the zone the document was written in (docs/dates.md), as its XML says it, so
 * the server's HTML and the browser's render agree.
 */
const issued = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(SHOP_LOCALE, { dateStyle: 'long', timeStyle: 'long', timeZone }).format(new Date(iso));

/** The columns of a document's lines, each named by its text in `inv`. */
const COLUMNS = ['item', 'quantity', 'unitPrice', 'vatRate', 'vatAmount', 'lineTotal'] as const;

/** What differs between an invoice's sheet and a credit note's. */
const KINDS = {
  invoice: {
    title: inv.title,
    number: inv.invoiceNumber,
    lines: () => inv.lines,
    totals: () => inv.totals,
    qrAlt: inv.qrAlt,
  },
  creditNote: {
    title: inv.creditNote.title,
    number: inv.creditNote.number,
    lines: inv.creditNote.lines,
    totals: inv.creditNote.totals,
    qrAlt: inv.creditNote.qrAlt,
  },
} as const;

/**
 * One printable tax document: the invoice (the page's heading) or a credit note (its own sheet,
 * on a new printed page, under the anchor `#credit-note-<number>` the e-mails link).
 */
export function TaxDocument({
  document,
  kind,
  toolbar,
  subtitle,
  details,
  staff = false,
}: {
  document: Invoice & { qrImage: string };
  kind: keyof typeof KINDS;
  toolbar?: ReactNode;
  subtitle?: string;
  /** More rows of the header's list. */
  details?: ReactNode;
  /** Staff also see where a phase-2 document stands with ZATCA (on screen, not printed). */
  staff?: boolean;
}) {
  const labels = KINDS[kind];
  // ZATCA's title and QR are a Saudi document's; other markets print a plain invoice (docs/invoices.md).
  const saudi = document.country === 'SA';
  const title = kind === 'invoice' && !saudi ? inv.plainTitle : labels.title;
  const { sellerId } = document.seller;
  const number = formatCode(document.number);
  const prefix = kind === 'invoice' ? 'invoice' : `credit-note-${document.number}`;
  // The invoice is the page's heading; each credit note a section of it.
  const [Heading, Subheading] = kind === 'invoice' ? (['h1', 'h2'] as const) : (['h2', 'h3'] as const);
  const m = (major: number) => documentMoney(major, document.currency);
  return (
    <article
      id={kind === 'invoice' ? 'tax-invoice' : prefix}
      aria-labelledby={`${prefix}-title`}
      className={`mx-auto max-w-4xl rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8 print:max-w-none print:p-0 print:shadow-none print:ring-0 ${kind === 'invoice' ? '' : 'mt-8 print:mt-0 print:break-before-page'}`}
    >
      {toolbar}

      <header className="flex flex-col-reverse gap-4 border-b border-slate-200 pb-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <Heading id={`${prefix}-title`} className="mb-3 text-2xl font-bold">
            {title}
          </Heading>
          {subtitle && <p className="mb-3 font-bold">{subtitle}</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">{inv.seller}</dt>
            <dd className="font-bold">{document.seller.name}</dd>
            {document.seller.address && (
              <>
                <dt className="text-slate-600">{inv.address}</dt>
                <dd>{document.seller.address}</dd>
              </>
            )}
            <dt className="text-slate-600">{inv.vatNumber}</dt>
            <dd>
              <bdi dir="ltr">{document.seller.vatNumber}</bdi>
            </dd>
            {sellerId && (
              <>
                <dt className="text-slate-600">{inv.sellerId[sellerId.scheme] ?? sellerId.scheme}</dt>
                <dd>
                  <bdi dir="ltr">{sellerId.value}</bdi>
                </dd>
              </>
            )}
            <dt className="text-slate-600">{labels.number}</dt>
            <dd className="font-bold">{number}</dd>
            <dt className="text-slate-600">{inv.orderNumber}</dt>
            <dd>{formatCode(document.orderNumber)}</dd>
            <dt className="text-slate-600">{inv.issuedAt}</dt>
            <dd>
              <time dateTime={document.issuedAt}>{issued(document.issuedAt, document.timeZone)}</time>
            </dd>
            {details}
            {staff && document.reportingStatus && (
              <>
                <dt className="text-slate-600 print:hidden">{ei.reportingLabel}</dt>
                <dd className="font-bold print:hidden">
                  {ei.stateOf(kind === 'invoice' ? 'invoice' : 'credit_note', document.reportingStatus)}
                </dd>
              </>
            )}
          </dl>
        </div>
        {saudi && (
          <img
            src={document.qrImage}
            alt={labels.qrAlt(number)}
            width={160}
            height={160}
            className="size-40 shrink-0 self-center sm:self-start"
          />
        )}
      </header>

      {/*
        On a phone each line is a card — its name, then each figure beside its column's name — so the
        table fits without scrolling sideways. The explicit roles keep it a table for a screen reader
        whatever its display; the column names stay in the header, read with each cell, and the
        card's visible names are hidden from it. From `sm` up, and printed, it is a plain table (it
        scrolls inside its box on a narrow window, so it takes focus for the keyboard).
      */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users (axe scrollable-region-focusable) */}
      <section aria-label={labels.lines(number)} tabIndex={0} className="my-5 overflow-x-auto focus-visible:outline-2">
        {/* biome-ignore lint/a11y/noRedundantRoles: a table shown as cards keeps its roles only when they are explicit */}
        <table role="table" className="w-full border-collapse text-sm max-sm:block sm:min-w-[36rem] print:min-w-0">
          <caption className="mb-2 block text-start font-bold sm:table-caption">{labels.lines(number)}</caption>
          {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
          <thead role="rowgroup" className="max-sm:sr-only">
            {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
            <tr role="row" className="border-b border-slate-300 bg-slate-50 text-start">
              {COLUMNS.map((column) => (
                // biome-ignore lint/a11y/noRedundantRoles: as the table's
                <th key={column} role="columnheader" scope="col" className="p-2 text-start">
                  {inv[column]}
                </th>
              ))}
            </tr>
          </thead>
          {/* biome-ignore lint/a11y/noRedundantRoles: as the table's */}
          <tbody role="rowgroup" className="max-sm:block max-sm:space-y-3">
            {document.lines.map((line, index) => {
              const figures: Record<Exclude<(typeof COLUMNS)[number], 'item'>, string> = {
                quantity: formatNumber(line.quantity),
                unitPrice: m(line.unitPriceInclVat),
                vatRate: formatPercent(line.vatRate / 100, 2),
                vatAmount: m(line.vatAmount),
                lineTotal: m(line.totalInclVat),
              };
              return (
                <tr
                  // Lines have no id; their order is the document's own.
                  // biome-ignore lint/suspicious/noArrayIndexKey: an issued document's lines never change order
                  key={index}
                  // biome-ignore lint/a11y/noRedundantRoles: as the table's
                  role="row"
                  className="border-b border-slate-100 align-top max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-2"
                >
                  <th
                    // biome-ignore lint/a11y/noRedundantRoles: as the table's
                    role="rowheader"
                    scope="row"
                    className="p-2 text-start font-normal max-sm:block max-sm:p-0 max-sm:pb-1 max-sm:font-bold"
                  >
                    {line.name}
                    {line.sku ? (
                      <span className="block text-xs font-normal text-slate-500">
                        {inv.sku}: <bdi dir="ltr">{line.sku}</bdi>
                      </span>
                    ) : null}
                  </th>
                  {(Object.keys(figures) as (keyof typeof figures)[]).map((column) => (
                    <td
                      key={column}
                      // biome-ignore lint/a11y/noRedundantRoles: as the table's
                      role="cell"
                      data-column={column}
                      className={`p-2 max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-0.5 ${column === 'quantity' || column === 'vatRate' ? '' : 'whitespace-nowrap'} ${column === 'lineTotal' ? 'font-bold' : ''}`}
                    >
                      <span aria-hidden="true" className="font-normal text-slate-600 sm:hidden">
                        {inv[column]}
                      </span>
                      {figures[column]}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-slate-600">{inv.unitPriceHint}</p>
      </section>

      <section aria-labelledby={`${prefix}-totals`} className="ms-auto max-w-sm">
        <Subheading id={`${prefix}-totals`} className="sr-only">
          {labels.totals(number)}
        </Subheading>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
          <dt>{inv.totalExclVat}</dt>
          <dd className="whitespace-nowrap">{m(document.subtotalExclVat)}</dd>
          <dt>{inv.vatTotal}</dt>
          <dd className="whitespace-nowrap">{m(document.vatTotal)}</dd>
          <dt className="border-t border-slate-300 pt-2 text-base font-bold">{inv.totalInclVat}</dt>
          <dd className="whitespace-nowrap border-t border-slate-300 pt-2 text-base font-bold text-brand-700">
            {m(document.total)}
          </dd>
        </dl>
      </section>
    </article>
  );
}
