import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { xmlEscape } from '../../src/contract/xml.js';
import type { InvoiceLine } from '../../src/db/schema.js';
import {
  allocate,
  COD_FEE_LINE,
  invoiceLines,
  type OrderAmounts,
  SHIPPING_LINE,
} from '../../src/server/modules/invoices/allocate.js';
import { zatcaHash } from '../../src/server/modules/invoices/hash.js';
import { GENESIS_HASH } from '../../src/server/modules/invoices/service.js';
import { decodeTlv, decodeTlvBase64, encodeTlv, truncateUtf8, zatcaQr } from '../../src/server/modules/invoices/tlv.js';
import { decimal, invoiceUbl } from '../../src/server/modules/invoices/ubl.js';
import { quoteOrder, type Zone } from '../../src/server/modules/pricing/quote.js';
import { SAUDI_DOCUMENT } from '../helpers/sellers.js';
import { svrlFindings, ZATCA_FIXTURES, zatcaFindings } from '../helpers/zatca.js';

/* Tax invoices (docs/invoices.md): the QR's TLV bytes, the UBL export, and how lines add up. */

describe('ZATCA QR: TLV records in Base64', () => {
  it('matches a vector written out by hand, with an Arabic seller name', () => {
    // «متجر الرياض»: ten Arabic letters of two UTF-8 bytes each and one space — 21 bytes (0x15).
    // biome-ignore format: one letter per pair of bytes, as written out by hand
    const seller = [
      0xd9, 0x85, // م U+0645
      0xd8, 0xaa, // ت U+062A
      0xd8, 0xac, // ج U+062C
      0xd8, 0xb1, // ر U+0631
      0x20,       // space
      0xd8, 0xa7, // ا U+0627
      0xd9, 0x84, // ل U+0644
      0xd8, 0xb1, // ر U+0631
      0xd9, 0x8a, // ي U+064A
      0xd8, 0xa7, // ا U+0627
      0xd8, 0xb6, // ض U+0636
    ];
    expect(seller).toHaveLength(21);
    const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
    // biome-ignore format: one record per line — tag, length, value
    const expected = [
      0x01, 0x15, ...seller,                          // seller name, 21 bytes
      0x02, 0x0f, ...ascii('300000000000003'),        // VAT number, 15 bytes
      0x03, 0x14, ...ascii('2026-11-25T12:34:56Z'),   // timestamp, 20 bytes
      0x04, 0x07, ...ascii('1150.00'),                // total with VAT, 7 bytes
      0x05, 0x06, ...ascii('150.00'),                 // VAT total, 6 bytes
    ];
    const qr = zatcaQr({
      sellerName: 'متجر الرياض',
      vatNumber: '300000000000003',
      issuedAt: new Date('2026-11-25T12:34:56.789Z'),
      total: '1150.00',
      vatTotal: '150.00',
    });
    expect([...Buffer.from(qr, 'base64')]).toEqual(expected);
    expect(qr).toBe(Buffer.from(expected).toString('base64'));
  });

  it('decodes what it encodes, Arabic and empty values included', () => {
    const records: Array<[number, string]> = [
      [1, 'مؤسسة متجر للتجارة & شركاه'],
      [2, ''],
      [3, 'x'.repeat(255)],
      [9, '😀 emoji'],
    ];
    expect(decodeTlv(encodeTlv(records))).toEqual(records);
    expect(decodeTlvBase64(Buffer.from(encodeTlv(records)).toString('base64'))).toEqual(records);
  });

  it('refuses a value over 255 bytes and a record running past the end', () => {
    expect(() => encodeTlv([[1, 'ب'.repeat(128)]])).toThrow(RangeError); // 256 bytes
    expect(() => decodeTlv(Uint8Array.from([1, 5, 0x41]))).toThrow(RangeError);
  });

  it('cuts a seller name over 255 bytes at a character, never inside one', () => {
    expect(truncateUtf8('ب'.repeat(200), 255)).toBe('ب'.repeat(127)); // 254 bytes: 255 would split a letter
    const qr = zatcaQr({
      sellerName: 'م'.repeat(300),
      vatNumber: '300000000000003',
      issuedAt: new Date(0),
      total: '1.00',
      vatTotal: '0.13',
    });
    const [[tag, name] = [0, '']] = decodeTlvBase64(qr);
    expect(tag).toBe(1);
    expect(name).toBe('م'.repeat(127));
  });
});

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('allocation: largest remainder in minor units', () => {
  it('spreads exactly, the extra units to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(allocate(7, [0, 5, 0, 2])).toEqual([0, 5, 0, 2]);
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocate(1, [0, 0])).toThrow(RangeError);
    const huge = allocate(999_999_999_999, [333_333_333_333, 333_333_333_333, 333_333_333_334]);
    expect(sum(huge)).toBe(999_999_999_999);
  });
});

