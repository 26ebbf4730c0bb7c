import { createPublicKey, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  COMPLIANCE_DOCUMENTS,
  type ComplianceDocument,
  type DOCUMENT_FILTERS,
  type EInvoicingStatus,
  type OnboardingStep,
  type ReportingDocument,
  type ZatcaEnvironment,
} from '../../../contract/e-invoicing.js';
import type { Database } from '../../../db/client.js';
import {
  type ComplianceCheck,
  eInvoicing,
  type InvoiceSeller,
  invoices,
  orders,
  storeSettings,
} from '../../../db/schema.js';
import { type Config, persistentSecret } from '../../config.js';
import { failure } from '../../errors.js';
import { isPublic } from '../../public-mode.js';
import { GENESIS_HASH, issueCorrection, missingForTaxInvoices, sellerOf } from '../invoices/service.js';
import { certificateDetails, stampDocument } from '../invoices/stamp.js';
import { zatcaQr } from '../invoices/tlv.js';
import { decimal, invoiceUbl, type UblCorrection } from '../invoices/ubl.js';
import { lockOrder } from '../orders/lifecycle.js';
import { csrInputProblems, generateCsr } from './csr.js';
import type { FatooraResult } from './fatoora-client.js';
import type { DocumentIssuing } from './reporting.js';
import { seal, unseal } from './sealed.js';
import { certificateOf, credentials, fatooraOf, type Unit, unitOf } from './unit.js';

/*
 * ZATCA phase 2 for the shop's one invoicing unit (docs/invoices.md § Onboarding): a key and CSR,
 * the compliance CSID for the portal's OTP, the compliance checks the shop runs itself, the
 * production CSID that signs every new document, and its renewal. Calls to ZATCA are made outside
 * any transaction; each step then writes only if the unit is still where it was when it began
 * (two admins pressing the same button make one change).
 */

export type EInvoicingConfig = Pick<Config, 'zatca' | 'dataDir' | 'host' | 'publicUrl' | 'trustProxy'> &
  Pick<Config, 'country' | 'currency' | 'timeZone'>;

/** Days before the certificate ends from which the admin is told to renew. */
export const RENEWAL_WARNING_DAYS = 30;
/** A document still pending after this long is late: ZATCA wants each within 24 hours. */
export const LATE_AFTER_HOURS = 20;

/**
 * ZATCA_KEY_SECRET, or on a shop only this machine reaches a secret kept in DATA_DIR (the demo
 * works without setting one). A public shop has none without the environment's: it may not onboard,
 * and one that did refuses to start (`eInvoicingStartProblem`).
 */
export function keySecretOf(config: EInvoicingConfig): string | undefined {
  if (config.zatca.keySecret) return config.zatca.keySecret;
  return isPublic(config) ? undefined : persistentSecret(config.dataDir, 'zatca-key-secret');
}

/** What the shop's documents are issued with (src/server/modules/e-invoicing/reporting.ts), the secret read once. */
export function documentIssuing(config: EInvoicingConfig, jobs: DocumentIssuing['jobs']): DocumentIssuing {
  let keySecret: string | undefined;
  return { keySecret: () => (keySecret ??= keySecretOf(config)), jobs };
}

/**
 * Why the shop must not start (docs/invoices.md § Keys at rest): it holds a sealed key, and no
 * secret opens it — a public shop without ZATCA_KEY_SECRET, or a secret changed, mistyped or
 * dropped since onboarding. Started anyway, every document it issued in phase 2 would fail.
 */
export async function eInvoicingStartProblem(db: Database, config: EInvoicingConfig): Promise<string | undefined> {
  const unit = await unitOf(db);
  const sealedKey = unit?.productionKey ?? unit?.pendingKey;
  if (!sealedKey) return undefined;
  const keySecret = keySecretOf(config);
  if (!keySecret) {
    return 'ZATCA_KEY_SECRET is not set, and this shop has an e-invoicing key sealed with one: set ZATCA_KEY_SECRET to the secret it was onboarded with (docs/invoices.md § Keys at rest).';
  }
  try {
    unseal(sealedKey, keySecret);
    return undefined;
  } catch {
    return `${config.zatca.keySecret ? 'ZATCA_KEY_SECRET' : `The secret in ${config.dataDir}/zatca-key-secret (ZATCA_KEY_SECRET is not set)`} does not open this shop's sealed e-invoicing key: set ZATCA_KEY_SECRET to the secret it was onboarded with, or onboard again (docs/invoices.md § Keys at rest).`;
  }
}

