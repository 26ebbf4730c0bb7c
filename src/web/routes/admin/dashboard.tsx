import { ArrowDownLeft, ArrowUpLeft, Minus } from 'lucide-react';
import { Form, Link } from 'react-router';
import type { Stats } from '../../../contract/dashboard';
import { ORDER_STATUS_NAMES } from '../../../contract/order-statuses';
import { imageFormPaths } from '../../../contract/web';
import { dayLabel, SalesChart } from '../../components/sales-chart';
import { ScrollingTable } from '../../components/scrolling-table';
import { adminDashboard as d } from '../../i18n/admin-dashboard';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { changeOf, DASHBOARD_PERIODS, type DashboardPeriod, periodFrom, periodHref } from '../../lib/dashboard-period';
import { rangeErrors } from '../../lib/dashboard-period.server';
import { formatNumber, formatPercent, formatPrice } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { plural } from '../../lib/plural';
import type { Route } from './+types/dashboard';

/** The owner's dashboard, where staff land after signing in (docs/dashboard.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const choice = periodFrom(new URL(request.url), new Date(), context.shop.timeZone);
  const errors = choice.period === 'custom' ? rangeErrors(choice) : {};
  let stats: Stats | null = null;
  let error: string | undefined;
  if (Object.keys(errors).length === 0) {
    try {
      stats = (await apiFor(request, context).dashboard.stats({ from: choice.from, to: choice.to })).data;
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.status !== 400) throw failure;
      error = errorText(failure.code, { phoneCountry: context.shop.phoneCountry });
    }
  }
  return { shop: context.shop, choice, errors: error ? { to: error, ...errors } : errors, stats };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ shop: loaderData?.shop, title: d.title, description: d.title, path: '/admin', noindex: true });
}

const PRESET_LABELS: Record<DashboardPeriod, string> = {
  today: d.periods.today,
  '7': d.periods.week,
  '30': d.periods.month,
  custom: d.periods.custom,
};

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { shop, choice, errors, stats } = loaderData;
  const money = (value: number) => formatPrice(value, shop.currency);
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{d.title}</h1>
      <PeriodPicker choice={choice} errors={errors} />
      {stats && (
        <>
          <p className="mb-4 text-slate-700" aria-live="polite">
            {d.rangeLabel(dayLabel(stats.from), dayLabel(stats.to))}
          </p>
          <ul aria-label={d.cards.label} className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <FigureCard
              label={d.cards.netSales}
              value={money(stats.netSales)}
              current={stats.netSales}
              previous={stats.previous.netSales}
              previousText={money(stats.previous.netSales)}
              note={d.salesBreakdown(money(stats.sales), money(stats.refunds))}
            />
            <Figure stats={stats} field="orders" label={d.cards.orders} show={formatNumber} />
            <Figure stats={stats} field="averageOrderValue" label={d.cards.averageOrderValue} show={money} />
            <Figure stats={stats} field="newCustomers" label={d.cards.newCustomers} show={formatNumber} />
          </ul>
          <WaitingOrders byStatus={stats.byStatus} />
          <section aria-labelledby="sales-heading" className="mb-6">
            <h2 id="sales-heading" className="mb-2 text-xl font-bold">
              {d.chart.title}
            </h2>
            <SalesChart days={stats.daily} currency={shop.currency} />
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <BestSellers
              title={d.top.products}
              nameHeader={d.top.product}
              rows={stats.topProducts.map((line) => ({
                ...line,
                key: `${line.productId}-${line.title}`,
                name: line.title,
              }))}
              money={money}
            />
            <BestSellers
              title={d.top.variants}
              nameHeader={d.top.variant}
              rows={stats.topVariants.map((line) => ({
                ...line,
                // The same variant sold under two option names (renamed since) is two rows.
                key: `${line.variantId}-${line.sku}-${JSON.stringify(line.options)}`,
                name: [line.title, ...Object.values(line.options), line.sku].filter(Boolean).join(' · '),
              }))}
              money={money}
            />
          </div>
          <LowStock products={stats.lowStock} threshold={stats.lowStockThreshold} />
        </>
      )}
    </>
  );
}

function PeriodPicker({
  choice,
  errors,
}: {
  choice: { period: DashboardPeriod; from: string; to: string };
  errors: Partial<Record<'from' | 'to', string>>;
}) {
  return (
    <nav aria-label={d.periods.legend} className="mb-4 flex flex-col gap-3">
      <ul className="flex flex-wrap gap-2">
        {DASHBOARD_PERIODS.filter((period) => period !== 'custom').map((period) => (
          <li key={period}>
            <Link
              to={periodHref(period)}
              aria-current={choice.period === period ? 'page' : undefined}
              className="inline-block rounded-full border border-slate-300 px-4 py-2 font-bold aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {PRESET_LABELS[period]}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" action="/admin" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="period" value="custom" />
        <DayField name="from" label={d.from} value={choice.from} error={errors.from} />
        <DayField name="to" label={d.to} value={choice.to} error={errors.to} />
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-bold text-white">
          {d.show}
        </button>
      </Form>
    </nav>
  );
}

function DayField({
  name,
  label,
  value,
  error,
}: {
  name: 'from' | 'to';
  label: string;
  value: string;
  error: string | undefined;
}) {
  const errorId = `${name}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`period-${name}`} className="font-bold">
        {label}
      </label>
      <input
        id={`period-${name}`}
        name={name}
        type="date"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded-lg border border-slate-300 px-3 py-2"
      />
      {error && (
        <p id={errorId} className="max-w-xs text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type NumericField = 'orders' | 'averageOrderValue' | 'newCustomers';

function Figure({
  stats,
  field,
  label,
  show,
}: {
  stats: Stats;
  field: NumericField;
  label: string;
  show: (value: number) => string;
}) {
  return (
    <FigureCard
      label={label}
      value={show(stats[field])}
      current={stats[field]}
      previous={stats.previous[field]}
      previousText={show(stats.previous[field])}
    />
  );
}

function FigureCard(props: {
  label: string;
  value: string;
  current: number;
  previous: number;
  previousText: string;
  note?: string;
}) {
  const change = changeOf(props.current, props.previous);
  const [Icon, text, tone] =
    change === null
      ? [ArrowUpLeft, d.change.fromNothing, 'text-slate-600']
      : change > 0
        ? [ArrowUpLeft, d.change.up(formatPercent(change)), 'text-emerald-700']
        : change < 0
          ? [ArrowDownLeft, d.change.down(formatPercent(-change)), 'text-red-700']
          : [Minus, d.change.same, 'text-slate-600'];
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <p className="text-slate-700">{props.label}</p>
      <p className="my-1 text-2xl font-bold">{props.value}</p>
      {props.note && <p className="text-sm text-slate-600">{props.note}</p>}
      <p className={`flex items-center gap-1 text-sm font-bold ${tone}`}>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {text}
      </p>
      <p className="text-sm text-slate-600">{d.previousWas(props.previousText)}</p>
    </li>
  );
}

function WaitingOrders({ byStatus }: { byStatus: Stats['byStatus'] }) {
  const statuses = ['pending', 'processing', 'shipped'] as const;
  return (
    <section aria-labelledby="waiting-heading" className="mb-6">
      <h2 id="waiting-heading" className="mb-2 text-xl font-bold">
        {d.waiting.title}
      </h2>
      <ul className="flex flex-wrap gap-3">
        {statuses.map((status) => (
          <li key={status}>
            <Link
              to={`/admin/allorders?status=${status}`}
              className="flex items-baseline gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 hover:border-brand-700"
            >
              <span className="text-2xl font-bold">{formatNumber(byStatus[status])}</span>
              <span>{ORDER_STATUS_NAMES[status]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type RankedRow = { key: string; name: string; units: number; sales: number };

function BestSellers({
  title,
  nameHeader,
  rows,
  money,
}: {
  title: string;
  nameHeader: string;
  rows: RankedRow[];
  money: (value: number) => string;
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="mb-2 text-xl font-bold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-slate-600">{d.top.none}</p>
      ) : (
        <ScrollingTable label={title} columns={[nameHeader, d.top.units, d.top.sales]}>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100">
              <th scope="row" className="p-2 text-start font-normal">
                <bdi>{row.name}</bdi>
              </th>
              <td className="p-2">{formatNumber(row.units)}</td>
              <td className="p-2">{money(row.sales)}</td>
            </tr>
          ))}
        </ScrollingTable>
      )}
    </section>
  );
}

function LowStock({ products, threshold }: { products: Stats['lowStock']; threshold: number }) {
  return (
    <section aria-labelledby="low-stock-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="low-stock-heading" className="text-xl font-bold">
        {d.lowStock.title}
      </h2>
      <p className="mb-2 text-sm text-slate-600">{plural(threshold, d.lowStock.hint)}</p>
      {products.length === 0 ? (
        <p className="text-slate-600">{d.lowStock.none}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {products.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-3 py-2">
              <Link
                to={`/${imageFormPaths.editProduct.replace(':id', product.id)}`}
                className="font-bold text-brand-700 hover:underline"
              >
                <bdi>{product.title}</bdi>
              </Link>
              <span className={product.quantity === 0 ? 'font-bold text-red-700' : ''}>
                {product.quantity === 0 ? d.lowStock.out : `${d.lowStock.quantity}: ${formatNumber(product.quantity)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
