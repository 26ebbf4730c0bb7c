import { generateKeyPairSync } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EInvoicingStatus } from '../../src/contract/e-invoicing.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { Invoice, Order } from '../../src/contract/types.js';
import { eInvoicing, invoices, storeSettings } from '../../src/db/schema.js';
import { REPORT_QUEUE, requeuePending } from '../../src/server/modules/e-invoicing/reporting.js';
import { seal, unseal } from '../../src/server/modules/e-invoicing/sealed.js';
import { eInvoicingStartProblem } from '../../src/server/modules/e-invoicing/service.js';
import { zatcaHash } from '../../src/server/modules/invoices/hash.js';
import { certificateDetails, verifyStamp } from '../../src/server/modules/invoices/stamp.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { type FakeFatoora, SANDBOX_OTP, startFakeFatoora } from '../helpers/fake-fatoora.js';
import { shippingAddress } from '../helpers/fixtures.js';
import { SAUDI_SELLER } from '../helpers/sellers.js';
import { apiClient, createTaxonomy, customerWithCart, expectFail, insertProduct } from '../helpers/shopping.js';
import { describeFindings, zatcaFindings } from '../helpers/zatca.js';

/*
 * ZATCA phase 2 end to end against the local Fatoora (tests/helpers/fake-fatoora.ts): onboarding
 * from the admin API, every new document signed at issue, and reported by the job runner with
 * ZATCA's answers (200, 202, 409, 400, 401, 500, a timeout) — docs/invoices.md § Phase 2.
 */

const KEY_SECRET = 'a-test-zatca-key-secret-of-32-characters';
let fake: FakeFatoora;
let t: TestApp;
let admin: Account;
let refs: { categoryId: string; brandId: string };
const { send, expectNo5xx } = apiClient(() => t);
afterEach(expectNo5xx);

beforeAll(async () => {
  fake = await startFakeFatoora({ environment: 'developer-portal', rules: false });
  t = await createTestApp({
    country: 'SA',
    zatca: { apiUrl: fake.url, keySecret: KEY_SECRET, timeoutSeconds: 2 },
    // The test runs the report jobs itself (runDue), so nothing reports behind its back.
    jobs: { enabled: false, pollSeconds: 2 },
  });
  await storeSettingsOf(t.database.db, t.config);
  admin = await createAccount(t, 'admin');
  const { category, brand } = await createTaxonomy(t);
  refs = { categoryId: category.id, brandId: brand.id };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const status = async () => {
  const res = await send('GET', '/e-invoicing', { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as EInvoicingStatus;
};
const step = (path: string, payload?: object) => send('POST', `/e-invoicing${path}`, { token: admin.token, payload });

async function placeCashOrder() {
  const product = await insertProduct(t, refs, { price: 11_500, quantity: 50 });
  const { user, cartId } = await customerWithCart(t, send, [{ productId: product.id }]);
  const res = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json().data as Order, user };
}

const invoiceOf = async (orderId: string, who: Account) => {
  const res = await send('GET', `/orders/${orderId}/invoice`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Invoice;
};
const invoiceXml = async (orderId: string, who: Account) =>
  (await send('GET', `/orders/${orderId}/invoice.xml`, { token: who.token })).body;
const rowOf = async (number: number) => {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.number, number));
  if (!row) throw new Error(`no document ${number}`);
  return row;
};
/** Report jobs waiting for their backoff are due now (the test does not wait minutes). */
/**
 * Makes the waiting report jobs due (as if their retry delay had passed). A second in the past: a
 * fetch takes jobs whose start is before its own now(), and the embedded database's clock counts
 * milliseconds, so a start of now() could still be "not yet" for a fetch in the same millisecond.
 */
const reportJobsDueNow = () =>
  t.database.db.execute(
    sql`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = ${REPORT_QUEUE}`,
  );
const runReports = () => t.app.jobs.runDue(REPORT_QUEUE);

describe('phase 1 until onboarding is complete', () => {
  it('says phase 1 and not started; later steps are refused out of order', async () => {
    expect(await status()).toMatchObject({
      phase: 1,
      step: 'not_started',
      environment: null,
      certificateExpiresAt: null,
      renewalDue: false,
      documents: { pending: 0, reported: 0, reported_with_warnings: 0, rejected: 0, late: 0 },
      reportingProblem: null,
    });
    for (const [path, payload] of [
      ['/compliance', { otp: SANDBOX_OTP }],
      ['/production'],
      ['/renew', { otp: SANDBOX_OTP }],
    ] as const) {
      const res = await step(path, payload);
      expectFail(res, 409, m.eInvoicingStepUnavailable);
      expect(res.json().step).toBe('not_started');
    }
  });

  it('refuses the CSR until the seller is complete, naming what is missing', async () => {
    const res = await step('/csr', { environment: 'developer-portal' });
    expectFail(res, 409, m.eInvoicingSellerIncomplete);
    expect(res.json().missing).toEqual(expect.arrayContaining(['legalName', 'vatNumber', 'sellerId']));
  });

  it('checks the request: the environment, and the OTP as 6 digits (Arabic-Indic read)', async () => {
    const bad = await step('/csr', { environment: 'production' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ param: 'environment', code: 'E_INVOICING_ENVIRONMENT_INVALID' });
    for (const otp of ['12345', '1234567', 'abcdef', '', 123345]) {
      const res = await step('/compliance', { otp });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ param: 'otp', code: 'OTP_INVALID' });
    }
    // Read as 123345: well formed, so only the step's order refuses it.
    expectFail(await step('/compliance', { otp: '١٢٣٣٤٥' }), 409, m.eInvoicingStepUnavailable);
  });
});

