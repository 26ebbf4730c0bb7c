import { eq } from 'drizzle-orm';
import type { ZatcaEnvironment } from '../../../contract/e-invoicing.js';
import type { Database, Tx } from '../../../db/client.js';
import { eInvoicing } from '../../../db/schema.js';
import type { Config } from '../../config.js';
import { createFatooraClient, type FatooraCredentials } from './fatoora-client.js';
import { unseal } from './sealed.js';

/** The shop's one e-invoicing unit with ZATCA (docs/invoices.md § Onboarding), if it began. */
export type Unit = typeof eInvoicing.$inferSelect;

export async function unitOf(db: Database | Tx): Promise<Unit | undefined> {
  const [unit] = await db.select().from(eInvoicing).where(eq(eInvoicing.id, 1)).limit(1);
  return unit;
}

/** The certificate a CSID's token carries: ZATCA's token is Base64 of the certificate's Base64 DER. */
export const certificateOf = (binarySecurityToken: string) =>
  Buffer.from(binarySecurityToken, 'base64').toString('utf8');

/** A CSID as ZATCA's Basic authentication takes it, its secret opened. */
export const credentials = (token: string, sealedSecret: string, keySecret: string): FatooraCredentials => ({
  binarySecurityToken: token,
  secret: unseal(sealedSecret, keySecret),
});

/**
 * The production unit that signs new documents, its key opened; none before the production CSID
 * (phase 1). A shop in phase 2 without the secret that opens its key cannot issue a document it
 * may issue: that is a configuration fault (start-up refuses it in a public shop), not phase 1.
 */
export async function signingUnit(tx: Tx | Database, secretOf: () => string | undefined) {
  const unit = await unitOf(tx);
  if (!unit?.productionKey || !unit.productionToken) return undefined;
  const keySecret = secretOf();
  if (!keySecret) throw new Error('ZATCA_KEY_SECRET is needed to sign: the shop holds a production CSID');
  return {
    privateKeyPem: unseal(unit.productionKey, keySecret),
    certificate: certificateOf(unit.productionToken),
  };
}

/** ZATCA's API of an environment as this shop reaches it: ZATCA_API_URL, ZATCA_TIMEOUT_SECONDS. */
export const fatooraOf = (zatca: Pick<Config['zatca'], 'apiUrl' | 'timeoutSeconds'>, environment: ZatcaEnvironment) =>
  createFatooraClient({ environment, baseUrl: zatca.apiUrl, timeoutMs: zatca.timeoutSeconds * 1000 });
