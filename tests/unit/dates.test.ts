import { describe, expect, it } from 'vitest';
import {
  endOfShopDay,
  formatDate,
  formatDateTime,
  instantOfShopDateTime,
  isTimeZone,
  shopDateTimeInput,
  shopDay,
  startOfShopDay,
  storableInstant,
  wallClock,
} from '../../src/contract/dates';
import { MARKETS } from '../../src/contract/markets';
import { loadConfig } from '../../src/server/config';

describe('the shop time zone', () => {
  it('reads a UTC instant as the wall clock of the zone', () => {
    // 22:30 UTC on 31 Oct is 01:30 on 1 Nov in Riyadh (UTC+3): the next day, and the next month.
    expect(wallClock('2026-10-31T22:30:00Z', 'Asia/Riyadh')).toEqual({ date: '2026-11-01', time: '01:30:00' });
    expect(shopDay('2026-10-31T22:30:00Z', 'UTC')).toBe('2026-10-31');
    expect(wallClock('2026-01-05T00:00:00Z', 'Asia/Riyadh').time).toBe('03:00:00');
  });

  it("reads a datetime-local field's wall clock as the zone's instant, and shows an instant back in it", () => {
    expect(instantOfShopDateTime('2026-12-01T09:00', 'Asia/Riyadh')?.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    // Cairo: UTC+3 in summer, UTC+2 in winter.
    expect(instantOfShopDateTime('2026-07-15T09:30', 'Africa/Cairo')?.toISOString()).toBe('2026-07-15T06:30:00.000Z');
    expect(instantOfShopDateTime('2026-12-15T09:30:15', 'Africa/Cairo')?.toISOString()).toBe(
      '2026-12-15T07:30:15.000Z',
    );
    for (const text of ['2026-02-30T09:00', '2026-12-01', '2026-12-01T25:00', 'tomorrow', '٢٠٢٦-١٢-٠١T09:00', '']) {
      expect(instantOfShopDateTime(text, 'Asia/Riyadh'), text).toBeNull();
    }
    expect(shopDateTimeInput('2026-12-01T06:00:00.000Z', 'Asia/Riyadh')).toBe('2026-12-01T09:00');
    expect(shopDateTimeInput('2026-10-31T22:30:00Z', 'Asia/Riyadh')).toBe('2026-11-01T01:30');
  });

  it('finds the instant a shop day begins, across daylight saving time', () => {
    expect(startOfShopDay('2026-11-01', 'Asia/Riyadh').toISOString()).toBe('2026-10-31T21:00:00.000Z');
    // Cairo keeps summer time (UTC+3) from late April to late October, UTC+2 otherwise.
    expect(startOfShopDay('2026-07-15', 'Africa/Cairo').toISOString()).toBe('2026-07-14T21:00:00.000Z');
    expect(startOfShopDay('2026-12-15', 'Africa/Cairo').toISOString()).toBe('2026-12-14T22:00:00.000Z');
    expect(endOfShopDay('2026-12-31', 'Asia/Riyadh').toISOString()).toBe('2026-12-31T21:00:00.000Z');
    // Cairo moves its clocks forward on 24 April 2026 (at midnight): that day lasts 23 hours.
    const springDay =
      endOfShopDay('2026-04-24', 'Africa/Cairo').getTime() - startOfShopDay('2026-04-24', 'Africa/Cairo').getTime();
    expect(springDay).toBe(23 * 3_600_000);
  });

  it('bounds the widest days a filter takes, years 1 and 9999, without an invalid date', () => {
    expect(endOfShopDay('9999-12-31', 'Asia/Riyadh').toISOString()).toBe('9999-12-31T21:00:00.000Z');
    expect(Number.isNaN(startOfShopDay('0001-01-01', 'Asia/Riyadh').getTime())).toBe(false);
  });

  it('keeps the day filters’ bounds within the years Postgres takes, in zones on either side of UTC', () => {
    const first = new Date('0001-01-01T00:00:00Z');
    const last = new Date('9999-12-31T23:59:59.999Z');
    for (const zone of ['UTC', 'America/New_York', 'Asia/Riyadh']) {
      for (const bound of [startOfShopDay('0001-01-01', zone), endOfShopDay('9999-12-31', zone)]) {
        const kept = storableInstant(bound);
        expect(kept >= first && kept <= last, `${zone} ${bound.toISOString()}`).toBe(true);
      }
    }
    // Within the range an instant is itself.
    expect(storableInstant(new Date('2026-11-01T00:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it("writes dates for people in the shop's zone: 22:30 UTC on 31 October is 1 November, 01:30, in Riyadh", () => {
    const instant = '2026-10-31T22:30:00Z';
    expect(formatDate(instant, 'Asia/Riyadh')).toBe('1 نوفمبر 2026');
    expect(formatDate(instant, 'UTC')).toBe('31 أكتوبر 2026');
    expect(formatDateTime(instant, 'Asia/Riyadh')).toBe('1 نوفمبر 2026 في 1:30 ص');
    expect(formatDateTime(instant, 'Africa/Cairo')).toBe('1 نوفمبر 2026 في 12:30 ص');
  });

  it('defaults to the market and takes SHOP_TIMEZONE, refusing a zone Intl does not know', () => {
    for (const market of Object.values(MARKETS)) expect(isTimeZone(market.timeZone)).toBe(true);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).timeZone).toBe('Asia/Riyadh');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), SHOP_COUNTRY: 'EG' }).timeZone).toBe('Africa/Cairo');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), SHOP_TIMEZONE: 'Asia/Dubai' }).timeZone).toBe('Asia/Dubai');
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), SHOP_TIMEZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIMEZONE/);
  });
});