const allPassed = (checks: ComplianceCheck[]) =>
  COMPLIANCE_DOCUMENTS.every((document) => checks.some((check) => check.document === document && check.passed));

function stepOf(unit: Unit | undefined): OnboardingStep {
  if (unit?.pendingCsr) {
    if (!unit.complianceToken) return unit.productionToken ? 'production' : 'csr_created';
    return allPassed(unit.complianceChecks) ? 'compliance_passed' : 'compliance_csid';
  }
  return unit?.productionToken ? 'production' : 'not_started';
}

/** Where e-invoicing stands, for the admin (`GET /api/v1/e-invoicing`). */
export async function eInvoicingStatus(db: Database, now = new Date()): Promise<EInvoicingStatus> {
  const unit = await unitOf(db);
  const counts = await db
    .select({
      status: invoices.reportingStatus,
      count: sql<number>`count(*)::int`,
      late: sql<number>`count(*) filter (where ${invoices.issuedAt} < ${lateMark(now)})::int`,
      open: sql<number>`count(*) filter (where ${invoices.replacedBy} is null)::int`,
    })
    .from(invoices)
    .where(sql`${invoices.reportingStatus} is not null`)
    .groupBy(invoices.reportingStatus);
  const documents = { pending: 0, reported: 0, reported_with_warnings: 0, rejected: 0, late: 0 };
  for (const row of counts) {
    if (!row.status) continue;
    // A refused document awaits its correction; a corrected one needs nothing more.
    documents[row.status] = row.status === 'rejected' ? row.open : row.count;
    if (row.status === 'pending') documents.late = row.late;
  }
  const expiresAt = unit?.certificateExpiresAt ?? null;
  const production = Boolean(unit?.productionToken);
  return {
    phase: production ? 2 : 1,
    step: stepOf(unit),
    environment: unit?.pendingEnvironment ?? unit?.productionEnvironment ?? null,
    certificateExpiresAt: expiresAt?.toISOString() ?? null,
    renewalDue: expiresAt !== null && expiresAt.getTime() - now.getTime() < RENEWAL_WARNING_DAYS * 86_400_000,
    renewing: production && Boolean(unit?.pendingCsr),
    complianceChecks: unit?.complianceChecks ?? [],
    documents,
    reportingProblem: unit?.reportingProblem ?? null,
  };
}

/** The seller the CSR and the compliance samples are made for; refused while incomplete. */
async function onboardingSeller(db: Database, config: EInvoicingConfig): Promise<InvoiceSeller> {
  if (config.country !== 'SA') throw failure('eInvoicingSaudiOnly');
  const [settings] = await db.select().from(storeSettings).limit(1);
  const seller = sellerOf(settings, config);
  if (!seller) {
    throw failure('eInvoicingSellerIncomplete', { missing: settings ? missingForTaxInvoices(settings, config) : [] });
  }
  return seller;
}

function requireKeySecret(config: EInvoicingConfig): string {
  const keySecret = keySecretOf(config);
  if (!keySecret) throw failure('eInvoicingKeySecretMissing');
  return keySecret;
}

const stepUnavailable = (unit: Unit | undefined) => failure('eInvoicingStepUnavailable', { step: stepOf(unit) });

/** A refused or failed call to ZATCA, as the API answers it (ZATCA's own messages beside). */
function zatcaFailure(answer: Extract<FatooraResult<unknown>, { ok: false }>) {
  if (answer.kind !== 'http' || answer.status === undefined || answer.status >= 500) {
    return failure('zatcaUnavailable');
  }
  return failure('zatcaRefused', { zatcaStatus: answer.status, zatcaMessages: answer.messages });
}

/**
 * The certificate of a CSID answer, checked before it is kept (docs/invoices.md § Onboarding): a
 * certificate at all, of this unit's key, and not past its end — else every document signed with
 * it would fail. ZATCA's developer portal is reported to hand back a fixed production certificate
 * of another key: it is refused here, not discovered at the next order.
 */
function checkedCertificate(answer: { binarySecurityToken?: unknown; secret?: unknown }, privateKeyPem: string) {
  const token = answer.binarySecurityToken;
  const secret = answer.secret;
  const refused = (message: string) =>
    failure('zatcaRefused', { zatcaStatus: 200, zatcaMessages: [{ code: 'certificate', message }] });
  if (typeof token !== 'string' || token === '' || typeof secret !== 'string' || secret === '') {
    throw refused('The answer carries no binarySecurityToken and secret');
  }
  let details: ReturnType<typeof certificateDetails>;
  try {
    details = certificateDetails(certificateOf(token));
  } catch {
    throw refused('The binarySecurityToken is not a certificate');
  }
  const ownKey = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' });
  if (!Buffer.from(details.publicKeyDer).equals(ownKey)) {
    throw refused('The certificate is not of the key this shop sent in its CSR');
  }
  if (details.notAfter.getTime() <= Date.now()) throw refused('The certificate has ended');
  return { token, secret, notAfter: details.notAfter };
}

