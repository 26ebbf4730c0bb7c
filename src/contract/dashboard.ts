import { z } from 'zod';
import { dataEnvelope, nonNegativeInt } from './common.js';
import { apiMessages as m } from './messages.js';
import { calendarDay } from './order-query.js';
import { reportPeriodInBounds } from './periods.js';

/*
 * The owner's dashboard: `GET /api/v1/admin/stats?from=&to=` (docs/dashboard.md). Money is in major
 * units, as every answer of the API; days are the shop's, `YYYY-MM-DD`, in its time zone.
 */

/**
 * `from` and `to`, both included, given together; both left out is the last 30 days ending today
 * (the server fills them in). One without the other, `to` before `from` and a range of more than
 * REPORT_MAX_DAYS days (src/contract/periods.ts) are refused.
 */
export const statsQuerySchema = z
  .object({ from: calendarDay.optional(), to: calendarDay.optional() })
  .superRefine((query, ctx) => {
    if (!query.from !== !query.to) {
      const missing = query.from ? 'to' : 'from';
      ctx.addIssue({ code: 'custom', message: m.dateFilterInvalid, path: [missing], input: undefined });
      return;
    }
    reportPeriodInBounds(query, ctx);
  });

const money = z.number();

/** The figures of one period: what the dashboard's cards show. */
export const periodFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Orders placed that count as sales (docs/dashboard.md § Which orders are sales). */
  orders: nonNegativeInt,
  /** Those orders' totals, before refunds. */
  sales: money,
  /** Refunds done in the period, by the day they were done, on orders that are not cancelled. */
  refunds: money,
  /** sales − refunds. */
  netSales: money,
  /** sales ÷ orders (0 with no orders), rounded to the currency's minor unit. */
  averageOrderValue: money,
  /** Customer accounts created in the period. */
  newCustomers: nonNegativeInt,
});

const rankedLine = z.object({
  productId: z.string().nullable(),
  title: z.string(),
  units: nonNegativeInt,
  sales: money,
});

export const statsSchema = periodFiguresSchema.extend({
  /** The same figures for the period of the same length just before. */
  previous: periodFiguresSchema,
  /** Orders waiting for action now (any day): pending, processing and shipped. */
  byStatus: z.object({ pending: nonNegativeInt, processing: nonNegativeInt, shipped: nonNegativeInt }),
  /** One entry per day of the range, oldest first, zeros included. */
  daily: z.array(z.object({ date: z.string(), orders: nonNegativeInt, sales: money, refunds: money, netSales: money })),
  /** The best sellers of the range by units (then sales), at most 10. */
  topProducts: z.array(rankedLine),
  /** The same by variant (a size, a colour), with its SKU and options as sold. */
  topVariants: z.array(
    rankedLine.extend({
      variantId: z.string().nullable(),
      sku: z.string(),
      options: z.record(z.string(), z.string()),
    }),
  ),
  /** Products with at most `lowStockThreshold` units left (out of stock first), drafts included, at most 20. */
  lowStock: z.array(z.object({ id: z.string(), title: z.string(), quantity: nonNegativeInt })),
  lowStockThreshold: nonNegativeInt,
  currency: z.string(),
});

export const statsEnvelope = dataEnvelope(statsSchema);
export type Stats = z.output<typeof statsSchema>;
export type PeriodFigures = z.output<typeof periodFiguresSchema>;
export type StatsQuery = z.input<typeof statsQuerySchema>;
