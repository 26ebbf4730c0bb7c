import { SHOP_LOCALE } from './digits.js';
import { dateTimeFormat } from './intl-formats.js';
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

/** The instant the zone's wall clock reads as UTC's: a wall-clock date and time, as milliseconds. */
function wallClockMs(instant: number, timeZone: string): number {
  const { date, time } = wallClock(new Date(instant), timeZone);
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
  // Not Date.UTC, which reads years 0–99 as 1900–1999; and any year of Date's range (10000 too).
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, second, 0);
  return wall.getTime();
}

/**
 * The instant the zone's clock reaches the midnight (or any wall time) that UTC's reaches at `utcMidnight`. Works
 * across DST changes (Cairo has them): the zone's offset is read at the guess and corrected once.
 */
function shopMidnight(utcMidnight: number, timeZone: string): Date {
  const offsetAt = (instant: number) => wallClockMs(instant, timeZone) - instant;
  const first = utcMidnight - offsetAt(utcMidnight);
  return new Date(utcMidnight - offsetAt(first));
}

/** The instant a shop day (`YYYY-MM-DD`) begins in the zone: the day filters' lower bound (`from`). */
export const startOfShopDay = (day: string, timeZone: string) => shopMidnight(Date.parse(`${day}T00:00:00Z`), timeZone);

/**
 * The instant a shop day ends, where the next begins in the zone: the day filters' exclusive upper
 * bound (`to`). 9999-12-31, the last day a filter takes, ends too.
 */
export const endOfShopDay = (day: string, timeZone: string) =>
  shopMidnight(Date.parse(`${day}T00:00:00Z`) + 86_400_000, timeZone);

/**
 * The instant the zone's clock shows a wall-clock date and time (`2026-12-01T09:00`, as a
 * datetime-local field gives it), or null for text that is no such moment: what the admin types
 * for a slide's window (docs/home-page.md).
 */
export function instantOfShopDateTime(dateTime: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(dateTime);
  if (!match) return null;
  const wall = Date.parse(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6] ?? '00'}Z`);
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 10) !== dateTime.slice(0, 10)) return null;
  return shopMidnight(wall, timeZone);
}

/** An instant as a datetime-local field shows it in the zone (`2026-12-01T09:00`). */
export function shopDateTimeInput(instant: Date | string, timeZone: string): string {
  const { date, time } = wallClock(instant, timeZone);
  return `${date}T${time.slice(0, 5)}`;
}

/**
 * A calendar date as an Arabic reader reads it (`1 نوفمبر 2026`), in the shop's zone: order
 * pages, printed pages and e-mails. Server and browser render the same string.
 */
export const formatDate = (instant: Date | string, timeZone: string) =>
  dateTimeFormat(SHOP_LOCALE, { dateStyle: 'long', timeZone }).format(new Date(instant));

/** A moment, day and time (`1 نوفمبر 2026 في 1:30 ص`), in the shop's zone. */
export const formatDateTime = (instant: Date | string, timeZone: string) =>
  dateTimeFormat(SHOP_LOCALE, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(instant));

/**
 * An instant within what Postgres takes in an ISO timestamp (years 1 to 9999, no year 0): the
 * first shop day of a zone ahead of UTC begins on 31 December of year 0, and the last one of a zone
 * at or behind UTC ends in year 10000.
 */
export function storableInstant(instant: Date): Date {
  const first = Date.parse('0001-01-01T00:00:00Z');
  const last = Date.parse('9999-12-31T23:59:59.999Z');
  return new Date(Math.min(Math.max(instant.getTime(), first), last));
}