/** The shop's version, in the unit's serial (`2-…`). */
const SOLUTION_VERSION = '1.0';

/**
 * A fresh key and CSR of the unit. A seller ZATCA's CSR cannot carry (a VAT number of another
 * market's form, kept from before SHOP_COUNTRY=SA) is the seller's incompleteness, not a fault.
 */
function newCsr(seller: InvoiceSeller, environment: ZatcaEnvironment, unitSerial: string) {
  const address = seller.nationalAddress;
  const input = {
    environment,
    organization: seller.name,
    organizationalUnit: address?.city ?? seller.address,
    commonName: `Matjar-${seller.vatNumber}`,
    vatNumber: seller.vatNumber,
    solutionVersion: SOLUTION_VERSION,
    registeredAddress: address ? `${address.buildingNumber} ${address.street}, ${address.city}` : seller.address,
    businessCategory: 'Retail',
    unitSerial,
  };
  if (csrInputProblems(input).length > 0) throw failure('eInvoicingSellerIncomplete', { missing: ['vatNumber'] });
  return generateCsr(input);
}

/** Step 1: a fresh key and CSR for `environment`; starts onboarding over (a production unit keeps signing). */
export async function createUnitCsr(db: Database, config: EInvoicingConfig, environment: ZatcaEnvironment) {
  const seller = await onboardingSeller(db, config);
  const keySecret = requireKeySecret(config);
  const unitSerial = (await unitOf(db))?.unitSerial ?? randomUUID();
  const csr = newCsr(seller, environment, unitSerial);
  const pending = {
    unitSerial,
    pendingEnvironment: environment,
    pendingKey: seal(csr.privateKeyPem, keySecret),
    pendingCsr: csr.csrBase64,
    complianceRequestId: null,
    complianceToken: null,
    complianceSecret: null,
    complianceChecks: [],
    updatedAt: new Date(),
  };
  await db
    .insert(eInvoicing)
    .values({ id: 1, ...pending })
    .onConflictDoUpdate({ target: eInvoicing.id, set: pending });
  return eInvoicingStatus(db);
}

/**
 * Step 2: the compliance CSID for the portal's OTP, then the compliance checks. A unit that holds
 * its compliance CSID already runs the checks again (the OTP was used: ZATCA takes it once).
 */
export async function requestComplianceCsid(db: Database, config: EInvoicingConfig, otp: string) {
  let unit = await unitOf(db);
  if (!unit?.pendingCsr || !unit.pendingEnvironment || !unit.pendingKey) throw stepUnavailable(unit);
  const seller = await onboardingSeller(db, config);
  const keySecret = requireKeySecret(config);
  const client = fatooraOf(config.zatca, unit.pendingEnvironment);
  if (!unit.complianceToken) {
    const answer = await client.complianceCsid(unit.pendingCsr, otp);
    if (!answer.ok) throw zatcaFailure(answer);
    const csid = checkedCertificate(answer.body, unseal(unit.pendingKey, keySecret));
    const [written] = await db
      .update(eInvoicing)
      .set({
        complianceRequestId: String(answer.body.requestID ?? ''),
        complianceToken: csid.token,
        complianceSecret: seal(csid.secret, keySecret),
        complianceChecks: [],
        updatedAt: new Date(),
      })
      .where(and(eq(eInvoicing.id, 1), eq(eInvoicing.pendingCsr, unit.pendingCsr), isNull(eInvoicing.complianceToken)))
      .returning();
    // Another request started onboarding over meanwhile: its CSR is not the one ZATCA certified.
    if (!written) throw stepUnavailable(await unitOf(db));
    unit = written;
  }
  await runComplianceChecks(db, client, unit, seller, keySecret);
  return eInvoicingStatus(db);
}

