import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ZATCA_ENVIRONMENTS } from '../../src/contract/e-invoicing';
import { loadConfig } from '../../src/server/config';
import { type CsrInput, generateCsr, readCsr } from '../../src/server/modules/e-invoicing/csr';
import {
  createFatooraClient,
  type FatooraCredentials,
  type FatooraResult,
  type SignedDocument,
} from '../../src/server/modules/e-invoicing/fatoora-client';
import { certificateOf, fatooraOf } from '../../src/server/modules/e-invoicing/unit';
import { invoiceLines } from '../../src/server/modules/invoices/allocate';
import { zatcaHash } from '../../src/server/modules/invoices/hash';
import { GENESIS_HASH } from '../../src/server/modules/invoices/service';
import { type SigningIdentity, stampDocument } from '../../src/server/modules/invoices/stamp';
import { invoiceUbl } from '../../src/server/modules/invoices/ubl';
import { type FakeFatoora, SANDBOX_OTP, startFakeFatoora } from '../helpers/fake-fatoora';
import { SAUDI_DOCUMENT, SAUDI_INVOICE_SELLER, SAUDI_SELLER } from '../helpers/sellers';
import { STAMP_RULES } from '../helpers/zatca';

/*
 * The local Fatoora (tests/helpers/fake-fatoora.ts) refuses what ZATCA refuses and accepts the
 * onboarding and reporting of a simplified invoice, spoken to through the shop's own client
 * (src/server/modules/e-invoicing/fatoora-client.ts). docs/invoices.md § A local Fatoora for tests and trials.
 */

const VAT = SAUDI_SELLER.vatNumber;
const unit: CsrInput = {
  environment: 'simulation',
  organization: 'مؤسسة متجر للتجارة',
  organizationalUnit: 'فرع الرياض',
  commonName: 'Matjar-Riyadh-1',
  vatNumber: VAT,
  solutionVersion: '1.4.0',
  registeredAddress: 'الرياض',
  businessCategory: 'Retail',
};

type Kind = 'invoice' | 'credit' | 'debit';

/** A simplified document of the shop (invoice 388, credit note 381, debit note 383). */
function documentXml(options: { kind?: Kind; icv?: number; previousHash?: string; issuedAt?: Date; uuid?: string }) {
  const kind = options.kind ?? 'invoice';
  const lines = invoiceLines(
    {
      subtotal: 115_000,
      discount: 0,
      shippingPrice: 0,
      codFee: 0,
      taxPrice: 15_000,
      totalOrderPrice: 115_000,
      vatRateBasisPoints: 1500,
      pricesIncludeVat: true,
    },
    [{ name: 'سماعة', quantity: 1, unitPrice: 115_000 }],
  );
  const xml = invoiceUbl({
    number: options.icv ?? 1,
    uuid: options.uuid ?? randomUUID(),
    issuedAt: options.issuedAt ?? new Date(),
    previousHash: options.previousHash ?? GENESIS_HASH,
    qr: 'AQVtYXRqYXI=',
    seller: SAUDI_INVOICE_SELLER,
    ...SAUDI_DOCUMENT,
    lines,
    subtotalExclVat: 100_000,
    vatTotal: 15_000,
    total: 115_000,
    correction:
      kind === 'invoice'
        ? undefined
        : { kind, invoice: { number: 1, uuid: randomUUID(), issuedAt: new Date() }, reason: 'إرجاع' },
  });
  return xml;
}

/** A unit's credentials and what it signs with: the CSR's key and the certificate of its CSID. */
type Unit = { credentials: FatooraCredentials; identity: SigningIdentity };

const identityOf = (privateKeyPem: string, binarySecurityToken: string): SigningIdentity => ({
  privateKeyPem,
  certificate: certificateOf(binarySecurityToken),
});

/** The document stamped (engineer S's stampDocument) with the unit's key and certificate. */
const stamped = (xml: string, identity: SigningIdentity) => signed(stampDocument(xml, identity, new Date()).xml);

const signed = (xml: string): SignedDocument & { xml: string } => ({
  xml,
  invoiceHash: zatcaHash(xml),
  uuid: /<cbc:UUID>([^<]+)<\/cbc:UUID>/.exec(xml)?.[1] ?? '',
  invoice: Buffer.from(xml, 'utf8').toString('base64'),
});

