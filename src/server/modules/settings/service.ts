import type { z } from 'zod';
import { MAX_ORDER_TOTAL_MINOR, SELLER_ID_SCHEMES } from '../../../contract/constants.js';
import { MARKETS } from '../../../contract/markets.js';
import { currencyDigits, toMajor, toMinor } from '../../../contract/money.js';
import type { storeSettingsUpdateSchema } from '../../../contract/store.js';
import type { ShopContact } from '../../../contract/transport.js';
import type { PublicStoreSettingsView, StoreSettingsView } from '../../../contract/types.js';
import type { Database, Tx } from '../../../db/client.js';
import { storeSettings } from '../../../db/schema.js';
import type { Config } from '../../config.js';
import { fieldError } from '../../errors.js';
import { missingForTaxInvoices } from '../invoices/service.js';
import { fieldChanges, recordStaffAction, type StaffActor } from '../staff-actions/service.js';

export type StoreSettings = typeof storeSettings.$inferSelect;
type SettingsConfig = Pick<Config, 'shopName' | 'country'>;
type UpdateConfig = SettingsConfig & Pick<Config, 'currency'>;
/** `PUT /settings` as parsed: the VAT rate already in basis points. */
export type StoreSettingsChanges = z.output<ReturnType<typeof storeSettingsUpdateSchema>>;

/**
 * The store's settings, created on first read from the configuration: SHOP_NAME, and the VAT rate
 * of SHOP_COUNTRY's market (src/contract/markets.ts). One row; concurrent first reads insert once.
 */
export async function storeSettingsOf(db: Database | Tx, config: SettingsConfig) {
  const [existing] = await db.select().from(storeSettings).limit(1);
  if (existing) return existing;
  await db
    .insert(storeSettings)
    .values({ id: 1, shopName: config.shopName, vatRateBasisPoints: MARKETS[config.country].vatRateBasisPoints })
    .onConflictDoNothing({ target: storeSettings.id });
  const [created] = await db.select().from(storeSettings).limit(1);
  if (!created) throw new Error('store settings could not be created');
  return created;
}

/**
 * Changes the fields given (the row is created first if this is the shop's first read), and logs
 * the fields that changed in the same transaction (docs/staff-actions.md).
 */
export async function updateStoreSettings(
  db: Database,
  config: UpdateConfig,
  changes: StoreSettingsChanges,
  actor: StaffActor,
) {
  await storeSettingsOf(db, config);
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(storeSettings).for('update');
    if (!before) throw new Error('store settings vanished');
    const { vatRate, staffRefundLimit, ...rest } = changes;
    const [row] = await tx
      .update(storeSettings)
      .set({
        ...rest,
        ...(vatRate === undefined ? {} : { vatRateBasisPoints: vatRate }),
        ...(staffRefundLimit === undefined
          ? {}
          : { staffRefundLimit: refundLimitInMinorUnits(staffRefundLimit, config) }),
        updatedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('store settings vanished');
    const fields = Object.keys(changes) as (keyof StoreSettingsChanges & keyof StoreSettingsView)[];
    await recordStaffAction(tx, actor, {
      action: 'settings.updated',
      subject: { type: 'settings', id: null, label: row.shopName },
      changes: fieldChanges(settingsView(before, config), settingsView(row, config), fields),
    });
    return row;
  });
  return saved;
}

/** The staff refund limit in minor units: within the order limit, no more digits than the currency has. */
function refundLimitInMinorUnits(major: number, config: Pick<Config, 'currency'>): number {
  const digits = currencyDigits(config.currency);
  const minor = toMinor(major, digits);
  if (minor > MAX_ORDER_TOTAL_MINOR || toMajor(minor, digits) !== major) {
    throw fieldError('staffRefundLimit', 'staffRefundLimitInvalid', major);
  }
  return minor;
}

type KeptContact = { version: number; contact: Promise<ShopContact> };
const contacts = new WeakMap<Database, KeptContact>();

/**
 * The footer's contact for every page (ShopInfo.contact), read from the settings once per version
 * of the catalogue (which a settings change raises, docs/caching.md) and not per page: a change
 * shows on the next page of any process. Requests at the same time share one read; a failed read
 * is not kept.
 */
export function shopContactOf(db: Database, config: SettingsConfig, version: number): Promise<ShopContact> {
  const kept = contacts.get(db);
  if (kept?.version === version) return kept.contact;
  const contact = storeSettingsOf(db, config).then(contactOf);
  contacts.set(db, { version, contact });
  contact.catch(() => {
    if (contacts.get(db)?.contact === contact) contacts.delete(db);
  });
  return contact;
}

/** The settings the footer shows (docs/store-pages.md § The footer). */
const contactOf = (row: StoreSettings): ShopContact => ({
  phone: row.phone,
  email: row.email,
  whatsapp: row.whatsapp,
  instagramUrl: row.instagramUrl,
  xUrl: row.xUrl,
  tiktokUrl: row.tiktokUrl,
  snapchatUrl: row.snapchatUrl,
  facebookUrl: row.facebookUrl,
});

/** The settings as anyone reads them (docs/pricing.md): the rate in percent. */
export const publicSettingsView = (
  row: StoreSettings,
  config: Pick<Config, 'currency' | 'country'>,
): PublicStoreSettingsView => ({
  shopName: row.shopName,
  legalName: row.legalName,
  vatNumber: row.vatNumber,
  address: row.address,
  sellerIdScheme: SELLER_ID_SCHEMES.find((scheme) => scheme === row.sellerIdScheme) ?? 'CRN',
  sellerId: row.sellerId,
  buildingNumber: row.buildingNumber,
  street: row.street,
  district: row.district,
  city: row.city,
  postalCode: row.postalCode,
  additionalNumber: row.additionalNumber,
  ...contactOf(row),
  vatRate: row.vatRateBasisPoints / 100,
  pricesIncludeVat: row.pricesIncludeVat,
  currency: config.currency,
  country: config.country,
  issuesTaxInvoices: missingForTaxInvoices(row, config).length === 0,
  updatedAt: row.updatedAt.toISOString(),
});

/** The settings as staff read them: the public ones and the owner's own (docs/pricing.md). */
export const settingsView = (row: StoreSettings, config: Pick<Config, 'currency' | 'country'>): StoreSettingsView => ({
  ...publicSettingsView(row, config),
  lowStockThreshold: row.lowStockThreshold,
  basketRemindersEnabled: row.basketRemindersEnabled,
  basketReminderDelayHours: row.basketReminderDelayHours,
  missingForTaxInvoices: missingForTaxInvoices(row, config),
  staffRefundLimit: toMajor(row.staffRefundLimit, currencyDigits(config.currency)),
});