/** The sample documents of the compliance checks: a simplified invoice, credit note and debit note. */
export function complianceSamples(seller: InvoiceSeller, timeZone: string, now = new Date()) {
  const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const line = {
    name: 'منتج للتحقق من الامتثال',
    quantity: 1,
    unitPriceExclVat: 10_000,
    unitPriceInclVat: 11_500,
    vatRateBasisPoints: 1500,
    vatAmount: 1_500,
    totalInclVat: 11_500,
  };
  const invoice = { number: 1, uuid: randomUUID(), issuedAt };
  const base = {
    issuedAt,
    seller,
    country: 'SA',
    timeZone,
    paymentMeans: '10',
    currency: 'SAR',
    digits: 2,
    lines: [line],
    subtotalExclVat: 10_000,
    vatTotal: 1_500,
    total: 11_500,
    previousHash: GENESIS_HASH,
    qr: zatcaQr({
      sellerName: seller.name,
      vatNumber: seller.vatNumber,
      issuedAt,
      total: decimal(11_500, 2),
      vatTotal: decimal(1_500, 2),
    }),
  };
  const sample = (document: ComplianceDocument, number: number, correction?: UblCorrection) => {
    const uuid = number === 1 ? invoice.uuid : randomUUID();
    return { document, uuid, xml: invoiceUbl({ ...base, number, uuid, correction }) };
  };
  return [
    sample('invoice', 1),
    sample('credit_note', 2, { kind: 'credit', invoice, reason: 'إرجاع منتج' }),
    sample('debit_note', 3, { kind: 'debit', invoice, reason: 'فرق في السعر' }),
  ];
}

async function runComplianceChecks(
  db: Database,
  client: ReturnType<typeof fatooraOf>,
  unit: Unit,
  seller: InvoiceSeller,
  keySecret: string,
) {
  if (!unit.complianceToken || !unit.complianceSecret || !unit.pendingKey) throw stepUnavailable(unit);
  const identity = {
    privateKeyPem: unseal(unit.pendingKey, keySecret),
    certificate: certificateOf(unit.complianceToken),
  };
  const login = credentials(unit.complianceToken, unit.complianceSecret, keySecret);
  const checks: ComplianceCheck[] = [];
  for (const { document, uuid, xml } of complianceSamples(seller, seller.timeZone ?? 'Asia/Riyadh')) {
    const stamped = stampDocument(xml, identity, new Date());
    const answer = await client.complianceCheck(login, {
      invoiceHash: stamped.hash,
      uuid,
      invoice: Buffer.from(stamped.xml).toString('base64'),
    });
    if (!answer.ok && (answer.kind !== 'http' || (answer.status ?? 500) >= 500)) throw zatcaFailure(answer);
    checks.push({ document, passed: answer.ok, messages: answer.messages });
  }
  await db
    .update(eInvoicing)
    .set({ complianceChecks: checks, updatedAt: new Date() })
    .where(and(eq(eInvoicing.id, 1), eq(eInvoicing.complianceToken, unit.complianceToken)));
}

/** Step 3: the production CSID, once the checks passed; from then on every document is signed and reported. */
export async function requestProductionCsid(db: Database, config: EInvoicingConfig) {
  const keySecret = requireKeySecret(config);
  const unit = await unitOf(db);
  if (
    !unit?.pendingEnvironment ||
    !unit.pendingKey ||
    !unit.complianceToken ||
    !unit.complianceSecret ||
    !unit.complianceRequestId ||
    !allPassed(unit.complianceChecks)
  ) {
    throw stepUnavailable(unit);
  }
  const answer = await fatooraOf(config.zatca, unit.pendingEnvironment).productionCsid(
    credentials(unit.complianceToken, unit.complianceSecret, keySecret),
    unit.complianceRequestId,
  );
  if (!answer.ok) throw zatcaFailure(answer);
  await promote(db, unit, unit.pendingEnvironment, unit.pendingKey, answer.body, keySecret, unit.complianceToken);
  return eInvoicingStatus(db);
}

/** The new production unit replaces the one before, only if nothing changed meanwhile. */
async function promote(
  db: Database,
  unit: Unit,
  environment: ZatcaEnvironment,
  sealedKey: string,
  answer: { binarySecurityToken?: unknown; secret?: unknown },
  keySecret: string,
  guardToken: string,
) {
  const csid = checkedCertificate(answer, unseal(sealedKey, keySecret));
  const [written] = await db
    .update(eInvoicing)
    .set({
      productionEnvironment: environment,
      productionKey: sealedKey,
      productionToken: csid.token,
      productionSecret: seal(csid.secret, keySecret),
      certificateExpiresAt: csid.notAfter,
      pendingEnvironment: null,
      pendingKey: null,
      pendingCsr: null,
      complianceRequestId: null,
      complianceToken: null,
      complianceSecret: null,
      complianceChecks: [],
      reportingProblem: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(eInvoicing.id, 1),
        unit.complianceToken === guardToken
          ? eq(eInvoicing.complianceToken, guardToken)
          : eq(eInvoicing.productionToken, guardToken),
      ),
    )
    .returning();
  if (!written) throw stepUnavailable(await unitOf(db));
}

