import { Download, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { shopDay } from '../../../contract/dates';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { FormField } from '../../components/form-field';
import { vr } from '../../i18n/admin-vat-report';
import { toQueryString } from '../../lib/api';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { hasErrors } from '../../lib/form';
import { formatNumber, formatPercent, formatPrice } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { type Period, vatPeriods } from '../../lib/vat-periods';
import { vatPeriodErrors } from '../../lib/vat-report.server';
import type { Route } from './+types/vat-report';

const PATH = '/admin/reports/vat';
/** The report's CSV (routes/admin/vat-report-export.ts). */
const EXPORT_PATH = '/admin/reports/vat.csv';

/**
 * «تقرير ضريبة القيمة المضافة» (docs/invoices.md § The VAT report): a period of shop days, this
 * quarter unless the URL says otherwise; a period the API would refuse is said beside its field.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const url = new URL(request.url);
  const { shop } = context;
  const periods = vatPeriods(shopDay(new Date(), shop.timeZone));
  const [thisQuarter] = periods.quarters as [Period];
  const period = {
    from: url.searchParams.get('from') ?? thisQuarter.from,
    to: url.searchParams.get('to') ?? thisQuarter.to,
  };
  const errors = vatPeriodErrors(period, shop.phoneCountry);
  const report = hasErrors(errors) ? null : (await apiFor(request, context).vatReport.get(period)).data;
  return { shop, period, periods, errors, report };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ shop: loaderData?.shop, title: vr.title, description: vr.title, path: PATH, noindex: true });
}

const cell = 'px-3 py-2 text-start';
const amountCell = 'px-3 py-2 text-end tabular-nums whitespace-nowrap';

export default function VatReport({ loaderData }: Route.ComponentProps) {
  const { shop, period, periods, errors, report } = loaderData;
  const busy = useLoadingHere();
  const money = (amount: number) => formatPrice(amount, shop.currency);
  const chosen = (choice: Period) => choice.from === period.from && choice.to === period.to;
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{vr.title}</h1>
      <section aria-labelledby="vat-period-heading" className="mb-6 rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="vat-period-heading" className="mb-3 text-lg font-bold">
          {vr.period}
        </h2>
        {/* Keyed by the period: the fields show the URL's days again after a quick choice. */}
        <Form key={`${period.from}/${period.to}`} method="get" className="grid gap-3 sm:grid-cols-3">
          <FormField name="from" type="date" label={vr.from} defaultValue={period.from} error={errors.from} required />
          <FormField name="to" type="date" label={vr.to} defaultValue={period.to} error={errors.to} required />
          <div className="flex items-end">
            <button
              type="submit"
              className="flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-600"
            >
              <Search aria-hidden="true" className="size-5" />
              {vr.show}
            </button>
          </div>
        </Form>
        <nav aria-label={vr.quickChoices} className="mt-4">
          <h3 className="mb-2 text-sm font-bold text-slate-700">{vr.quickChoices}</h3>
          <ul className="flex flex-wrap gap-2">
            {[...periods.quarters, ...periods.months].map((choice) => (
              <li key={`${choice.from}/${choice.to}`}>
                <Link
                  to={`${PATH}${toQueryString({ from: choice.from, to: choice.to })}`}
                  aria-current={chosen(choice) ? 'page' : undefined}
                  className="block rounded-full px-3 py-1.5 text-sm font-bold text-brand-800 ring-1 ring-brand-600 hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
                >
                  {choice.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </section>

      {report && (
        <BusyRegion busy={busy}>
          <section aria-labelledby="vat-summary-heading" className="mb-6">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="vat-summary-heading" className="text-xl font-bold">
                {vr.summary}
              </h2>
              {/* A plain link: a download, not a page of the router. */}
              <a
                href={`${EXPORT_PATH}${toQueryString({ from: report.from, to: report.to })}`}
                download
                className="flex items-center gap-1.5 rounded-lg px-3 py-2 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"
              >
                <Download aria-hidden="true" className="size-4" />
                {vr.download}
              </a>
            </div>
            {report.invoices.count + report.creditNotes.count === 0 && (
              <p className="mb-3 text-slate-700">{vr.noDocuments}</p>
            )}
            <ReportTable label={vr.summaryTable} columns={[vr.item, vr.count, vr.taxable, vr.vat]}>
              {(
                [
                  [vr.invoices, report.invoices],
                  [vr.creditNotes, report.creditNotes],
                ] as const
              ).map(([label, totals]) => (
                <tr key={label} className="border-t border-slate-200">
                  <th scope="row" className={cell}>
                    {label}
                  </th>
                  <td className={amountCell}>{formatNumber(totals.count)}</td>
                  <td className={amountCell}>{money(totals.taxable)}</td>
                  <td className={amountCell}>{money(totals.vat)}</td>
                </tr>
              ))}
              <tr className="border-t-2 border-slate-300 font-bold">
                <th scope="row" className={cell}>
                  {vr.net}
                </th>
                <td className={amountCell} />
                <td className={amountCell}>{money(report.netTaxable)}</td>
                <td className={amountCell} data-testid="net-vat">
                  {money(report.netVat)}
                </td>
              </tr>
            </ReportTable>
            <p className="mt-2 text-sm text-slate-700">{vr.netNote}</p>
          </section>

          <section aria-labelledby="vat-rates-heading">
            <h2 id="vat-rates-heading" className="mb-3 text-xl font-bold">
              {vr.byRate}
            </h2>
            {report.byRate.length === 0 ? (
              <p className="text-slate-700">{vr.noRates}</p>
            ) : (
              <ReportTable label={vr.byRateTable} columns={[vr.rate, vr.taxable, vr.vat]}>
                {report.byRate.map((rate) => (
                  <tr key={rate.rate} className="border-t border-slate-200">
                    <th scope="row" className={cell}>
                      {formatPercent(rate.rate / 100, 2)}
                    </th>
                    <td className={amountCell}>{money(rate.taxable)}</td>
                    <td className={amountCell}>{money(rate.vat)}</td>
                  </tr>
                ))}
              </ReportTable>
            )}
          </section>
        </BusyRegion>
      )}
    </>
  );
}

/**
 * A table of the report, scrolling sideways on a narrow phone; it takes focus so a keyboard can
 * scroll it. The first column names the rows, the others hold numbers.
 */
function ReportTable({ label, columns, children }: { label: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users (axe scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2"
    >
      <table className="w-full text-sm sm:text-base">
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index === 0 ? cell : amountCell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
