import { shopDay } from '../../contract/dates';

/*
 * The dashboard's period, read from its URL (docs/dashboard.md): `?period=today|7|30` (30 when none),
 * or `?period=custom&from=&to=` with days the owner chose.
 */

export const DASHBOARD_PERIODS = ['today', '7', '30', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** How many days each preset covers, today included. */
const PRESET_DAYS = { today: 1, '7': 7, '30': 30 } as const;

export type PeriodChoice = { period: DashboardPeriod; from: string; to: string };

/** `day` moved back by `days`, as `YYYY-MM-DD`. */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The period the URL asks for, its days in the shop's zone (custom days as typed: the API checks them). */
export function periodFrom(url: URL, now: Date, timeZone: string): PeriodChoice {
  const asked = url.searchParams.get('period');
  if (asked === 'custom') {
    return { period: 'custom', from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' };
  }
  const period = asked === 'today' || asked === '7' ? asked : '30';
  const today = shopDay(now, timeZone);
  return { period, from: daysBefore(today, PRESET_DAYS[period] - 1), to: today };
}

/** The link of a preset period. */
export const periodHref = (period: Exclude<DashboardPeriod, 'custom'>) =>
  period === '30' ? '/admin' : `/admin?period=${period}`;

/** The change from `previous` to `current` as a fraction (0.25 is 25% more), or null when before was nothing. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / Math.abs(previous);
}
