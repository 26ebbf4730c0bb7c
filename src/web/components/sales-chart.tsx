import { useId } from 'react';
import { SHOP_LOCALE } from '../../contract/digits';
import { adminDashboard as d } from '../i18n/admin-dashboard';
import { formatNumber, formatPrice } from '../lib/format';
import { ScrollingTable } from './scrolling-table';

export type SalesDay = { date: string; orders: number; sales: number; refunds: number; netSales: number };

/** The chart's drawing box; it scales to its container's width. */
const WIDTH = 640;
const HEIGHT = 240;
/** Room for the value labels (right, the RTL start) and the day labels (below). */
const PAD = { start: 64, end: 8, top: 12, bottom: 28 };

const shortDay = new Intl.DateTimeFormat(SHOP_LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** A shop day (`YYYY-MM-DD`) as a short Arabic date: the day is already the shop's, so read in UTC. */
export const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/** Round numbers for the value axis: 0 and two steps up to at least `highest`. */
function ticksUpTo(highest: number): number[] {
  if (highest <= 0) return [0];
  const rough = highest / 2;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough;
  return [0, step, step * 2];
}

/**
 * The range's net sales a bar a day, drawn right to left as the page reads (docs/dashboard.md): the
 * oldest day at the right, the newest at the left, the values on the right. An image with a name
 * and a description for screen readers, and the same numbers in a table below it.
 */
export function SalesChart({ days, currency }: { days: SalesDay[]; currency: string }) {
  const id = useId();
  const highest = Math.max(0, ...days.map((day) => day.netSales));
  const lowest = Math.min(0, ...days.map((day) => day.netSales));
  const ticks = ticksUpTo(highest);
  const top = Math.max(ticks.at(-1) ?? 0, highest) || 1;
  const plot = { left: PAD.end, right: WIDTH - PAD.start, top: PAD.top, bottom: HEIGHT - PAD.bottom };
  const y = (value: number) => plot.bottom - ((value - lowest) / (top - lowest)) * (plot.bottom - plot.top);
  const slot = (plot.right - plot.left) / Math.max(days.length, 1);
  // Day i (oldest first) sits i slots left of the right edge.
  const x = (i: number) => plot.right - slot * (i + 0.5);
  const barWidth = Math.max(1, slot * 0.7);
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="h-auto w-full"
        data-testid="sales-chart"
      >
        <title id={`${id}-title`}>{d.chart.title}</title>
        <desc id={`${id}-desc`}>
          {d.chart.description(dayLabel(first), dayLabel(last), formatPrice(highest, currency))}
        </desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={plot.left} x2={plot.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
            <text x={WIDTH - 4} y={y(tick)} dy="0.35em" textAnchor="end" className="fill-slate-600 text-[11px]">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {days.map((day, i) => (
          <rect
            key={day.date}
            x={x(i) - barWidth / 2}
            y={Math.min(y(day.netSales), y(0))}
            width={barWidth}
            height={Math.abs(y(0) - y(day.netSales))}
            className={day.netSales < 0 ? 'fill-red-600' : 'fill-brand-600'}
          />
        ))}
        {days.map((day, i) =>
          labelled.has(i) ? (
            <text
              key={day.date}
              x={x(i)}
              y={HEIGHT - 8}
              textAnchor={i === 0 ? 'end' : i === days.length - 1 && days.length > 1 ? 'start' : 'middle'}
              className="fill-slate-600 text-[11px]"
            >
              {dayLabel(day.date)}
            </text>
          ) : null,
        )}
      </svg>
      <details className="mt-3">
        <summary className="cursor-pointer font-bold text-brand-700">{d.chart.showTable}</summary>
        <ScrollingTable
          label={d.chart.tableCaption}
          caption
          className="mt-2"
          columns={[d.chart.day, d.chart.orders, d.chart.sales, d.chart.refunds, d.chart.netSales]}
        >
          {days.map((day) => (
            <tr key={day.date} className="border-b border-slate-100">
              <th scope="row" className="p-2 text-start font-normal">
                {dayLabel(day.date)}
              </th>
              <td className="p-2">{formatNumber(day.orders)}</td>
              <td className="p-2">{formatPrice(day.sales, currency)}</td>
              <td className="p-2">{formatPrice(day.refunds, currency)}</td>
              <td className="p-2 font-bold">{formatPrice(day.netSales, currency)}</td>
            </tr>
          ))}
        </ScrollingTable>
      </details>
    </figure>
  );
}