const zone = (values: Partial<Zone>): Zone => ({
  id: 'z',
  name: 'z',
  cities: [],
  price: 0,
  freeAbove: null,
  codAllowed: true,
  codFee: 0,
  isDefault: true,
  enabled: true,
  ...values,
});

/** An order's stored money as quoteOrder computes it (docs/pricing.md). */
function orderOf(
  items: { quantity: number; unitPrice: number }[],
  options: { discountPercent?: number; shipping?: number; codFee?: number; rate: number; included: boolean },
): OrderAmounts {
  const subtotal = sum(items.map((item) => item.quantity * item.unitPrice));
  const d = options.discountPercent ?? 0;
  const discount = subtotal - Math.round((subtotal * (100 - d)) / 100);
  const quote = quoteOrder({
    subtotal,
    discount,
    zone: zone({ price: options.shipping ?? 0, codFee: options.codFee ?? 0 }),
    method: 'cash',
    vat: { vatRateBasisPoints: options.rate, pricesIncludeVat: options.included },
  });
  if ('refusal' in quote) throw new Error(quote.refusal);
  return { ...quote, totalOrderPrice: quote.total };
}

function expectAddsUp(order: OrderAmounts, lines: InvoiceLine[]) {
  expect(sum(lines.map((line) => line.vatAmount))).toBe(order.taxPrice);
  expect(sum(lines.map((line) => line.totalInclVat))).toBe(order.totalOrderPrice);
  for (const line of lines) {
    expect(line.vatAmount).toBeGreaterThanOrEqual(0);
    expect(line.totalInclVat).toBeGreaterThanOrEqual(line.vatAmount);
  }
}

describe('invoice lines add up to the order exactly', () => {
  const awkward = [
    { quantity: 3, unitPrice: 333 }, // 3.33 × 3
    { quantity: 7, unitPrice: 1_001 },
    { quantity: 1, unitPrice: 99_999 },
  ];
  const cases = [
    { rate: 1500, included: true },
    { rate: 1500, included: false },
    { rate: 1400, included: true },
    { rate: 1400, included: false },
  ];
  it.each(cases)('rate $rate, prices include VAT: $included — with discount, shipping and cash fee', (vat) => {
    const order = orderOf(awkward, { ...vat, discountPercent: 13, shipping: 2_333, codFee: 777 });
    const lines = invoiceLines(
      order,
      awkward.map((item, i) => ({ name: `صنف ${i}`, ...item })),
    );
    expectAddsUp(order, lines);
    expect(lines.map((line) => line.name)).toEqual(['صنف 0', 'صنف 1', 'صنف 2', SHIPPING_LINE, COD_FEE_LINE]);
    expect(lines.every((line) => line.vatRateBasisPoints === vat.rate)).toBe(true);
    // The discount is spread over the items only: shipping and the fee keep their price.
    const shipping = lines[3];
    expect(vat.included ? shipping?.totalInclVat : (shipping?.totalInclVat ?? 0) - (shipping?.vatAmount ?? 0)).toBe(
      2_333,
    );
  });

  it('many tiny lines whose VAT rounds away one by one still carry the whole VAT', () => {
    const items = Array.from({ length: 37 }, (_, i) => ({ name: `قلم ${i}`, quantity: 1, unitPrice: 3 }));
    const order = orderOf(items, { rate: 1500, included: true, discountPercent: 7 });
    const lines = invoiceLines(order, items);
    expectAddsUp(order, lines);
    expect(order.taxPrice).toBeGreaterThan(0);
  });

  it('without shipping or fee there are no such lines; a 100 % coupon leaves zero lines that still add up', () => {
    const items = [{ name: 'كتاب', quantity: 2, unitPrice: 5_750 }];
    const plain = orderOf(items, { rate: 1500, included: true });
    const lines = invoiceLines(plain, items);
    expect(lines).toEqual([
      {
        name: 'كتاب',
        quantity: 2,
        unitPriceExclVat: 5_000,
        unitPriceInclVat: 5_750,
        vatRateBasisPoints: 1500,
        vatAmount: 1_500,
        totalInclVat: 11_500,
      },
    ]);
    const free = orderOf(items, { rate: 1500, included: true, discountPercent: 100 });
    expectAddsUp(free, invoiceLines(free, items));
  });
});

