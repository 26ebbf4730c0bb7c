import { MARKETS } from '../../../contract/markets.js';
import type { Database, Tx } from '../../../db/client.js';
import { storeSettings } from '../../../db/schema.js';
import type { Config } from '../../config.js';

export type StoreSettings = typeof storeSettings.$inferSelect;

/**
 * The store's settings, created on first read from the configuration: SHOP_NAME, and the VAT rate
 * of SHOP_COUNTRY's market (src/contract/markets.ts). One row; concurrent first reads insert once.
 */
export async function storeSettingsOf(db: Database | Tx, config: Pick<Config, 'shopName' | 'country'>) {
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
