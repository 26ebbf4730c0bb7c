import { SHOP_LOCALE } from '../../contract/digits';
import { vr } from '../i18n/admin-vat-report';

/*
 * The VAT report screen's periods (docs/invoices.md § The VAT report): calendar quarters and months
 * as shop days, counted from today in the shop's zone. Zod-free: the screen's chunk imports it.
 */

export type Period = { from: string; to: string; label: string };

const pad = (n: number) => String(n).padStart(2, '0');
const day = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;
/** The last date of a month (1–12): day 0 of the next. */
const lastDate = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** A month `back` months before (year, month), as [year, month]. */
function monthsBefore(year: number, month: number, back: number): [number, number] {
  const index = year * 12 + (month - 1) - back;
  return [Math.floor(index / 12), (index % 12) + 1];
}

const monthName = new Intl.DateTimeFormat(SHOP_LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

function quarter(year: number, month: number): Period {
  const first = month - ((month - 1) % 3);
  return {
    from: day(year, first, 1),
    to: day(year, first + 2, lastDate(year, first + 2)),
    label: vr.quarter((first + 2) / 3, year),
  };
}

function month(year: number, month: number): Period {
  return {
    from: day(year, month, 1),
    to: day(year, month, lastDate(year, month)),
    label: monthName.format(new Date(Date.UTC(year, month - 1, 15))),
  };
}

/**
 * The quick choices from `today` (a shop day, `YYYY-MM-DD`): this quarter and the three before it,
 * this month and the two before it. The first quarter is the screen's default period.
 */
export function vatPeriods(today: string): { quarters: Period[]; months: Period[] } {
  const [year = 1970, current = 1] = today.split('-').map(Number);
  return {
    quarters: [0, 3, 6, 9].map((back) => quarter(...monthsBefore(year, current, back))),
    months: [0, 1, 2].map((back) => month(...monthsBefore(year, current, back))),
  };
}
