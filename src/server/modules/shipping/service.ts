import { eq, sql } from 'drizzle-orm';
import { cityKey } from '../../../contract/cities.js';
import { MAX_SHIPPING_ZONES } from '../../../contract/constants.js';
import type { MarketCountry } from '../../../contract/markets.js';
import type { Database, Tx } from '../../../db/client.js';
import { shippingZones } from '../../../db/schema.js';
import { failure, fieldError } from '../../errors.js';
import { type Zone, zoneLists } from '../pricing/quote.js';
import { type ShippingZoneRow, shippingZonesOf } from '../pricing/service.js';
import { fieldChanges, recordStaffAction, type StaffActor } from '../staff-actions/service.js';

/*
 * The rules of shipping zones (docs/pricing.md): one default zone ("everywhere else") that can be
 * renamed, priced and disabled but not deleted and lists no cities; a city belongs to at most one
 * enabled zone (compared by city key, in any spelling, as zoneFor matches addresses).
 */

/** A zone's fields in minor units, as the routes hand them over. */
export type ZoneInput = {
  name: string;
  cities: string[];
  price: number;
  freeAbove: number | null;
  codAllowed: boolean;
  codFee: number;
  enabled: boolean;
};

/** Who changes zones, and the currency's digits the log shows their amounts in (docs/staff-actions.md). */
export type ZoneEditor = { actor: StaffActor; digits: number };

const LOGGED_FIELDS = ['name', 'cities', 'price', 'freeAbove', 'codAllowed', 'codFee', 'enabled'] as const;
const MONEY_FIELDS = ['price', 'freeAbove', 'codFee'] as const;

/** A zone's logged fields as the log compares them; none (a zone not there) is all null. */
const loggedOf = (zone: ShippingZoneRow | undefined) =>
  zone === undefined
    ? {}
    : {
        name: zone.name,
        cities: [...zone.cities],
        price: zone.price,
        freeAbove: zone.freeAbove,
        codAllowed: zone.codAllowed,
        codFee: zone.codFee,
        enabled: zone.enabled,
      };

/** Logs a zone's change from `before` to `after` (either missing for a creation or a deletion). */
function recordZoneChange(
  tx: Tx,
  editor: ZoneEditor,
  action: 'shipping_zone.created' | 'shipping_zone.updated' | 'shipping_zone.deleted',
  before: ShippingZoneRow | undefined,
  after: ShippingZoneRow | undefined,
) {
  const zone = after ?? before;
  if (!zone) throw failure('internalError');
  return recordStaffAction(tx, editor.actor, {
    action,
    subject: { type: 'shipping_zone', id: zone.id, label: zone.name },
    changes: fieldChanges(loggedOf(before), loggedOf(after), LOGGED_FIELDS, {
      fields: MONEY_FIELDS,
      digits: editor.digits,
    }),
  });
}

/** Every change of zones takes this lock first, so two admins cannot give one city to two zones. */
const ZONES_LOCK_KEY = 7_305_727;

async function lockedZones(tx: Tx): Promise<ShippingZoneRow[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ZONES_LOCK_KEY})`);
  return shippingZonesOf(tx);
}

/** The cities once each (any spelling of a city counts as it), in the order first written. */
function distinctCities(cities: readonly string[], country: MarketCountry): string[] {
  const seen = new Set<string>();
  return cities.filter((city) => {
    const key = cityKey(country, city);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Refuses a zone that would list, enabled, a city another enabled zone lists: 409 naming both. */
function checkCities(
  zones: readonly Zone[],
  zone: Pick<Zone, 'id' | 'cities' | 'enabled' | 'isDefault'>,
  country: MarketCountry,
) {
  if (zone.isDefault && zone.cities.length > 0) throw fieldError('cities', 'zoneDefaultHasNoCities', zone.cities);
  if (!zone.enabled) return;
  for (const other of zones) {
    if (other.id === zone.id || !other.enabled || other.isDefault) continue;
    const city = zone.cities.find((item) => zoneLists(other, item, country));
    if (city !== undefined) throw failure('zoneCityTaken', { city, zone: other.name });
  }
}

export const listZones = (db: Database) => shippingZonesOf(db);

export function createZone(
  db: Database,
  country: MarketCountry,
  input: ZoneInput,
  editor: ZoneEditor,
): Promise<ShippingZoneRow> {
  return db.transaction(async (tx) => {
    const zones = await lockedZones(tx);
    if (zones.length >= MAX_SHIPPING_ZONES) throw failure('zoneLimit');
    const cities = distinctCities(input.cities, country);
    checkCities(zones, { id: '', cities, enabled: input.enabled, isDefault: false }, country);
    const [row] = await tx
      .insert(shippingZones)
      .values({ ...input, cities })
      .returning();
    if (!row) throw failure('internalError');
    await recordZoneChange(tx, editor, 'shipping_zone.created', undefined, row);
    return row;
  });
}

export function updateZone(
  db: Database,
  country: MarketCountry,
  id: string,
  changes: Partial<ZoneInput>,
  editor: ZoneEditor,
): Promise<ShippingZoneRow> {
  return db.transaction(async (tx) => {
    const zones = await lockedZones(tx);
    const current = zones.find((zone) => zone.id === id);
    if (!current) throw failure('zoneNotFound');
    const cities = changes.cities === undefined ? current.cities : distinctCities(changes.cities, country);
    checkCities(zones, { ...current, cities, enabled: changes.enabled ?? current.enabled }, country);
    const [row] = await tx
      .update(shippingZones)
      .set({ ...changes, ...(changes.cities === undefined ? {} : { cities }), updatedAt: new Date() })
      .where(eq(shippingZones.id, id))
      .returning();
    if (!row) throw failure('zoneNotFound');
    await recordZoneChange(tx, editor, 'shipping_zone.updated', current, row);
    return row;
  });
}

export function deleteZone(db: Database, id: string, editor: ZoneEditor): Promise<void> {
  return db.transaction(async (tx) => {
    const zones = await lockedZones(tx);
    const zone = zones.find((item) => item.id === id);
    if (!zone) throw failure('zoneNotFound');
    if (zone.isDefault) throw failure('zoneDefaultUndeletable');
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    await recordZoneChange(tx, editor, 'shipping_zone.deleted', zone, undefined);
  });
}
