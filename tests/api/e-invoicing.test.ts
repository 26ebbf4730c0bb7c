import { generateKeyPairSync } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EInvoicingStatus } from '../../src/contract/e-invoicing.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { CreditNote, Invoice, Order } from '../../src/contract/types.js';
import { eInvoicing, invoices, storeSettings } from '../../src/db/schema.js';
import { REPORT_QUEUE, requeuePending } from '../../src/server/modules/e-invoicing/reporting.js';
import { seal, unseal } from '../../src/server/modules/e-invoicing/sealed.js';
import { eInvoicingStartProblem } from '../../src/server/modules/e-invoicing/service.js';
import { zatcaHash } from '../../src/server/modules/invoices/hash.js';
import { certificateDetails, verifyStamp } from '../../src/server/modules/invoices/stamp.js';
import { storeSettingsOf } from '../../src/server/modules/settings/service.js';
import { type Account, createAccount, createSecondApp, createTestApp, type TestApp } from '../helpers/app.js';
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
  fake = await startFakeFatoora({ rules: false });
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
/**
 * A step while ZATCA cannot be reached: 502 ZATCA_UNAVAILABLE, straight through inject (this test's
 * expected answer, not a server fault).
 */
async function expectZatcaUnavailable(path: string, payload?: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/e-invoicing${path}`,
    headers: { authorization: `Bearer ${admin.token}` },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(502);
  expect(res.json()).toEqual({ status: 'error', code: 'ZATCA_UNAVAILABLE', message: m.zatcaUnavailable });
}

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
/** One of the order's credit notes as `GET /orders/:id/credit-notes` answers it to `who`. */
const creditNoteOf = async (orderId: string, number: number, who: Account) => {
  const res = await send('GET', `/orders/${orderId}/credit-notes`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  const note = (res.json().data as CreditNote[]).find((candidate) => candidate.number === number);
  if (!note) throw new Error(`no credit note ${number} in ${res.body}`);
  return note;
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
    // A shop other machines reach keeps no secret of its own: without ZATCA_KEY_SECRET it may not onboard.
    const publicShop = await createSecondApp(t, {
      host: '0.0.0.0',
      publicUrl: 'https://shop.example',
      zatca: { ...t.config.zatca, keySecret: undefined },
    });
    try {
      const payload = { environment: 'developer-portal' };
      expectFail(
        await send('POST', '/e-invoicing/csr', { token: admin.token, payload, app: publicShop }),
        409,
        m.eInvoicingKeySecretMissing,
      );
    } finally {
      await publicShop.close();
    }
    expect((await status()).step).toBe('not_started');
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
    // Fatoora down (a 5xx): 502, and onboarding stays where it was.
    fake.failNext('500');
    await expectZatcaUnavailable('/compliance', { otp: SANDBOX_OTP });
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

    // Fatoora not answering within ZATCA_TIMEOUT_SECONDS: 502 too; the compliance CSID is kept for the next press.
    fake.failNext('timeout');
    await expectZatcaUnavailable('/production');
    expect((await status()).step).toBe('compliance_passed');

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
    expect(await creditNoteOf(order.id, number, admin)).toMatchObject({
      reportingStatus: 'pending',
      reportingMessages: [],
    });
    expect(await runReports()).toBe(1);
    expect(await creditNoteOf(order.id, number, admin)).toMatchObject({
      reportingStatus: 'reported',
      reportingMessages: [],
    });
    // As for the invoice, the customer's answer does not say.
    const customerNote = await creditNoteOf(order.id, number, user);
    expect(customerNote).toMatchObject({ number, hash: note.hash });
    expect(customerNote.reportingStatus).toBeUndefined();
    expect(customerNote.reportingMessages).toBeUndefined();

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

  it('a report ZATCA answers with warnings (202): reported_with_warnings, ZATCA’s warnings kept and listed', async () => {
    // ZATCA down when the document was issued (500); the retry reaches it a day later (the local
    // Fatoora's clock 25 hours ahead): reported, late, with BR-KSA-98's warning.
    const { order, user } = await placeCashOrder();
    const invoice = await invoiceOf(order.id, user);
    fake.failNext('500');
    expect(await runReports()).toBe(1);
    expect((await invoiceOf(order.id, admin)).reportingStatus).toBe('pending');
    fake.setClockAhead(25 * 3_600_000);
    try {
      await reportJobsDueNow();
      expect(await runReports()).toBe(1);
    } finally {
      fake.setClockAhead(0);
    }
    expect(fake.state.reported.get(invoice.uuid)).toMatchObject({
      status: 'REPORTED',
      httpStatus: 202,
      warnings: ['BR-KSA-98'],
    });
    const warnings = [
      { type: 'WARNING', code: 'BR-KSA-98', category: 'KSA', message: expect.stringContaining('within 24 hours') },
    ];
    expect(await invoiceOf(order.id, admin)).toMatchObject({
      reportingStatus: 'reported_with_warnings',
      reportingMessages: warnings,
    });
    const listed = await send('GET', '/e-invoicing/documents?status=reported_with_warnings', { token: admin.token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      results: 1,
      data: [
        {
          kind: 'invoice',
          number: invoice.number,
          orderId: order.id,
          reportingStatus: 'reported_with_warnings',
          reportingMessages: warnings,
          reportedAt: expect.any(String),
          late: false,
        },
      ],
    });
    expect((await status()).documents).toMatchObject({ pending: 0, reported_with_warnings: 1 });
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

    // A document ZATCA refuses: the VAT number was changed in the settings after onboarding, so the
    // document's is not the one its certificate was issued for. The owner puts it back.
    await t.database.db.update(storeSettings).set({ vatNumber: '311111111111113' });
    const refused = await placeCashOrder();
    await t.database.db.update(storeSettings).set({ vatNumber: SAUDI_SELLER.vatNumber });
    const refusedInvoice = await invoiceOf(refused.order.id, refused.user);
    expect(await runReports()).toBe(1);
    const after = await invoiceOf(refused.order.id, admin);
    expect(after.reportingStatus).toBe('rejected');
    expect(after.reportingMessages?.map((message) => message.code)).toEqual(['certificate-permissions']);
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
    // ZATCA finds the chain whole: the correction follows the refused document, which keeps its place.
    expect(await invoiceOf(refused.order.id, admin)).toMatchObject({
      reportingStatus: 'reported',
      reportingMessages: [],
    });
    expect(fake.state.reported.get(current.uuid)).toMatchObject({ httpStatus: 200, warnings: [] });
    const listed = await send('GET', '/e-invoicing/documents?status=rejected', { token: admin.token });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ number: refusedInvoice.number, correctedBy: correction.number }),
    ]);
    expect((await status()).documents.rejected).toBe(0);
  });

  it('a configuration ZATCA refuses (401 credentials, 406 version): the document stays pending and the admin is told', async () => {
    const [unit] = await t.database.db.select().from(eInvoicing);
    const goodSecret = unit?.productionSecret ?? '';
    const causes = [
      {
        status: 401,
        // ZATCA answers 401 with no body.
        messages: [],
        spoil: () => t.database.db.update(eInvoicing).set({ productionSecret: seal('not-the-secret', KEY_SECRET) }),
        mend: () => t.database.db.update(eInvoicing).set({ productionSecret: goodSecret }),
      },
      {
        status: 406,
        // ZATCA no longer takes the shop's Accept-Version: V2 (its sentence, as the local Fatoora words it).
        messages: [{ type: 'ERROR', message: expect.stringMatching(/version is not supported/i) }],
        spoil: () => fake.setAcceptVersion('V3'),
        mend: () => fake.setAcceptVersion('V2'),
      },
    ];
    for (const cause of causes) {
      await cause.spoil();
      const { order } = await placeCashOrder();
      expect(await runReports()).toBe(1);
      expect((await invoiceOf(order.id, admin)).reportingStatus, `${cause.status}`).toBe('pending');
      expect((await status()).reportingProblem).toMatchObject({ status: cause.status, messages: cause.messages });
      const pending = await send('GET', '/e-invoicing/documents', { token: admin.token });
      expect(pending.json().data.map((document: { orderId: string }) => document.orderId)).toEqual([order.id]);

      await cause.mend();
      await reportJobsDueNow();
      expect(await runReports()).toBe(1);
      expect(await invoiceOf(order.id, admin)).toMatchObject({ reportingStatus: 'reported', reportingMessages: [] });
      expect((await status()).reportingProblem).toBeNull();
    }
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
