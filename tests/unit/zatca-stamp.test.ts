import { generateKeyPairSync, verify, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InvoiceLine } from '../../src/db/schema.js';
import { complianceSamples } from '../../src/server/modules/e-invoicing/service.js';
import { zatcaHash } from '../../src/server/modules/invoices/hash.js';
import { GENESIS_HASH } from '../../src/server/modules/invoices/service.js';
import { certificateDetails, stampDocument, verifyStamp } from '../../src/server/modules/invoices/stamp.js';
import { decodeTlvBytes, encodeTlv, tlvBase64, zatcaQr } from '../../src/server/modules/invoices/tlv.js';
import { invoiceUbl, type UblInvoice } from '../../src/server/modules/invoices/ubl.js';
import { SAUDI_DOCUMENT, SAUDI_INVOICE_SELLER } from '../helpers/sellers.js';
import { describeFindings, ZATCA_FIXTURES, zatcaFindings } from '../helpers/zatca.js';

/*
 * ZATCA's phase-2 cryptographic stamp (docs/invoices.md § The cryptographic stamp), checked against
 * ZATCA's own material: the signed samples, test key and certificate of its e-invoicing SDK
 * (tests/fixtures/zatca/README.md).
 */

const fixture = (name: string) => readFileSync(path.join(ZATCA_FIXTURES, name), 'utf8');

/** The SDK's test key: Base64 SEC1 DER without PEM armour (`Data/Certificates/ec-secp256k1-priv-key.pem`). */
const SDK_KEY = `-----BEGIN EC PRIVATE KEY-----\n${fixture('ec-secp256k1-priv-key.pem').trim()}\n-----END EC PRIVATE KEY-----\n`;
/** The SDK's test certificate (`Data/Certificates/cert.pem`, Base64 DER): same key as the samples' certificate. */
const SDK_CERTIFICATE = fixture('cert.pem').trim();

const SAMPLES = ['Simplified_Invoice.xml', 'Simplified_Credit_Note.xml', 'Simplified_Debit_Note.xml'];

const between = (xml: string, pattern: RegExp) => {
  const value = pattern.exec(xml)?.[1];
  if (value === undefined) throw new Error(`no ${pattern}`);
  return value;
};
const invoiceSignedData = (xml: string) =>
  between(xml, /<ds:Reference Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</);
const signedPropertiesReference = (xml: string) =>
  between(xml, /URI="#xadesSignedProperties">\s*<ds:DigestMethod[^>]*\/>\s*<ds:DigestValue>([^<]+)</);
const certDigest = (xml: string) => between(xml, /<xades:CertDigest>[\s\S]*?<ds:DigestValue>([^<]+)</);
const signingTime = (xml: string) => between(xml, /<xades:SigningTime>([^<]+)</);
const certificateOf = (xml: string) => between(xml, /<ds:X509Certificate>([^<]+)</);
const signatureValueOf = (xml: string) => between(xml, /<ds:SignatureValue>([^<]+)</);
const QR_VALUE = /(<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>)([^<]*)/;
const qrOf = (xml: string) => QR_VALUE.exec(xml)?.[2] ?? '';
const qrRecords = (xml: string) => new Map(decodeTlvBytes(new Uint8Array(Buffer.from(qrOf(xml), 'base64'))));

/** A signed sample without its stamp: no UBLExtensions, no cac:Signature, an empty QR. */
const unstamp = (xml: string) =>
  xml
    .replace(/<ext:UBLExtensions\b[\s\S]*<\/ext:UBLExtensions>/, '')
    .replace(/<cac:Signature>[\s\S]*?<\/cac:Signature>/, '')
    .replace(QR_VALUE, '$1');

const publicKeyOf = (certificate: string) => new X509Certificate(Buffer.from(certificate, 'base64')).publicKey;

