import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
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

/** About how many steps the value axis has: d3's 'nice' round numbers (0, 1,000, 2,000…). */
const TICKS = 3;
/** A horizontal line across the plot, as an SVG path (d3-shape). */
const across = line();

/**
 * The range's net sales a bar a day, drawn right to left as the page reads (docs/dashboard.md): the
 * oldest day at the right, the newest at the left, the values on the right. An image with a name
 * and a description for screen readers, and the same numbers in a table below it. The scales, their
 * round ticks and the lines come from d3-scale and d3-shape.
 */
export function SalesChart({ days, currency }: { days: SalesDay[]; currency: string }) {
  const id = useId();
  const highest = Math.max(0, ...days.map((day) => day.netSales));
  const lowest = Math.min(0, ...days.map((day) => day.netSales));
  const plot = { left: PAD.end, right: WIDTH - PAD.start, top: PAD.top, bottom: HEIGHT - PAD.bottom };
  // Values up the page, zero always on the axis; a range without sales still has a scale, and only 0.
  const y = scaleLinear()
    .domain([lowest, highest === lowest ? lowest + 1 : highest])
    .nice(TICKS)
    .range([plot.bottom, plot.top]);
  const ticks = highest === lowest ? [lowest] : y.ticks(TICKS);
  // Days right to left: the oldest day's band at the right edge; a bar is 70% of its band.
  const x = scaleBand<string>()
    .domain(days.map((day) => day.date))
    .range([plot.right, plot.left])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const barWidth = Math.max(1, x.bandwidth());
  const middleOf = (day: string) => (x(day) ?? 0) + x.bandwidth() / 2;
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
            <path
              d={
                across([
                  [plot.left, y(tick)],
                  [plot.right, y(tick)],
                ]) ?? ''
              }
              fill="none"
              className={tick === 0 ? 'stroke-slate-400' : 'stroke-slate-200'}
            />
            <text x={WIDTH - 4} y={y(tick)} dy="0.35em" textAnchor="end" className="fill-slate-600 text-[11px]">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {days.map((day) => (
          <rect
            key={day.date}
            x={middleOf(day.date) - barWidth / 2}
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
              x={middleOf(day.date)}
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
