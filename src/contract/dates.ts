/**
 * The shop's time zone (docs/dates.md): instants are stored in UTC, and every date a person or an
 * authority reads — invoices, credit notes, printed pages, e-mails, order screens, the admin's day
 * filters and the CSV export — is the wall-clock date and time in the shop's zone (`SHOP_TIMEZONE`,
 * default the market's: `Asia/Riyadh` for SA, `Africa/Cairo` for EG, src/contract/markets.ts).
 * Used by the server and the web alike, so a page rendered on either side shows the same date.
 */

/** true when Intl knows the zone (`Asia/Riyadh`); `UTC` is always known. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type WallClock = {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM:SS`, 24-hour */
  time: string;
};

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The shop's calendar date and time of an instant, as ASCII digits (for XML, CSV, filters). */
export function wallClock(instant: Date | string, timeZone: string): WallClock {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(instant))) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** The shop's calendar date (`YYYY-MM-DD`) of an instant. */
export const shopDay = (instant: Date | string, timeZone: string) => wallClock(instant, timeZone).date;

/**
 * The instant a shop day (`YYYY-MM-DD`) begins in the zone: the day filters' lower bound (`from`)
 * and, for the day after, the exclusive upper bound (`to`). Works across DST changes (Cairo has
 * them): the zone's offset is read at the guess and corrected once.
 */
export function startOfShopDay(day: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (instant: number) => {
    const { date, time } = wallClock(new Date(instant), timeZone);
    return Date.parse(`${date}T${time}Z`) - instant;
  };
  const first = utcMidnight - offsetAt(utcMidnight);
  return new Date(utcMidnight - offsetAt(first));
}

/** The day after a `YYYY-MM-DD` day (calendar arithmetic, no zone). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
