import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SalesChart, type SalesDay } from '../../src/web/components/sales-chart';
import { formatNumber } from '../../src/web/lib/format';

/*
 * The dashboard's daily sales chart (docs/dashboard.md § The screen) as the server renders it: the
 * value axis's round numbers from d3-scale's 'nice' ticks, the bars right to left, a red bar under
 * zero. The browser test (tests/e2e/admin-dashboard.spec.ts) reads its name, description and table.
 */

const day = (date: string, netSales: number): SalesDay => ({ date, orders: 1, sales: netSales, refunds: 0, netSales });
const render = (days: SalesDay[]) => renderToStaticMarkup(createElement(SalesChart, { days, currency: 'SAR' }));
/** The value axis's labels, top to bottom as drawn (the SVG lists them lowest first). */
const tickLabels = (svg: string) => [...svg.matchAll(/<text[^>]*dy="0.35em"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
const bars = (svg: string) =>
  [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" class="([^"]+)"/g)].map(
    ([, x, y, width, height, className]) => ({
      x: Number(x),
      y: Number(y),
      width: Number(width),
      height: Number(height),
      className,
    }),
  );

describe('the daily sales chart', () => {
  it('rounds its value axis up from zero (d3 nice ticks), in the shop’s digits', () => {
    const svg = render([day('2026-03-01', 1200), day('2026-03-02', 2600), day('2026-03-03', 0)]);
    expect(tickLabels(svg)).toEqual([0, 1000, 2000, 3000].map(formatNumber));
    expect(svg.match(/<path/g)).toHaveLength(4);
  });

  it('draws the oldest day at the right and the newest at the left, each bar as tall as its day', () => {
    const svg = render([day('2026-03-01', 1000), day('2026-03-02', 3000), day('2026-03-03', 2000)]);
    const [oldest, middle, newest] = bars(svg);
    if (!oldest || !middle || !newest) throw new Error(`three bars expected in ${svg}`);
    expect(oldest.x).toBeGreaterThan(middle.x);
    expect(middle.x).toBeGreaterThan(newest.x);
    expect(oldest.width).toBeCloseTo(newest.width);
    // Heights in proportion to the days' sales, all standing on the same zero line.
    expect(middle.height / oldest.height).toBeCloseTo(3);
    expect(newest.height / oldest.height).toBeCloseTo(2);
    expect(new Set([oldest, middle, newest].map((bar) => Math.round(bar.y + bar.height))).size).toBe(1);
  });

  it('puts a day of more refunds than sales under zero, in red, with a negative tick', () => {
    const svg = render([day('2026-03-01', 900), day('2026-03-02', -50)]);
    const [sold, refunded] = bars(svg);
    expect(sold?.className).toContain('fill-brand-600');
    expect(refunded?.className).toContain('fill-red-600');
    // The refunded day hangs from the zero line the sold day stands on.
    expect(refunded?.y).toBeCloseTo((sold?.y ?? 0) + (sold?.height ?? 0));
    expect(tickLabels(svg)[0]).toBe(formatNumber(-500));
  });

  it('a range without sales has a zero line and nothing else on its axis', () => {
    const svg = render([day('2026-03-01', 0), day('2026-03-02', 0)]);
    expect(tickLabels(svg)).toEqual([formatNumber(0)]);
    expect(bars(svg).every((bar) => bar.height === 0)).toBe(true);
  });
});