function expectOk<T>(result: FatooraResult<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.kind} ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body;
}

const codes = (result: FatooraResult<unknown>) => result.messages.map((m) => m.code);

describe('the local Fatoora', () => {
  let fake: FakeFatoora;
  let client: ReturnType<typeof createFatooraClient>;
  const work = mkdtempSync(path.join(tmpdir(), 'fake-fatoora-'));

  beforeAll(async () => {
    fake = await startFakeFatoora({ rules: false });
    client = createFatooraClient({ environment: 'simulation', baseUrl: fake.url, timeoutMs: 2_000 });
  });
  afterAll(async () => {
    await fake.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** A unit onboarded up to its compliance CSID. */
  async function complianceUnit(input: CsrInput = unit) {
    const csr = generateCsr(input);
    const csid = expectOk(await client.complianceCsid(csr.csrBase64, SANDBOX_OTP));
    const credentials = { binarySecurityToken: csid.binarySecurityToken, secret: csid.secret };
    return { csr, csid, credentials, identity: identityOf(csr.privateKeyPem, csid.binarySecurityToken) };
  }

  /** A unit onboarded to its production CSID (the three simplified compliance steps passed). */
  async function productionUnit(): Promise<Unit & { compliance: Unit }> {
    const { csr, csid, credentials, identity } = await complianceUnit();
    for (const kind of ['invoice', 'credit', 'debit'] as const) {
      expectOk(await client.complianceCheck(credentials, stamped(documentXml({ kind }), identity)));
    }
    const production = expectOk(await client.productionCsid(credentials, csid.requestID));
    return {
      credentials: { binarySecurityToken: production.binarySecurityToken, secret: production.secret },
      identity: identityOf(csr.privateKeyPem, production.binarySecurityToken),
      compliance: { credentials, identity },
    };
  }

  it('answers 406 without Accept-Version: V2', async () => {
    const csr = generateCsr(unit);
    const response = await fetch(`${fake.url}/simulation/compliance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', OTP: SANDBOX_OTP, 'Accept-Version': 'V1' },
      body: JSON.stringify({ csr: csr.csrBase64 }),
    });
    expect(response.status).toBe(406);
    expect(fake.state.credentials.size).toBe(0);
  });

  it('refuses a wrong OTP with ZATCA’s code', async () => {
    const result = await client.complianceCsid(generateCsr(unit).csrBase64, '111111');
    expect(result).toMatchObject({ ok: false, kind: 'http', status: 400 });
    expect(codes(result)).toEqual(['Invalid-OTP']);
  });

  it('refuses a CSR on another curve, of another environment, with a bad VAT number or serial, or no CSR at all', async () => {
    /**
     * A request openssl makes from an SDK-style config (generateCsr refuses such input itself):
     * every field right but those given.
     */
    const opensslCsr = (name: string, fields: { curve?: string; vat?: string; title?: string; sn?: string }) => {
      const key = path.join(work, `${name}.pem`);
      const config = path.join(work, `${name}.cnf`);
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: fields.curve ?? 'secp256k1' });
      writeFileSync(key, privateKey.export({ type: 'sec1', format: 'pem' }));
      writeFileSync(
        config,
        [
          '[req]',
          'prompt = no',
          'distinguished_name = dn',
          'req_extensions = v3_req',
          '[v3_req]',
          '1.3.6.1.4.1.311.20.2 = ASN1:PRINTABLESTRING:PREZATCA-Code-Signing',
          'subjectAltName = dirName:alt',
          '[alt]',
          `SN = ${fields.sn ?? '1-Matjar|2-1.4.0|3-1'}`,
          `UID = ${fields.vat ?? VAT}`,
          `title = ${fields.title ?? '0100'}`,
          'registeredAddress = Riyadh',
          'businessCategory = Retail',
          '[dn]',
          'CN = Matjar-1',
          'OU = Riyadh',
          'O = Matjar',
          'C = SA',
          '',
        ].join('\n'),
      );
      const pem = execFileSync('openssl', ['req', '-new', '-sha256', '-key', key, '-config', config], {
        encoding: 'utf8',
      });
      return Buffer.from(pem).toString('base64');
    };
    const good = opensslCsr('good', {});
    expect(readCsr(good)).toMatchObject({ curve: 'secp256k1', signatureValid: true });
    const p256 = opensslCsr('p256', { curve: 'prime256v1' });
    expect(readCsr(p256)).toMatchObject({ curve: 'prime256v1', signatureValid: true });
    const refusals = {
      curve: p256,
      template: generateCsr({ ...unit, environment: 'core' }).csrBase64,
      vat: opensslCsr('vat', { vat: '300000000000001' }),
      types: opensslCsr('types', { title: '0011' }),
      serial: opensslCsr('serial', { sn: 'Matjar-1' }),
      garbage: Buffer.from('not a CSR').toString('base64'),
      empty: '',
    };
    const messages: Record<string, string> = {};
    for (const [name, csr] of Object.entries(refusals)) {
      const result = await client.complianceCsid(csr, SANDBOX_OTP);
      expect(result, name).toMatchObject({ ok: false, status: 400 });
      messages[name] = result.messages.map((m) => `${m.code}: ${m.message}`).join();
    }
    expect(messages.curve).toMatch(/^Invalid-CSR: .*secp256k1, not prime256v1/);
    expect(messages.template).toMatch(/^Invalid-CSR: .*PREZATCA-Code-Signing in simulation/);
    expect(messages.vat).toMatch(/^Invalid-CSR: .*VAT number \(UID\)/);
    expect(messages.types).toMatch(/^Invalid-CSR: .*invoice type \(title\)/);
    expect(messages.serial).toMatch(/^Invalid-CSR: .*serial number \(SN\)/);
    expect(messages.garbage).toMatch(/^Invalid-CSR: /);
    expect(messages.empty).toMatch(/^Missing-CSR: /);
    expect(fake.state.credentials.size).toBe(0);
    // The same openssl request with every field right is accepted.
    expect(await client.complianceCsid(good, SANDBOX_OTP)).toMatchObject({ ok: true, status: 200 });
  });

  it('issues a compliance CSID: its certificate is the CSR’s subject and key, signed by the fake’s CA, for a year', async () => {
    const { csr, csid } = await complianceUnit();
    expect(csid.dispositionMessage).toBe('ISSUED');
    expect(csid.secret).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    // The token is Base64 of the certificate's Base64 DER text, as ZATCA's.
    expect(Buffer.from(csid.binarySecurityToken, 'base64').toString('latin1')).toMatch(/^MII[A-Za-z0-9+/=]+$/);
    const certificate = new X509Certificate(Buffer.from(certificateOf(csid.binarySecurityToken), 'base64'));
    expect(certificate.verify(fake.authorityPublicKey)).toBe(true);
    expect(certificate.subject).toContain('CN=Matjar-Riyadh-1');
    expect(certificate.issuer).toContain('CN=FAKE-FATOORA-SubCA-1');
    expect(certificate.subjectAltName).toContain(`UID=${VAT}`);
    expect(certificate.publicKey.export({ type: 'spki', format: 'der' })).toEqual(readCsr(csr.csrPem).publicKeyDer);
    const days = (Date.parse(certificate.validTo) - Date.parse(certificate.validFrom)) / 86_400_000;
    expect(days).toBe(365);
  });

  it('refuses credentials it did not issue, and each CSID on the other kind’s routes', async () => {
    const { credentials, identity } = await complianceUnit();
    const document = stamped(documentXml({}), identity);
    const wrongSecret = { ...credentials, secret: 'not-the-secret' };
    for (const result of [
      await client.complianceCheck(wrongSecret, document),
      await client.complianceCheck({ binarySecurityToken: 'dW5rbm93bg==', secret: credentials.secret }, document),
      // A compliance CSID cannot report.
      await client.reportSingle(credentials, document),
    ]) {
      expect(result).toMatchObject({ ok: false, kind: 'http', status: 401 });
    }
    const production = await productionUnit();
    // A production CSID cannot run compliance checks nor ask for another production CSID.
    expect(await client.complianceCheck(production.credentials, document)).toMatchObject({ ok: false, status: 401 });
    expect(await client.productionCsid(production.credentials, 1)).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses the production CSID until the invoice, credit note and debit note passed', async () => {
    const { csid, credentials, identity } = await complianceUnit();
    const before = await client.productionCsid(credentials, csid.requestID);
    expect(before).toMatchObject({ ok: false, status: 400 });
    expect(before.messages).toEqual([
      expect.objectContaining({
        code: 'Missing-ComplianceSteps',
        message:
          'The compliance certificate is not done with the following compliance steps yet ' +
          '[simplified-compliant,simplified-credit-note-compliant,simplified-debit-note-compliant]',
      }),
    ]);
    expectOk(await client.complianceCheck(credentials, stamped(documentXml({ kind: 'invoice' }), identity)));
    expectOk(await client.complianceCheck(credentials, stamped(documentXml({ kind: 'credit' }), identity)));
    const oneLeft = await client.productionCsid(credentials, csid.requestID);
    expect(oneLeft.messages[0]?.message).toMatch(/\[simplified-debit-note-compliant\]$/);
    // A failed check is no step passed: a debit note whose hash is not its own.
    const wrong = stamped(documentXml({ kind: 'debit' }), identity);
    const failed = await client.complianceCheck(credentials, { ...wrong, invoiceHash: GENESIS_HASH });
    expect(failed).toMatchObject({ ok: false, status: 400, body: { reportingStatus: 'NOT_REPORTED' } });
    expect(codes(failed)).toEqual(['invalid-invoice-hash']);
    expect(await client.productionCsid(credentials, csid.requestID)).toMatchObject({ ok: false, status: 400 });
    // Another request id than its own is refused too.
    expectOk(await client.complianceCheck(credentials, stamped(documentXml({ kind: 'debit' }), identity)));
    expect(codes(await client.productionCsid(credentials, 42))).toEqual(['Invalid-Request-ID']);
    expect(expectOk(await client.productionCsid(credentials, csid.requestID)).dispositionMessage).toBe('ISSUED');
  });

  it('onboards and reports: CSR → compliance CSID → three checks → production CSID → 200 REPORTED → 409 on repeat', async () => {
    const production = await productionUnit();
    const first = stamped(documentXml({ icv: 1 }), production.identity);
    const answer = await client.reportSingle(production.credentials, first);
    expect(answer).toMatchObject({
      ok: true,
      status: 200,
      body: {
        reportingStatus: 'REPORTED',
        validationResults: { status: 'PASS', errorMessages: [], warningMessages: [] },
      },
      messages: [],
    });
    expect(fake.state.reported.get(first.uuid)).toMatchObject({ status: 'REPORTED', icv: 1 });
    const again = await client.reportSingle(production.credentials, first);
    expect(again).toMatchObject({
      ok: false,
      kind: 'http',
      status: 409,
      body: { reportingStatus: 'REPORTED_SUCCESSFULLY_EARLIER' },
    });
    // The next document in the chain: ICV 2, PIH the first's hash.
    const second = stamped(documentXml({ icv: 2, previousHash: first.invoiceHash }), production.identity);
    expect(await client.reportSingle(production.credentials, second)).toMatchObject({ ok: true, status: 200 });
  });

  it('renews a production CSID with a new CSR and OTP', async () => {
    const production = await productionUnit();
    const renewal = generateCsr(unit);
    expect(await client.renewProductionCsid(production.credentials, renewal.csrBase64, '000000')).toMatchObject({
      ok: false,
      status: 400,
    });
    const renewed = expectOk(await client.renewProductionCsid(production.credentials, renewal.csrBase64, SANDBOX_OTP));
    const certificate = new X509Certificate(Buffer.from(certificateOf(renewed.binarySecurityToken), 'base64'));
    expect(certificate.publicKey.export({ type: 'spki', format: 'der' })).toEqual(readCsr(renewal.csrPem).publicKeyDer);
    const credentials = { binarySecurityToken: renewed.binarySecurityToken, secret: renewed.secret };
    const identity = identityOf(renewal.privateKeyPem, renewed.binarySecurityToken);
    expect(await client.reportSingle(credentials, stamped(documentXml({}), identity))).toMatchObject({
      ok: true,
      status: 200,
    });
  });

  it('does not report a document whose hash, UUID or seller is not its own, nor a standard invoice', async () => {
    const production = await productionUnit();
    const document = stamped(documentXml({}), production.identity);
    const results = {
      hash: await client.reportSingle(production.credentials, { ...document, invoiceHash: GENESIS_HASH }),
      uuid: await client.reportSingle(production.credentials, { ...document, uuid: randomUUID() }),
      seller: await client.reportSingle(
        production.credentials,
        stamped(documentXml({}).replaceAll(VAT, '310000000000003'), production.identity),
      ),
      standard: await client.reportSingle(
        production.credentials,
        stamped(documentXml({}).replace('name="0200000"', 'name="0100000"'), production.identity),
      ),
      notXml: await client.reportSingle(production.credentials, {
        ...document,
        invoice: Buffer.from('<Invoice').toString('base64'),
      }),
    };
    for (const [name, result] of Object.entries(results)) {
      expect(result, name).toMatchObject({ ok: false, status: 400, body: { reportingStatus: 'NOT_REPORTED' } });
    }
    // Each refused document holds its place in the chain: the ones after it also warn of the chain.
    expect(codes(results.hash)).toEqual(['invalid-invoice-hash']);
    expect(codes(results.uuid)).toEqual(['invalid-uuid', 'invoice-counter', 'previous-invoice-hash']);
    expect(codes(results.seller)).toEqual(expect.arrayContaining(['certificate-permissions']));
    expect(codes(results.standard)).toEqual(expect.arrayContaining(['invalid-invoice-type']));
    expect(codes(results.notXml)).toEqual(['XSD_ZATCA_INVALID']);
    expect(fake.state.reported.get(document.uuid)?.status).toBe('NOT_REPORTED');
    // Refused, then sent right: reported (with the chain's warnings: its ICV was taken by the refusals).
    expect(await client.reportSingle(production.credentials, document)).toMatchObject({
      ok: true,
      body: { reportingStatus: 'REPORTED' },
    });
  });

  it('reports with warnings (202): late by more than 24 hours, a broken chain, another signing certificate', async () => {
    const production = await productionUnit();
    const late = stamped(documentXml({ icv: 1, issuedAt: new Date(Date.now() - 25 * 3_600_000) }), production.identity);
    const lateAnswer = await client.reportSingle(production.credentials, late);
    expect(lateAnswer).toMatchObject({ ok: true, status: 202, body: { reportingStatus: 'REPORTED' } });
    expect(codes(lateAnswer)).toEqual(['BR-KSA-98']);
    const gap = stamped(documentXml({ icv: 3, previousHash: GENESIS_HASH }), production.identity);
    const gapAnswer = await client.reportSingle(production.credentials, gap);
    expect(gapAnswer).toMatchObject({ ok: true, status: 202 });
    expect(codes(gapAnswer)).toEqual(['invoice-counter', 'previous-invoice-hash']);
    // Stamped with the unit's compliance certificate: a valid stamp, not the reporting CSID's.
    const other = stamped(documentXml({ icv: 4, previousHash: gap.invoiceHash }), production.compliance.identity);
    const otherAnswer = await client.reportSingle(production.credentials, other);
    expect(otherAnswer).toMatchObject({ ok: true, status: 202 });
    expect(codes(otherAnswer)).toEqual(['invalid-signing-certificate']);
  });

  it('does not report a document without its stamp, or whose stamp is broken', async () => {
    const production = await productionUnit();
    const unsigned = await client.reportSingle(production.credentials, signed(documentXml({ icv: 1 })));
    expect(unsigned).toMatchObject({ ok: false, status: 400, body: { reportingStatus: 'NOT_REPORTED' } });
    expect(codes(unsigned)).toContain('invalid-signature');
    const good = stamped(documentXml({ icv: 2 }), production.identity);
    // Another signing time in the signed properties, their digest left as it was.
    const tampered = good.xml.replace(/<xades:SigningTime>[^<]+</, '<xades:SigningTime>2020-01-01T00:00:00Z<');
    expect(tampered).not.toBe(good.xml);
    const broken = await client.reportSingle(production.credentials, signed(tampered));
    expect(broken).toMatchObject({ ok: false, status: 400 });
    expect(codes(broken)).toContain('signed-properties-hashing');
  });

  it('holds a request until the client gives up, and answers 500 once when told', async () => {
    const production = await productionUnit();
    const impatient = createFatooraClient({ environment: 'simulation', baseUrl: fake.url, timeoutMs: 300 });
    const document = stamped(documentXml({}), production.identity);
    fake.failNext('timeout');
    expect(await impatient.reportSingle(production.credentials, document)).toEqual({
      ok: false,
      kind: 'timeout',
      messages: [],
    });
    expect(fake.state.reported.has(document.uuid)).toBe(false);
    fake.failNext('500');
    expect(await client.reportSingle(production.credentials, document)).toMatchObject({
      ok: false,
      kind: 'http',
      status: 500,
    });
    // The identical bytes again: reported.
    expect(await client.reportSingle(production.credentials, document)).toMatchObject({ ok: true, status: 200 });
  });

  it('answers a network failure as such', async () => {
    const nowhere = createFatooraClient({ environment: 'core', baseUrl: 'http://127.0.0.1:1/e-invoicing' });
    expect(await nowhere.complianceCsid('x', SANDBOX_OTP)).toEqual({ ok: false, kind: 'network', messages: [] });
  });
});

describe('the local Fatoora as the shop’s ZATCA_API_URL', () => {
  it('serves every environment under its root, which is the shop’s ZATCA_API_URL whatever the admin chooses', async () => {
    const fake = await startFakeFatoora({ rules: false });
    onTestFinished(() => fake.close());
    const zatca = loadConfig({ JWT_SECRET: 'x'.repeat(32), ZATCA_API_URL: `${fake.url}/` }).zatca;
    for (const environment of ZATCA_ENVIRONMENTS) {
      const shopClient = fatooraOf(zatca, environment);
      expect(shopClient.baseUrl).toBe(`${fake.url}/${environment}`);
      const csid = await shopClient.complianceCsid(generateCsr({ ...unit, environment }).csrBase64, SANDBOX_OTP);
      expect(csid, environment).toMatchObject({ ok: true, status: 200, body: { dispositionMessage: 'ISSUED' } });
    }
    // Without ZATCA_API_URL, ZATCA's own root.
    expect(fatooraOf({ apiUrl: undefined, timeoutSeconds: 1 }, 'core').baseUrl).toBe(
      'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
    );
    // A URL that already names an environment would have the shop ask for …/simulation/developer-portal: refused at start.
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), ZATCA_API_URL: `${fake.url}/simulation` })).toThrow(
      /ZATCA_API_URL: the root of a Fatoora API/,
    );
  });
});

describe('the local Fatoora with ZATCA’s rules', () => {
  it('runs ZATCA’s rules on the compliance checks: a stamped invoice passes, an unstamped one fails the stamp’s rules', async () => {
    const fake = await startFakeFatoora();
    try {
      // The rules hold the fake's (and this test's) event loop 5–10 s a call: a patient client.
      const client = createFatooraClient({ environment: 'developer-portal', baseUrl: fake.url, timeoutMs: 60_000 });
      const csr = generateCsr({ ...unit, environment: 'developer-portal' });
      const csid = expectOk(await client.complianceCsid(csr.csrBase64, SANDBOX_OTP));
      const credentials = { binarySecurityToken: csid.binarySecurityToken, secret: csid.secret };
      const identity = identityOf(csr.privateKeyPem, csid.binarySecurityToken);
      const passed = await client.complianceCheck(credentials, stamped(documentXml({}), identity));
      expect(passed).toMatchObject({
        ok: true,
        status: 200,
        body: { reportingStatus: 'REPORTED', validationResults: { status: 'PASS' } },
        messages: [],
      });
      const result = await client.complianceCheck(credentials, signed(documentXml({})));
      expect(result).toMatchObject({
        ok: false,
        status: 400,
        body: { reportingStatus: 'NOT_REPORTED', validationResults: { status: 'ERROR' } },
      });
      const failed = result.messages.filter((m) => m.type === 'ERROR').map((m) => m.code);
      const rules = failed.filter((code) => code.startsWith('BR-'));
      expect(rules.length).toBeGreaterThan(0);
      expect(rules.every((code) => STAMP_RULES.includes(code))).toBe(true);
      expect(result.messages.find((m) => m.code === rules[0])?.category).toBe('KSA');
      expect(failed).toContain('invalid-signature');
    } finally {
      await fake.close();
    }
  }, 120_000);
});
