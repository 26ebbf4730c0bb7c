/*
 * Registers the shop of DATA_DIR for VAT before its server starts (the embedded database admits
 * one process at a time): the store settings row, created as the server would create it, with
 * the seller of vat-shop.ts. Run by playwright.config.ts for the cash-only shop.
 */
import { openDatabase } from '../../src/db/client.js';
import { storeSettings } from '../../src/db/schema.js';
import { loadConfig } from '../../src/server/config.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { VAT_SELLER } from './vat-shop.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await storeSettingsOf(database.db, config);
  await database.db.update(storeSettings).set(VAT_SELLER);
} finally {
  await database.close();
}