describe('onboarding, signing and reporting against the local Fatoora', () => {
  it('onboards: key and CSR, a wrong OTP refused with ZATCA’s message, compliance CSID and checks, production CSID', async () => {
    await t.database.db.update(storeSettings).set(SAUDI_SELLER);
    const phase1 = await placeCashOrder();
    const created = await step('/csr', { environment: 'developer-portal' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ phase: 1, step: 'csr_created', environment: 'developer-portal' });

    // The key is sealed at rest, and no answer carries a key, token or secret.
    const [unit] = await t.database.db.select().from(eInvoicing);
    expect(unit?.pendingKey).not.toContain('PRIVATE');
    expect(unseal(unit?.pendingKey ?? '', KEY_SECRET)).toContain('BEGIN EC PRIVATE KEY');
    expect(created.body).not.toMatch(/PRIVATE|secret|binarySecurityToken|csr"/i);

    const refused = await step('/compliance', { otp: '000000' });
    expectFail(refused, 422, m.zatcaRefused);
    expect(refused.json().zatcaStatus).toBe(400);
    expect(refused.json().zatcaMessages[0]).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await status()).step).toBe('csr_created');

    const compliant = await step('/compliance', { otp: '١٢٣٣٤٥' });
    expect(compliant.statusCode, compliant.body).toBe(200);
    expect(compliant.json().data).toMatchObject({
      phase: 1,
      step: 'compliance_passed',
      complianceChecks: [
        { document: 'invoice', passed: true },
        { document: 'credit_note', passed: true },
        { document: 'debit_note', passed: true },
      ],
    });
    const [withCsid] = await t.database.db.select().from(eInvoicing);
    expect(withCsid?.complianceSecret).not.toBe('');
    expect(compliant.body).not.toContain(unseal(withCsid?.complianceSecret ?? '', KEY_SECRET));

    // A certificate not of the shop's key (ZATCA's developer portal is reported to answer a fixed
    // one) is refused before it is kept: nothing is promoted, so orders never meet it.
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey.export({
      type: 'sec1',
      format: 'pem',
    });
    await t.database.db.update(eInvoicing).set({ pendingKey: seal(otherKey.toString(), KEY_SECRET) });
    const mismatched = await step('/production');
    expectFail(mismatched, 422, m.zatcaRefused);
    expect(mismatched.json().zatcaMessages[0].message).toMatch(/not of the key/);
    expect((await status()).phase).toBe(1);
    await t.database.db.update(eInvoicing).set({ pendingKey: withCsid?.pendingKey ?? null });

    const production = await step('/production');
    expect(production.statusCode, production.body).toBe(200);
    const onboarded = production.json().data as EInvoicingStatus;
    expect(onboarded).toMatchObject({
      phase: 2,
      step: 'production',
      environment: 'developer-portal',
      renewalDue: false,
    });
    const expires = Date.parse(onboarded.certificateExpiresAt ?? '');
    expect(expires - Date.now()).toBeGreaterThan(300 * 86_400_000);
    // The production step is done once: a second press finds nothing to promote.
    expectFail(await step('/production'), 409, m.eInvoicingStepUnavailable);

    // The invoice issued before stays a phase-1 document: unsigned, nothing to report.
    const before = await invoiceOf(phase1.order.id, admin);
    expect(before.reportingStatus).toBeUndefined();
    expect(await invoiceXml(phase1.order.id, phase1.user)).not.toContain('UBLExtensions');
  });

  it('signs each new invoice and credit note at issue; the job reports them; the chain holds', async () => {
    const { order, user } = await placeCashOrder();
    const invoice = await invoiceOf(order.id, admin);
    expect(invoice.reportingStatus).toBe('pending');
    // Where a document stands with ZATCA is for staff: the customer's answer does not say.
    const customerView = await invoiceOf(order.id, user);
    expect(customerView).toMatchObject({ number: invoice.number, hash: invoice.hash });
    expect(customerView.reportingStatus).toBeUndefined();
    expect(customerView.reportingMessages).toBeUndefined();
    const xml = await invoiceXml(order.id, user);
    expect(xml).toContain('<ext:UBLExtensions');
    expect(verifyStamp(xml)).toEqual([]);
    expect(zatcaHash(xml)).toBe(invoice.hash);
    const previous = await rowOf(invoice.number - 1);
    expect(invoice.previousHash).toBe(previous.hash);
    expect((await status()).documents.pending).toBe(1);

    expect(await runReports()).toBe(1);
    expect((await invoiceOf(order.id, admin)).reportingStatus).toBe('reported');
    expect(fake.state.reported.get(invoice.uuid)).toMatchObject({ status: 'REPORTED', invoiceHash: invoice.hash });

    // A refund's credit note: signed, chained on the invoice, reported.
    await send('PUT', `/orders/${order.id}/pay`, { token: admin.token });
    const refund = await send('POST', `/orders/${order.id}/refunds`, {
      token: admin.token,
      payload: { amount: 20, reason: 'تعويض عن تأخير' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const number = refund.json().data.creditNoteNumber as number;
    const noteXml = (await send('GET', `/orders/${order.id}/credit-notes/${number}.xml`, { token: user.token })).body;
    expect(verifyStamp(noteXml)).toEqual([]);
    const note = await rowOf(number);
    expect(note).toMatchObject({ reportingStatus: 'pending', previousHash: invoice.hash });
    expect(await runReports()).toBe(1);
    expect((await rowOf(number)).reportingStatus).toBe('reported');

    // What the shop signs passes every one of ZATCA's rules, the stamp's included.
    const findings = zatcaFindings({ invoice: xml, 'credit-note': noteXml });
    expect(describeFindings(findings)).toBe('');
    expect(await status()).toMatchObject({ documents: { pending: 0, reported: 2 } });
  }, 60_000);

  it('a 500 or a timeout leaves the document pending; the retry reports the identical bytes', async () => {
    for (const failure of ['500', 'timeout'] as const) {
      const { order, user } = await placeCashOrder();
      const invoice = await invoiceOf(order.id, user);
      fake.failNext(failure);
      expect(await runReports()).toBe(1);
      expect((await invoiceOf(order.id, admin)).reportingStatus).toBe('pending');
      await reportJobsDueNow();
      expect(await runReports()).toBe(1);
      expect((await invoiceOf(order.id, admin)).reportingStatus).toBe('reported');
      expect(fake.state.reported.get(invoice.uuid)?.invoiceHash).toBe(invoice.hash);
    }
  }, 30_000);

  it('409 (already reported) counts as reported; 400 is refused with ZATCA’s errors and listed for the admin', async () => {
    const { order, user } = await placeCashOrder();
    const invoice = await invoiceOf(order.id, user);
    expect(await runReports()).toBe(1);
    // The answer was lost on the way: the document is pending again and reported a second time.
    await t.database.db
      .update(invoices)
      .set({ reportingStatus: 'pending', reportedAt: null })
      .where(eq(invoices.number, invoice.number));
    expect(await requeuePending(t.database.db, t.app.jobs, new Date(Date.now() + 2 * 3_600_000))).toBe(1);
    expect(await runReports()).toBe(1);
    expect((await rowOf(invoice.number)).reportingStatus).toBe('reported');

    // A document ZATCA refuses (its signed bytes altered after signing: the hash no longer matches).
    const refused = await placeCashOrder();
    const refusedInvoice = await invoiceOf(refused.order.id, refused.user);
    const row = await rowOf(refusedInvoice.number);
    await t.database.db
      .update(invoices)
      .set({ signedXml: row.signedXml?.replace('<cbc:Name>', '<cbc:Name>X') ?? null })
      .where(eq(invoices.number, refusedInvoice.number));
    expect(await runReports()).toBe(1);
    const after = await invoiceOf(refused.order.id, admin);
    expect(after.reportingStatus).toBe('rejected');
    expect(after.reportingMessages?.length).toBeGreaterThan(0);
    const list = await send('GET', '/e-invoicing/documents?status=rejected', { token: admin.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      results: 1,
      data: [{ number: refusedInvoice.number, orderId: refused.order.id, reportingStatus: 'rejected', late: false }],
    });
    expect((await status()).documents.rejected).toBe(1);

    // Its correction: a copy under a new UUID and the next number, signed, chained, reported.
    expectFail(await step(`/documents/${invoice.number}/correction`), 409, m.documentNotRefused);
    expectFail(await step('/documents/999999/correction'), 404, m.documentNotFound);
    const corrected = await step(`/documents/${refusedInvoice.number}/correction`);
    expect(corrected.statusCode, corrected.body).toBe(201);
    const correction = corrected.json().data;
    expect(correction).toMatchObject({ kind: 'invoice', orderId: refused.order.id, reportingStatus: 'pending' });
    expect(correction.number).toBeGreaterThan(refusedInvoice.number);
    expectFail(await step(`/documents/${refusedInvoice.number}/correction`), 409, m.documentNotRefused);
    const current = await invoiceOf(refused.order.id, admin);
    expect(current).toMatchObject({
      number: correction.number,
      total: refusedInvoice.total,
      reportingStatus: 'pending',
    });
    expect(current.uuid).not.toBe(refusedInvoice.uuid);
    expect(current.previousHash).toBe((await rowOf(correction.number - 1)).hash);
    expect(verifyStamp(await invoiceXml(refused.order.id, refused.user))).toEqual([]);
    expect(await runReports()).toBe(1);
    expect((await invoiceOf(refused.order.id, admin)).reportingStatus).toMatch(/^reported/);
    const listed = await send('GET', '/e-invoicing/documents?status=rejected', { token: admin.token });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ number: refusedInvoice.number, correctedBy: correction.number }),
    ]);
    expect((await status()).documents.rejected).toBe(0);
  });

  it('credentials ZATCA refuses (401): the document stays pending and the admin is told', async () => {
    const [unit] = await t.database.db.select().from(eInvoicing);
    const goodSecret = unit?.productionSecret ?? '';
    await t.database.db.update(eInvoicing).set({ productionSecret: seal('not-the-secret', KEY_SECRET) });
    const { order } = await placeCashOrder();
    expect(await runReports()).toBe(1);
    expect((await invoiceOf(order.id, admin)).reportingStatus).toBe('pending');
    const told = await status();
    expect(told.reportingProblem).toMatchObject({ status: 401 });
    const pending = await send('GET', '/e-invoicing/documents', { token: admin.token });
    expect(pending.json().data.map((document: { orderId: string }) => document.orderId)).toContain(order.id);

    await t.database.db.update(eInvoicing).set({ productionSecret: goodSecret });
    await reportJobsDueNow();
    expect(await runReports()).toBe(1);
    // Reported; with the local Fatoora's chain warning, as the refused document before it stays in the chain.
    expect((await invoiceOf(order.id, admin)).reportingStatus).toMatch(/^reported/);
    expect((await status()).reportingProblem).toBeNull();
  });

  it('renews the production CSID with a new key: later documents carry the new certificate', async () => {
    const [before] = await t.database.db.select().from(eInvoicing);
    expectFail(await step('/renew', { otp: '000000' }), 422, m.zatcaRefused);
    const renewed = await step('/renew', { otp: SANDBOX_OTP });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data).toMatchObject({ phase: 2, step: 'production' });
    const [after] = await t.database.db.select().from(eInvoicing);
    expect(after?.productionToken).not.toBe(before?.productionToken);
    expect(unseal(after?.productionKey ?? '', KEY_SECRET)).not.toBe(unseal(before?.productionKey ?? '', KEY_SECRET));
    const { order, user } = await placeCashOrder();
    const xml = await invoiceXml(order.id, user);
    const certificate = /<ds:X509Certificate>([^<]+)</.exec(xml)?.[1] ?? '';
    expect(certificateDetails(certificate).serialNumber).not.toBe('');
    expect(Buffer.from(after?.productionToken ?? '', 'base64').toString()).toBe(certificate);
    expect(verifyStamp(xml)).toEqual([]);
    expect(await runReports()).toBe(1);
    expect((await invoiceOf(order.id, admin)).reportingStatus).toBe('reported');
  });

  it('lists late documents (pending past 20 hours) and warns of renewal 30 days before the certificate ends', async () => {
    const { order } = await placeCashOrder();
    const [latest] = await t.database.db
      .select()
      .from(invoices)
      .orderBy(asc(sql`${invoices.number} * -1`))
      .limit(1);
    await t.database.db
      .update(invoices)
      .set({ issuedAt: new Date(Date.now() - 21 * 3_600_000) })
      .where(eq(invoices.id, latest?.id ?? ''));
    const late = await send('GET', '/e-invoicing/documents?status=late', { token: admin.token });
    expect(late.json()).toMatchObject({
      results: 1,
      data: [{ orderId: order.id, late: true, reportingStatus: 'pending' }],
    });
    expect((await status()).documents).toMatchObject({ pending: 1, late: 1 });
    await t.database.db.update(eInvoicing).set({ certificateExpiresAt: new Date(Date.now() + 29 * 86_400_000) });
    expect((await status()).renewalDue).toBe(true);
  });

  it('a shop holding a sealed key will not start without the secret that opens it', async () => {
    const publicShop = { ...t.config, host: '0.0.0.0', publicUrl: 'https://shop.example' };
    const withSecret = (keySecret: string | undefined) => ({ ...publicShop, zatca: { ...t.config.zatca, keySecret } });
    expect(await eInvoicingStartProblem(t.database.db, withSecret(undefined))).toMatch(/ZATCA_KEY_SECRET is not set/);
    expect(await eInvoicingStartProblem(t.database.db, withSecret(`${KEY_SECRET}-changed`))).toMatch(
      /does not open this shop's sealed e-invoicing key/,
    );
    // On loopback without ZATCA_KEY_SECRET the secret kept in DATA_DIR is another one: refused too.
    const loopback = { ...t.config, zatca: { ...t.config.zatca, keySecret: undefined } };
    expect(await eInvoicingStartProblem(t.database.db, loopback)).toMatch(/zatca-key-secret/);
    expect(await eInvoicingStartProblem(t.database.db, publicShop)).toBeUndefined();
  });
});