describe('hash chain', () => {
  it('the first previous hash is ZATCA’s seed: SHA-256 of "0", its hex digest in Base64', () => {
    expect(GENESIS_HASH).toBe(
      'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
    );
  });

  const sample = (name: string) => readFileSync(path.join(ZATCA_FIXTURES, name), 'utf8');
  /** The digest ZATCA's SDK signed: the `invoiceSignedData` reference of the signed sample. */
  const signedDigest = (xml: string) =>
    /<ds:Reference Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(xml)?.[1];

  it('the seed is the SDK’s own (Data/PIH/pih.txt)', () => {
    expect(GENESIS_HASH).toBe(sample('pih.txt').trim());
  });

  it('a document’s hash is ZATCA’s: the one the SDK signed in its sample invoice and credit note', () => {
    for (const name of ['Simplified_Invoice.xml', 'Simplified_Credit_Note.xml']) {
      const xml = sample(name);
      expect(signedDigest(xml)).toMatch(/=$/);
      expect(zatcaHash(xml), name).toBe(signedDigest(xml));
    }
    expect(zatcaHash(sample('Simplified_Invoice.xml'))).toBe('r/2si60BEew0NQCHNHNejowLDLjVNV/VTT/P8QSLxMk=');
  });

  it('leaves out the stamp’s parts and the QR, and covers everything else', () => {
    const xml = sample('Simplified_Invoice.xml');
    const hash = zatcaHash(xml);
    // A different QR, signature or extension: the same hash.
    expect(
      zatcaHash(
        xml.replace(/(<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>)A/, '$1B'),
      ),
    ).toBe(hash);
    expect(zatcaHash(xml.replace(/<ds:SignatureValue>[^<]*/, '<ds:SignatureValue>x'))).toBe(hash);
    // One character of the seller's name or an amount: another hash.
    expect(zatcaHash(xml.replace('Acme Widget’s LTD', 'Acme Widget’s LTD.'))).not.toBe(hash);
    expect(
      zatcaHash(
        xml.replace('<cbc:PayableAmount currencyID="SAR">231.15', '<cbc:PayableAmount currencyID="SAR">231.16'),
      ),
    ).not.toBe(hash);
  });
});

describe('the ZATCA rules harness (tests/helpers/zatca.ts)', () => {
  it('reads an SVRL report’s failed assertions: id, flag and text', () => {
    const svrl = `<svrl:schematron-output xmlns:svrl="http://purl.oclc.org/dsdl/svrl">
      <svrl:failed-assert location="/Invoice" flag="warning" id="BR-KSA-37" test="a &gt; b">
        <svrl:text>[BR-KSA-37]-The seller address building number must contain 4 digits.</svrl:text>
      </svrl:failed-assert>
      <svrl:failed-assert location="/Invoice" test="x"><svrl:text>[BR-CO-15]-Invoice total &amp; VAT</svrl:text></svrl:failed-assert>
    </svrl:schematron-output>`;
    expect(svrlFindings(svrl, 'invoice', 'ZATCA')).toEqual([
      {
        document: 'invoice',
        rules: 'ZATCA',
        flag: 'warning',
        id: 'BR-KSA-37',
        text: '[BR-KSA-37]-The seller address building number must contain 4 digits.',
      },
      { document: 'invoice', rules: 'ZATCA', flag: 'error', id: 'BR-CO-15', text: '[BR-CO-15]-Invoice total & VAT' },
    ]);
  });

  it('without Saxon-HE it fails, saying how to install it (never skips)', () => {
    const saved = process.env.SAXON_JAR;
    process.env.SAXON_JAR = '/nonexistent/Saxon-HE.jar';
    try {
      expect(() => zatcaFindings({ invoice: '<Invoice/>' })).toThrow(/libsaxonhe-java/);
    } finally {
      if (saved === undefined) delete process.env.SAXON_JAR;
      else process.env.SAXON_JAR = saved;
    }
  });
});