/**
 * Renewal (`PATCH /production/csids`): a new key and CSR, the portal's OTP, ZATCA's new production
 * CSID replaces the one that signs — before the certificate ends (docs/invoices.md § Renewal).
 */
export async function renewProductionCsid(db: Database, config: EInvoicingConfig, otp: string) {
  const unit = await unitOf(db);
  if (!unit?.productionToken || !unit.productionSecret || !unit.productionEnvironment) throw stepUnavailable(unit);
  const seller = await onboardingSeller(db, config);
  const keySecret = requireKeySecret(config);
  const csr = newCsr(seller, unit.productionEnvironment, unit.unitSerial ?? randomUUID());
  const answer = await fatooraOf(config.zatca, unit.productionEnvironment).renewProductionCsid(
    credentials(unit.productionToken, unit.productionSecret, keySecret),
    csr.csrBase64,
    otp,
  );
  if (!answer.ok) throw zatcaFailure(answer);
  await promote(
    db,
    unit,
    unit.productionEnvironment,
    seal(csr.privateKeyPem, keySecret),
    answer.body,
    keySecret,
    unit.productionToken,
  );
  return eInvoicingStatus(db);
}

const lateMark = (now: Date) => new Date(now.getTime() - LATE_AFTER_HOURS * 3_600_000);

/**
 * The documents needing the admin's eye (docs/invoices.md § Reporting): pending (oldest first, the
 * most urgent), late (pending past the mark), refused, or reported with warnings (newest first).
 */
export async function reportingDocuments(
  db: Database,
  filter: (typeof DOCUMENT_FILTERS)[number],
  page: { limit: number; offset: number },
  now = new Date(),
  /** One document only, whatever its state (the answer of a correction). */
  id?: string,
) {
  const where = id
    ? eq(invoices.id, id)
    : filter === 'late'
      ? and(eq(invoices.reportingStatus, 'pending'), lt(invoices.issuedAt, lateMark(now)))
      : eq(invoices.reportingStatus, filter);
  const open = filter === 'pending' || filter === 'late';
  const correction = alias(invoices, 'correction');
  const [rows, [total]] = await Promise.all([
    db
      .select({ document: invoices, orderNumber: orders.number, correctedBy: correction.number })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .leftJoin(correction, eq(correction.id, invoices.replacedBy))
      .where(where)
      .orderBy(open ? asc(invoices.issuedAt) : desc(invoices.issuedAt), asc(invoices.number))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(invoices).where(where),
  ]);
  const mark = lateMark(now);
  const data: ReportingDocument[] = rows.map(({ document, orderNumber, correctedBy }) => ({
    kind: document.kind,
    number: document.number,
    orderId: document.orderId,
    orderNumber,
    issuedAt: document.issuedAt.toISOString(),
    reportingStatus: document.reportingStatus ?? 'pending',
    reportingMessages: document.reportingMessages ?? [],
    reportedAt: document.reportedAt?.toISOString() ?? null,
    late: document.reportingStatus === 'pending' && document.issuedAt < mark,
    correctedBy: correctedBy ?? null,
  }));
  return { data, total: total?.count ?? 0 };
}

/**
 * Corrects a document ZATCA refused (docs/invoices.md § Reporting): under the order's lock, once —
 * a second request finds it replaced. The correction is signed and reported like any document.
 */
export async function correctDocument(
  db: Database,
  config: EInvoicingConfig,
  issuing: DocumentIssuing,
  number: number,
): Promise<ReportingDocument> {
  const correction = await db.transaction(async (tx) => {
    const [found] = await tx.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.number, number));
    if (!found) throw failure('documentNotFound');
    await lockOrder(tx, found.orderId);
    const [refused] = await tx.select().from(invoices).where(eq(invoices.number, number));
    if (refused?.reportingStatus !== 'rejected' || refused.replacedBy) throw failure('documentNotRefused');
    return issueCorrection(tx, refused, config, issuing);
  });
  const { data } = await reportingDocuments(db, 'pending', { limit: 1, offset: 0 }, new Date(), correction.id);
  const [view] = data;
  if (!view) throw new Error('correction not found after issue');
  return view;
}