describe('QR records of bytes (tags 8 and 9)', () => {
  it('writes bytes as they are, text as UTF-8, and reads both back as bytes', () => {
    const der = Uint8Array.from([0x30, 0x00, 0xff, 0x80]);
    const bytes = encodeTlv([
      [6, 'ب'],
      [8, der],
    ]);
    expect([...bytes]).toEqual([6, 2, 0xd8, 0xa8, 8, 4, 0x30, 0x00, 0xff, 0x80]);
    expect(decodeTlvBytes(bytes)).toEqual([
      [6, Uint8Array.from([0xd8, 0xa8])],
      [8, der],
    ]);
    expect(() => encodeTlv([[9, new Uint8Array(256)]])).toThrow(RangeError);
    expect(encodeTlv([[9, new Uint8Array(255)]])).toHaveLength(257);
  });
});

describe('the stamp of ZATCA’s own samples', () => {
  it('certificateDetails reads the sample’s certificate as the sample writes it', () => {
    const details = certificateDetails(certificateOf(fixture('Simplified_Invoice.xml')));
    expect(details.issuer).toBe('CN=TSZEINVOICE-SubCA-1, DC=extgazt, DC=gov, DC=local');
    expect(details.serialNumber).toBe('2475382886904809774818644480820936050208702411');
    expect(details.notBefore.toISOString()).toBe('2022-09-14T13:26:04.000Z');
    expect(details.notAfter.toISOString()).toBe('2024-09-13T13:26:04.000Z');
    expect(details.publicKeyDer).toHaveLength(88);
    expect(details.signature).toHaveLength(70);
    expect(() => certificateDetails('bm90IGEgY2VydGlmaWNhdGU=')).toThrow();
  });

  for (const name of SAMPLES) {
    it(`re-signing ${name} reproduces the SDK’s hash, digests and QR tags 1–6, 8, 9 byte for byte`, () => {
      const sample = fixture(name);
      const certificate = certificateOf(sample);
      const unsigned = unstamp(sample);
      expect(unsigned).not.toContain('ds:Signature');
      const stamped = stampDocument(unsigned, { privateKeyPem: SDK_KEY, certificate }, new Date(signingTime(sample)));
      expect(stamped.hash).toBe(invoiceSignedData(sample));
      expect(stamped.hash).toBe(zatcaHash(unsigned));
      expect(invoiceSignedData(stamped.xml)).toBe(invoiceSignedData(sample));
      expect(certDigest(stamped.xml)).toBe(certDigest(sample));
      expect(signedPropertiesReference(stamped.xml)).toBe(signedPropertiesReference(sample));
      expect(signingTime(stamped.xml)).toBe(signingTime(sample));
      const ours = qrRecords(stamped.xml);
      const theirs = qrRecords(sample);
      expect([...ours.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (const tag of [1, 2, 3, 4, 5, 6, 8, 9]) {
        expect(Buffer.from(ours.get(tag) ?? []).toString('base64'), `tag ${tag}`).toBe(
          Buffer.from(theirs.get(tag) ?? []).toString('base64'),
        );
      }
      // ECDSA differs per run: the signature verifies, over the 32 raw bytes of the hash.
      expect(Buffer.from(ours.get(7) ?? []).toString('utf8')).toBe(stamped.signatureValue);
      expect(signatureValueOf(stamped.xml)).toBe(stamped.signatureValue);
      expect(
        verify(
          'sha256',
          Buffer.from(stamped.hash, 'base64'),
          publicKeyOf(certificate),
          Buffer.from(stamped.signatureValue, 'base64'),
        ),
      ).toBe(true);
      expect(qrOf(stamped.xml)).toBe(stamped.qr);
      expect(verifyStamp(stamped.xml)).toEqual([]);
    });
  }

  it('the sample’s own SignatureValue is a signature of the hash’s raw bytes (not of its text)', () => {
    for (const name of SAMPLES) {
      const sample = fixture(name);
      const publicKey = publicKeyOf(certificateOf(sample));
      const signature = Buffer.from(signatureValueOf(sample), 'base64');
      const hash = invoiceSignedData(sample);
      expect(verify('sha256', Buffer.from(hash, 'base64'), publicKey, signature), name).toBe(true);
      expect(verify('sha256', Buffer.from(hash, 'utf8'), publicKey, signature), name).toBe(false);
    }
  });

  it('verifyStamp accepts ZATCA’s signed samples as they are', () => {
    for (const name of SAMPLES) expect(verifyStamp(fixture(name)), name).toEqual([]);
  });

  describe('verifyStamp reports what was changed', () => {
    const sample = fixture('Simplified_Invoice.xml');

    it('an amount', () => {
      const changed = sample.replace(
        '<cbc:PayableAmount currencyID="SAR">231.15',
        '<cbc:PayableAmount currencyID="SAR">231.16',
      );
      expect(changed).not.toBe(sample);
      expect(verifyStamp(changed)).toEqual([
        'The invoice hash does not match the invoiceSignedData DigestValue',
        "The SignatureValue does not verify over the invoice hash with the certificate's public key",
        "The QR code's invoice hash (tag 6) is not the document's hash",
      ]);
    });

    it('the signing time in the SignedProperties', () => {
      const changed = sample.replace('2023-01-24T11:16:44Z', '2023-01-24T11:16:45Z');
      expect(verifyStamp(changed)).toEqual(['The SignedProperties digest does not match the xades:SignedProperties']);
    });

    it('a certificate swapped for another of the same key', () => {
      const changed = sample.replace(certificateOf(sample), SDK_CERTIFICATE);
      expect(verifyStamp(changed)).toEqual([
        'The certificate digest (xades:CertDigest) does not match the X509Certificate',
        "The X509SerialNumber is not the certificate's serial number",
        "The QR code's certificate signature (tag 9) is not the certificate's",
      ]);
    });

    it('a signature that is not the hash’s, or not a signature at all', () => {
      // Another document's signature, by the same key: it does not verify over this hash.
      const foreign = fixture('Simplified_Credit_Note.xml');
      const swapped = sample.replaceAll(signatureValueOf(sample), signatureValueOf(foreign));
      expect(swapped).not.toBe(sample);
      expect(verifyStamp(swapped)).toEqual([
        "The SignatureValue does not verify over the invoice hash with the certificate's public key",
        "The QR code's signature (tag 7) is not the document's SignatureValue",
      ]);
      expect(verifyStamp(sample.replace(signatureValueOf(sample), 'AAAA'))).toEqual([
        "The SignatureValue does not verify over the invoice hash with the certificate's public key",
        "The QR code's signature (tag 7) is not the document's SignatureValue",
      ]);
    });

    it('a QR whose tag 6 is not the hash', () => {
      const records = decodeTlvBytes(new Uint8Array(Buffer.from(qrOf(sample), 'base64'))).map(
        ([tag, value]) => [tag, tag === 6 ? Buffer.from('x'.repeat(44)) : value] as const,
      );
      const changed = sample.replace(QR_VALUE, `$1${tlvBase64(records)}`);
      expect(verifyStamp(changed)).toEqual(["The QR code's invoice hash (tag 6) is not the document's hash"]);
    });

    it('a QR without its phase-1 tags, a missing stamp, and garbage, without throwing', () => {
      const records = decodeTlvBytes(new Uint8Array(Buffer.from(qrOf(sample), 'base64'))).filter(([tag]) => tag > 2);
      expect(verifyStamp(sample.replace(QR_VALUE, `$1${tlvBase64(records)}`))).toEqual(['The QR code lacks tags 1, 2']);
      expect(verifyStamp(unstamp(sample))).toEqual([
        'The cryptographic stamp (ds:Signature in ext:UBLExtensions) is missing',
      ]);
      expect(verifyStamp(sample.replace(QR_VALUE, '$1%%%'))).toEqual(['The QR code is not Base64']);
      const runsPastTheEnd = Buffer.from([1, 50, 0x41]).toString('base64');
      expect(verifyStamp(sample.replace(QR_VALUE, `$1${runsPastTheEnd}`))).toEqual([
        'The QR code is not a TLV payload',
      ]);
      expect(verifyStamp(sample.replace(certificateOf(sample), 'AAAA'))).toEqual([
        'The X509Certificate cannot be read',
      ]);
      for (const garbage of ['', 'not xml', '<Invoice>', sample.slice(0, 5000)]) {
        const problems = verifyStamp(garbage);
        expect(problems, garbage.slice(0, 20)).toHaveLength(1);
      }
    });
  });
});

describe('a document the shop renders, stamped', () => {
  const line = (name: string, quantity: number, unitExclVat: number): InvoiceLine => ({
    name,
    quantity,
    unitPriceExclVat: unitExclVat,
    unitPriceInclVat: (unitExclVat * 115) / 100,
    vatRateBasisPoints: 1500,
    vatAmount: (quantity * unitExclVat * 15) / 100,
    totalInclVat: (quantity * unitExclVat * 115) / 100,
  });
  const issuedAt = new Date('2026-11-25T21:34:56Z'); // 00:34:56 on the 26th in Riyadh
  // The SDK certificate's VAT number; a name XML must escape.
  const seller = { ...SAUDI_INVOICE_SELLER, name: 'مؤسسة «متجر» & شركاه', vatNumber: '399999999900003' };
  const invoice: UblInvoice = {
    number: 1,
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    issuedAt,
    previousHash: GENESIS_HASH,
    qr: zatcaQr({
      sellerName: seller.name,
      vatNumber: seller.vatNumber,
      issuedAt,
      total: '1173.00',
      vatTotal: '153.00',
    }),
    seller,
    ...SAUDI_DOCUMENT,
    paymentMeans: '48',
    lines: [line('سماعة لاسلكية', 2, 50_000), line('الشحن', 1, 2_000)],
    subtotalExclVat: 102_000,
    vatTotal: 15_300,
    total: 117_300,
  };
  const unsignedInvoice = invoiceUbl(invoice);
  const unsignedCreditNote = invoiceUbl({
    ...invoice,
    number: 2,
    uuid: '7a1e0c39-4d4b-4f3c-9f0e-1c2d3e4f5a6b',
    previousHash: zatcaHash(unsignedInvoice),
    lines: [line('سماعة لاسلكية', 1, 50_000)],
    subtotalExclVat: 50_000,
    vatTotal: 7_500,
    total: 57_500,
    correction: { kind: 'credit', invoice: { number: 1, uuid: invoice.uuid, issuedAt }, reason: 'إرجاع قطعة' },
  });
  // The shop issues no debit note yet; the stamp does not depend on the type code.
  const unsignedDebitNote = unsignedCreditNote
    .replace('>381</cbc:InvoiceTypeCode>', '>383</cbc:InvoiceTypeCode>')
    .replace('<cbc:ID>2</cbc:ID>', '<cbc:ID>3</cbc:ID>');
  const identity = { privateKeyPem: SDK_KEY, certificate: SDK_CERTIFICATE };
  const signingTime = new Date('2026-11-25T21:35:00.250Z');
  const stamped = {
    invoice: stampDocument(unsignedInvoice, identity, signingTime),
    creditNote: stampDocument(unsignedCreditNote, identity, signingTime),
    debitNote: stampDocument(unsignedDebitNote, identity, signingTime),
  };
  const unsigned = { invoice: unsignedInvoice, creditNote: unsignedCreditNote, debitNote: unsignedDebitNote };

  it('keeps the unsigned document byte for byte around the stamp, and its hash', () => {
    for (const [kind, document] of Object.entries(stamped)) {
      const original = unsigned[kind as keyof typeof unsigned];
      expect(document.hash, kind).toBe(zatcaHash(original));
      expect(zatcaHash(document.xml), kind).toBe(document.hash);
      expect(document.xml.indexOf('<ext:UBLExtensions')).toBe(original.indexOf('>\n<cbc:ProfileID>') + 1);
      // Without the stamp and with the phase-1 QR back, it is the unsigned document again.
      expect(unstamp(document.xml).replace(QR_VALUE, `$1${qrOf(original)}`), kind).toBe(original);
      expect(verifyStamp(document.xml), kind).toEqual([]);
    }
    expect(stamped.invoice.xml).toContain('<xades:SigningTime>2026-11-25T21:35:00Z</xades:SigningTime>');
    expect(stamped.invoice.xml).toContain('>2475382889481219846080454947234981286678397371</ds:X509SerialNumber>');
  });

  it('refuses a document already stamped, without a QR, or a key that is not the certificate’s', () => {
    expect(() => stampDocument(stamped.invoice.xml, identity, signingTime)).toThrow(/already stamped/);
    expect(() =>
      stampDocument(unsignedInvoice.replace('<cbc:ID>QR</cbc:ID>', '<cbc:ID>QQ</cbc:ID>'), identity, signingTime),
    ).toThrow(/no QR/);
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey.export({
      type: 'sec1',
      format: 'pem',
    });
    expect(() =>
      stampDocument(unsignedInvoice, { ...identity, privateKeyPem: otherKey.toString() }, signingTime),
    ).toThrow(/not the certificate/);
  });

  it('the QR holds tags 1–5 read from the document, then the stamp’s 6–9', () => {
    const records = decodeTlvBytes(new Uint8Array(Buffer.from(stamped.invoice.qr, 'base64')));
    const details = certificateDetails(SDK_CERTIFICATE);
    const texts = records.slice(0, 7).map(([tag, value]) => [tag, Buffer.from(value).toString('utf8')]);
    expect(texts).toEqual([
      [1, seller.name],
      [2, seller.vatNumber],
      // The document's IssueDate and IssueTime (Riyadh's wall clock) in the samples' form.
      [3, '2026-11-26T00:34:56Z'],
      [4, '1173.00'],
      [5, '153.00'],
      [6, stamped.invoice.hash],
      [7, stamped.invoice.signatureValue],
    ]);
    expect(records[7]?.[1]).toEqual(details.publicKeyDer);
    expect(records[8]?.[1]).toEqual(details.signature);
  });

  it('passes ZATCA’s validation rules with no error and no warning, the stamp’s rules included', () => {
    // One run of each rule set (a JVM each): the stamped documents and, to show the rules do look
    // at the stamp, the invoice unsigned.
    const findings = zatcaFindings({
      invoice: stamped.invoice.xml,
      'credit-note': stamped.creditNote.xml,
      'debit-note': stamped.debitNote.xml,
      unsigned: unsignedInvoice,
    });
    const of = (document: string) => findings.filter((finding) => finding.document === document);
    expect(describeFindings([...of('invoice'), ...of('credit-note'), ...of('debit-note')])).toBe('');
    expect(
      of('unsigned')
        .map((finding) => finding.id)
        .sort(),
    ).toEqual(['BR-KSA-28', 'BR-KSA-29', 'BR-KSA-30', 'BR-KSA-60']);
  }, 120_000);
});

describe('the compliance samples the shop sends ZATCA at onboarding', () => {
  it('an invoice, a credit note and a debit note that, stamped, pass ZATCA’s rules with no finding', () => {
    // The seller under the SDK certificate's VAT number, as the unit's own certificate would carry it.
    const seller = { ...SAUDI_INVOICE_SELLER, vatNumber: '399999999900003' };
    const samples = complianceSamples(seller, 'Asia/Riyadh', new Date('2026-11-25T21:34:56.700Z'));
    expect(samples.map((sample) => sample.document)).toEqual(['invoice', 'credit_note', 'debit_note']);
    const identity = { privateKeyPem: SDK_KEY, certificate: SDK_CERTIFICATE };
    const stamped = Object.fromEntries(
      samples.map(({ document, uuid, xml }) => {
        const signed = stampDocument(xml, identity, new Date('2026-11-25T21:35:00Z')).xml;
        expect(verifyStamp(signed), document).toEqual([]);
        expect(signed, document).toContain(`<cbc:UUID>${uuid}</cbc:UUID>`);
        return [document, signed];
      }),
    );
    expect(Object.values(stamped).map((xml) => between(xml, /<cbc:InvoiceTypeCode name="0200000">(\d+)</))).toEqual([
      '388',
      '381',
      '383',
    ]);
    expect(describeFindings(zatcaFindings(stamped))).toBe('');
  }, 120_000);
});