/**
 * A small XML reader for the test: checks well-formedness (tags nest and close, attributes quoted,
 * text holds no raw `<` and only known entities) and returns the elements with their text.
 */
function readXml(xml: string): Array<{ path: string; text: string; attributes: string }> {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const elements: Array<{ path: string; text: string; attributes: string }> = [];
  const open: Array<{ path: string; text: string; attributes: string }> = [];
  const token = /<(\/?)([\w:]+)((?:\s+[\w:]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let at = 0;
  while (at < body.length) {
    token.lastIndex = at;
    const match = token.exec(body);
    if (!match) throw new Error(`not well-formed at ${at}: ${body.slice(at, at + 40)}`);
    at = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text] = match;
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bad entity in ${text}`);
      const current = open.at(-1);
      if (current) current.text += text.trim();
      else if (text.trim()) throw new Error('text outside the root');
      continue;
    }
    if (closing) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes the wrong element`);
      open.pop();
      continue;
    }
    stack.push(name ?? '');
    const element = { path: stack.join('/'), text: '', attributes: attributes ?? '' };
    elements.push(element);
    open.push(element);
    if (selfClosing) {
      stack.pop();
      open.pop();
    }
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join('/')}`);
  return elements;
}

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

describe('UBL 2.1 export', () => {
  const lines = invoiceLines(
    orderOf([{ quantity: 2, unitPrice: 57_500 }], { rate: 1500, included: true, shipping: 2_300 }),
    [{ name: 'سماعة <لاسلكية> & "شاحن"', quantity: 2, unitPrice: 57_500 }],
  );
  const invoice = {
    number: 42,
    uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
    issuedAt: new Date('2026-11-25T12:34:56Z'),
    previousHash: GENESIS_HASH,
    qr: 'AQVtYXRqYXI=',
    seller: {
      name: 'مؤسسة متجر للتجارة & شركاه',
      address: 'الرياض <حي العليا>',
      vatNumber: '300000000000003',
      sellerId: { scheme: 'CRN', value: '1010010000' },
      nationalAddress: {
        buildingNumber: '2322',
        street: 'طريق الملك فهد <الفرعي>',
        district: 'العليا',
        city: 'الرياض',
        postalCode: '12214',
        additionalNumber: '',
      },
    },
    // 12:34:56 UTC is 15:34:56 in Riyadh; a sale at 22:30 UTC is the next day there.
    ...SAUDI_DOCUMENT,
    lines,
    subtotalExclVat: 102_000,
    vatTotal: 15_300,
    total: 117_300,
  };
  const xml = invoiceUbl(invoice);
  const elements = readXml(xml);
  const find = (path: string) => elements.filter((element) => element.path === path);
  const text = (path: string) => unescapeXml(find(path)[0]?.text ?? '');

  it('is well-formed, with ZATCA’s simplified-invoice header', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(elements[0]?.attributes).toContain('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
    expect(text('Invoice/cbc:ProfileID')).toBe('reporting:1.0');
    expect(text('Invoice/cbc:ID')).toBe('42');
    expect(text('Invoice/cbc:UUID')).toBe(invoice.uuid);
    expect(text('Invoice/cbc:IssueDate')).toBe('2026-11-25');
    expect(text('Invoice/cbc:IssueTime')).toBe('15:34:56');
    const type = find('Invoice/cbc:InvoiceTypeCode')[0];
    expect(type?.text).toBe('388');
    expect(type?.attributes).toContain('name="0200000"');
    expect(text('Invoice/cbc:DocumentCurrencyCode')).toBe('SAR');
  });

  it('carries the counter (ICV), the previous hash (PIH) and the QR', () => {
    const refs = find('Invoice/cac:AdditionalDocumentReference/cbc:ID').map((element) => element.text);
    expect(refs).toEqual(['ICV', 'PIH', 'QR']);
    expect(text('Invoice/cac:AdditionalDocumentReference/cbc:UUID')).toBe('42');
    const attached = find('Invoice/cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject');
    expect(attached.map((element) => element.text)).toEqual([GENESIS_HASH, invoice.qr]);
  });

  it('dates a sale in the shop’s time zone: 01:30 in Riyadh is that day, not the day before', () => {
    const late = readXml(invoiceUbl({ ...invoice, issuedAt: new Date('2026-11-30T22:30:00Z') }));
    const at = (p: string) => late.find((element) => element.path === p)?.text;
    expect(at('Invoice/cbc:IssueDate')).toBe('2026-12-01');
    expect(at('Invoice/cbc:IssueTime')).toBe('01:30:00');
  });

  it('names the seller: its ZATCA id, national address, VAT number and legal name, escaped', () => {
    const party = 'Invoice/cac:AccountingSupplierParty/cac:Party';
    expect(text(`${party}/cac:PartyIdentification/cbc:ID`)).toBe('1010010000');
    expect(find(`${party}/cac:PartyIdentification/cbc:ID`)[0]?.attributes).toContain('schemeID="CRN"');
    expect(text(`${party}/cac:PartyTaxScheme/cbc:CompanyID`)).toBe('300000000000003');
    expect(text(`${party}/cac:PartyLegalEntity/cbc:RegistrationName`)).toBe('مؤسسة متجر للتجارة & شركاه');
    const address = `${party}/cac:PostalAddress`;
    expect(text(`${address}/cbc:StreetName`)).toBe('طريق الملك فهد <الفرعي>');
    expect(text(`${address}/cbc:BuildingNumber`)).toBe('2322');
    expect(text(`${address}/cbc:CitySubdivisionName`)).toBe('العليا');
    expect(text(`${address}/cbc:CityName`)).toBe('الرياض');
    expect(text(`${address}/cbc:PostalZone`)).toBe('12214');
    // No additional number: no PlotIdentification.
    expect(find(`${address}/cbc:PlotIdentification`)).toHaveLength(0);
    expect(xml).toContain('مؤسسة متجر للتجارة &amp; شركاه');
    expect(xml).not.toContain('<الفرعي>');
  });

  it('has the totals and one InvoiceLine per line, amounts with the currency', () => {
    expect(text('Invoice/cac:TaxTotal/cbc:TaxAmount')).toBe('153.00');
    expect(text('Invoice/cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount')).toBe('1020.00');
    expect(text('Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe('1173.00');
    expect(text('Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('1173.00');
    expect(find('Invoice/cac:InvoiceLine')).toHaveLength(2);
    const names = find('Invoice/cac:InvoiceLine/cac:Item/cbc:Name').map((element) => unescapeXml(element.text));
    expect(names).toEqual(['سماعة <لاسلكية> & "شاحن"', SHIPPING_LINE]);
    const percents = find('Invoice/cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent');
    expect(percents.map((element) => element.text)).toEqual(['15.00', '15.00']);
    expect(find('Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')[0]?.attributes).toContain('currencyID="SAR"');
  });

  it('escapes the five specials and drops characters XML cannot hold', () => {
    expect(xmlEscape(`a&b<c>d"e'f\u0001g`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fg');
    expect(decimal(115_000, 2)).toBe('1150.00');
    expect(decimal(5, 2)).toBe('0.05');
    expect(decimal(1_234, 3)).toBe('1.234');
    expect(decimal(7, 0)).toBe('7');
  });
});
