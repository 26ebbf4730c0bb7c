import { execFileSync } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CsrInput, csrInputProblems, generateCsr, readCsr } from '../../src/server/modules/e-invoicing/csr';

const work = mkdtempSync(path.join(tmpdir(), 'zatca-csr-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const input: CsrInput = {
  environment: 'simulation',
  organization: 'مؤسسة متجر التجارية',
  organizationalUnit: 'فرع الرياض',
  commonName: 'Matjar-Riyadh-1',
  vatNumber: '399999999900003',
  solutionVersion: '1.4.0',
  unitSerial: 'ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
  registeredAddress: 'RRRD2929',
  businessCategory: 'Retail',
};

/** `openssl req -verify -noout -text` over a PEM request: openssl's own reading of it. */
function opensslReads(csrPem: string) {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.csr`);
  writeFileSync(file, csrPem);
  return execFileSync('openssl', ['req', '-in', file, '-verify', '-noout', '-text', '-nameopt', 'utf8'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('ZATCA CSR', () => {
  it('is a PKCS#10 request openssl verifies, with the subject, template and alternative name given', () => {
    const { csrPem, csrBase64, privateKeyPem, unitSerialNumber } = generateCsr(input);
    const text = opensslReads(csrPem);
    expect(text).toContain('ASN1 OID: secp256k1');
    expect(text).toContain('Signature Algorithm: ecdsa-with-SHA256');
    expect(text).toMatch(/Subject: C ?= ?SA, O ?= ?مؤسسة متجر التجارية, OU ?= ?فرع الرياض, CN ?= ?Matjar-Riyadh-1/);
    expect(text).toContain('1.3.6.1.4.1.311.20.2');
    expect(text).toContain('PREZATCA-Code-Signing');
    expect(text).toContain('SN=1-Matjar|2-1.4.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f');
    expect(text).toContain('UID=399999999900003');
    expect(text).toContain('title=0100');
    expect(text).toContain('registeredAddress=RRRD2929');
    expect(text).toContain('businessCategory=Retail');
    expect(unitSerialNumber).toBe('1-Matjar|2-1.4.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f');
    // ZATCA's body carries Base64 of the PEM text, not of the DER.
    expect(Buffer.from(csrBase64, 'base64').toString('utf8')).toBe(csrPem);
    // The key is the request's: secp256k1, SEC1 PEM as the SDK's sample key.
    expect(privateKeyPem).toContain('BEGIN EC PRIVATE KEY');
    expect(createPrivateKey(privateKeyPem).asymmetricKeyDetails?.namedCurve).toBe('secp256k1');
  });

  it('reads its own request back: the fields, the curve and a valid signature', () => {
    const { csrBase64, csrPem } = generateCsr({ ...input, environment: 'core' });
    for (const form of [csrBase64, csrPem]) {
      const read = readCsr(form);
      expect(read).toMatchObject({
        country: 'SA',
        organization: input.organization,
        organizationalUnit: input.organizationalUnit,
        commonName: input.commonName,
        serialNumber: '1-Matjar|2-1.4.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
        vatNumber: '399999999900003',
        invoiceTypes: '0100',
        registeredAddress: 'RRRD2929',
        businessCategory: 'Retail',
        certificateTemplate: 'ZATCA-Code-Signing',
        certificateTemplateType: 'printableString',
        curve: 'secp256k1',
        signatureValid: true,
      });
    }
  });

  it('gives each environment its template name and each request a fresh key and serial', () => {
    const portal = generateCsr({ ...input, environment: 'developer-portal', unitSerial: undefined });
    const again = generateCsr({ ...input, environment: 'developer-portal', unitSerial: undefined });
    expect(readCsr(portal.csrBase64).certificateTemplate).toBe('TSTZATCA-Code-Signing');
    expect(portal.privateKeyPem).not.toBe(again.privateKeyPem);
    expect(portal.unitSerialNumber).toMatch(/^1-Matjar\|2-1\.4\.0\|3-[0-9a-f-]{36}$/);
    expect(portal.unitSerialNumber).not.toBe(again.unitSerialNumber);
  });

  it('refuses input ZATCA would refuse: empty fields, a VAT number not 3…3 in ASCII digits, bad invoice types', () => {
    expect(csrInputProblems(input)).toEqual([]);
    expect(
      csrInputProblems({
        ...input,
        organization: ' ',
        unitSerial: 'a|b',
        vatNumber: '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣',
        invoiceTypes: '0200',
      }),
    ).toEqual([
      'organization is empty',
      'solutionVersion and unitSerial cannot hold "|"',
      'vatNumber is not 15 digits starting and ending with 3',
      'invoiceTypes is not 4 digits of 0 and 1',
    ]);
    expect(() => generateCsr({ ...input, vatNumber: '300000000000001' })).toThrow(RangeError);
  });

  it('finds a tampered request’s signature invalid', () => {
    const { csrPem } = generateCsr(input);
    const der = Buffer.from(csrPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    // The organisation's first byte, inside the signed part: the signature no longer holds.
    const at = der.indexOf(Buffer.from('مؤسسة', 'utf8'));
    der[at + 1] = (der[at + 1] ?? 0) ^ 1;
    expect(readCsr(der.toString('base64')).signatureValid).toBe(false);
  });

  it('reads a request made by openssl from an SDK-style config (the way ZATCA’s SDK documents it)', () => {
    const key = path.join(work, 'p256.pem');
    const config = path.join(work, 'csr.cnf');
    writeFileSync(
      key,
      generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'sec1', format: 'pem' }),
    );
    writeFileSync(
      config,
      [
        '[req]',
        'prompt = no',
        'utf8 = no',
        'distinguished_name = dn',
        'req_extensions = v3_req',
        '[v3_req]',
        '1.3.6.1.4.1.311.20.2 = ASN1:UTF8String:TSTZATCA-Code-Signing',
        'subjectAltName = dirName:alt',
        '[alt]',
        'SN = 1-TST|2-TST|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
        'UID = 311111111101113',
        'title = 1111',
        'registeredAddress = RRRD2929',
        'businessCategory = Real estate activities',
        '[dn]',
        'CN = TST-886431145-311111111101113',
        'OU = Riyadh Branch',
        'O = ABCD Limited',
        'C = SA',
        '',
      ].join('\n'),
    );
    const csrPem = execFileSync('openssl', ['req', '-new', '-sha256', '-key', key, '-config', config], {
      encoding: 'utf8',
    });
    expect(readCsr(Buffer.from(csrPem).toString('base64'))).toMatchObject({
      country: 'SA',
      organization: 'ABCD Limited',
      organizationalUnit: 'Riyadh Branch',
      commonName: 'TST-886431145-311111111101113',
      serialNumber: '1-TST|2-TST|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
      vatNumber: '311111111101113',
      invoiceTypes: '1111',
      businessCategory: 'Real estate activities',
      certificateTemplate: 'TSTZATCA-Code-Signing',
      certificateTemplateType: 'utf8String',
      curve: 'prime256v1',
      signatureValid: true,
    });
  });
});
