import { wallClock } from '../../../contract/dates.js';
import { xmlEscape } from '../../../contract/xml.js';
import type { InvoiceLine, InvoiceSeller } from '../../../db/schema.js';

/**
 * An issued invoice as UBL 2.1 XML, in the shape ZATCA gives a simplified tax invoice
 * (docs/invoices.md § UBL export): InvoiceTypeCode 388 named 0200000, ProfileID reporting:1.0,
 * the counter (ICV), the previous invoice's hash (PIH) and the QR as additional document
 * references, the seller with its ZATCA id and national address, dates in the shop's time zone
 * (ZATCA reads them as Saudi time, BR-KSA-70). A credit note is the same Invoice document with
 * InvoiceTypeCode 381 (a debit note 383), a BillingReference to the invoice it corrects and its reason as the
 * PaymentMeans' InstructionNote (ZATCA's simplified credit note). Unsigned: the cryptographic stamp
 * (UBLExtensions, cac:Signature) is phase 2's. It passes ZATCA's SDK rules but the stamp's
 * (tests/api/invoices.test.ts).
 */

/**
 * What a credit note (381) or debit note (383) says beyond an invoice (docs/invoices.md § Credit
 * notes): the invoice it corrects and why. The shop issues credit notes; a debit note is only
 * one of ZATCA's compliance samples (§ Onboarding).
 */
export type UblCorrection = {
  kind: 'credit' | 'debit';
  invoice: { number: number; uuid: string; issuedAt: Date };
  reason: string;
};

const TYPE_CODES = { invoice: 388, credit: 381, debit: 383 } as const;

export type UblInvoice = {
  number: number;
  uuid: string;
  issuedAt: Date;
  previousHash: string;
  qr: string;
  seller: InvoiceSeller;
  /** ISO 3166 alpha-2 of the seller's address (the shop's market). */
  country: string;
  /** The zone its dates are written in (docs/dates.md). */
  timeZone: string;
  /** UNTDID 4461 code of how the money moves; null on documents issued before it was kept. */
  paymentMeans: string | null;
  currency: string;
  /** Minor-unit digits of the currency. */
  digits: number;
  lines: InvoiceLine[];
  subtotalExclVat: number;
  vatTotal: number;
  total: number;
  /** Present for a credit or debit note. */
  correction?: UblCorrection | undefined;
};

/** UNTDID 4461 payment means: 10 in cash, 48 bank card. */
export const PAYMENT_MEANS = { cash: '10', card: '48' } as const;

/** Minor units as a decimal string with the currency's digits (115000, 2 → "1150.00"). */
export function decimal(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const units = Math.abs(minor)
    .toString()
    .padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${units}` : `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`;
}

/** A VAT rate in basis points as a percentage ("15.00"). */
export const percent = (basisPoints: number) => decimal(basisPoints, 2);

/** S (standard rate) or Z (zero rate), UN/ECE 5305. */
const category = (basisPoints: number) => (basisPoints > 0 ? 'S' : 'Z');

export function invoiceUbl(invoice: UblInvoice): string {
  const { currency, digits } = invoice;
  const e = xmlEscape;
  const money = (tag: string, minor: number) =>
    `<cbc:${tag} currencyID="${e(currency)}">${decimal(minor, digits)}</cbc:${tag}>`;
  const issued = wallClock(invoice.issuedAt, invoice.timeZone);
  const { correction, seller } = invoice;
  // The invoice a note corrects: its number (our cbc:ID), UUID and issue date.
  const billingReference = correction
    ? [
        '<cac:BillingReference><cac:InvoiceDocumentReference>',
        `<cbc:ID>${correction.invoice.number}</cbc:ID>`,
        `<cbc:UUID>${e(correction.invoice.uuid)}</cbc:UUID>`,
        `<cbc:IssueDate>${wallClock(correction.invoice.issuedAt, invoice.timeZone).date}</cbc:IssueDate>`,
        '</cac:InvoiceDocumentReference></cac:BillingReference>',
      ]
    : [];
  // ZATCA reads a note's reason from the payment means' instruction note (KSA-10).
  const paymentMeans =
    invoice.paymentMeans || correction
      ? [
          '<cac:PaymentMeans>',
          `<cbc:PaymentMeansCode>${invoice.paymentMeans ?? PAYMENT_MEANS.cash}</cbc:PaymentMeansCode>`,
          ...(correction ? [`<cbc:InstructionNote>${e(correction.reason)}</cbc:InstructionNote>`] : []),
          '</cac:PaymentMeans>',
        ]
      : [];
  const address = seller.nationalAddress;
  // The national address's parts in UBL's order (ZATCA's BR-KSA-09); a seller frozen before it was
  // kept has its one-line address as the street.
  const postalAddress = address
    ? [
        `<cbc:StreetName>${e(address.street)}</cbc:StreetName>`,
        `<cbc:BuildingNumber>${e(address.buildingNumber)}</cbc:BuildingNumber>`,
        ...(address.additionalNumber
          ? [`<cbc:PlotIdentification>${e(address.additionalNumber)}</cbc:PlotIdentification>`]
          : []),
        `<cbc:CitySubdivisionName>${e(address.district)}</cbc:CitySubdivisionName>`,
        `<cbc:CityName>${e(address.city)}</cbc:CityName>`,
        `<cbc:PostalZone>${e(address.postalCode)}</cbc:PostalZone>`,
      ]
    : [`<cbc:StreetName>${e(seller.address)}</cbc:StreetName>`];
  const partyIdentification = seller.sellerId
    ? [
        `<cac:PartyIdentification><cbc:ID schemeID="${e(seller.sellerId.scheme)}">${e(seller.sellerId.value)}</cbc:ID></cac:PartyIdentification>`,
      ]
    : [];
  const rates = [...new Set(invoice.lines.map((line) => line.vatRateBasisPoints))].sort((a, b) => a - b);
  const subtotals = rates.map((rate) => {
    const lines = invoice.lines.filter((line) => line.vatRateBasisPoints === rate);
    const vat = lines.reduce((sum, line) => sum + line.vatAmount, 0);
    const taxable = lines.reduce((sum, line) => sum + line.totalInclVat - line.vatAmount, 0);
    return [
      '<cac:TaxSubtotal>',
      money('TaxableAmount', taxable),
      money('TaxAmount', vat),
      '<cac:TaxCategory>',
      `<cbc:ID schemeID="UN/ECE 5305" schemeAgencyID="6">${category(rate)}</cbc:ID>`,
      `<cbc:Percent>${percent(rate)}</cbc:Percent>`,
      '<cac:TaxScheme><cbc:ID schemeID="UN/ECE 5153" schemeAgencyID="6">VAT</cbc:ID></cac:TaxScheme>',
      '</cac:TaxCategory>',
      '</cac:TaxSubtotal>',
    ].join('');
  });
  const lines = invoice.lines.map((line, index) => {
    const exclVat = line.totalInclVat - line.vatAmount;
    return [
      '<cac:InvoiceLine>',
      `<cbc:ID>${index + 1}</cbc:ID>`,
      `<cbc:InvoicedQuantity unitCode="PCE">${line.quantity}</cbc:InvoicedQuantity>`,
      money('LineExtensionAmount', exclVat),
      '<cac:TaxTotal>',
      money('TaxAmount', line.vatAmount),
      money('RoundingAmount', line.totalInclVat),
      '</cac:TaxTotal>',
      '<cac:Item>',
      `<cbc:Name>${e(line.name)}</cbc:Name>`,
      ...(line.sku
        ? [`<cac:SellersItemIdentification><cbc:ID>${e(line.sku)}</cbc:ID></cac:SellersItemIdentification>`]
        : []),
      '<cac:ClassifiedTaxCategory>',
      `<cbc:ID>${category(line.vatRateBasisPoints)}</cbc:ID>`,
      `<cbc:Percent>${percent(line.vatRateBasisPoints)}</cbc:Percent>`,
      '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>',
      '</cac:ClassifiedTaxCategory>',
      '</cac:Item>',
      // The price of the whole quantity, so the line amount is exact (docs/invoices.md § Lines).
      '<cac:Price>',
      money('PriceAmount', exclVat),
      `<cbc:BaseQuantity unitCode="PCE">${line.quantity}</cbc:BaseQuantity>`,
      '</cac:Price>',
      '</cac:InvoiceLine>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
    ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    '<cbc:ProfileID>reporting:1.0</cbc:ProfileID>',
    `<cbc:ID>${invoice.number}</cbc:ID>`,
    `<cbc:UUID>${e(invoice.uuid)}</cbc:UUID>`,
    `<cbc:IssueDate>${issued.date}</cbc:IssueDate>`,
    `<cbc:IssueTime>${issued.time}</cbc:IssueTime>`,
    `<cbc:InvoiceTypeCode name="0200000">${TYPE_CODES[correction?.kind ?? 'invoice']}</cbc:InvoiceTypeCode>`,
    `<cbc:DocumentCurrencyCode>${e(currency)}</cbc:DocumentCurrencyCode>`,
    `<cbc:TaxCurrencyCode>${e(currency)}</cbc:TaxCurrencyCode>`,
    ...billingReference,
    '<cac:AdditionalDocumentReference>',
    '<cbc:ID>ICV</cbc:ID>',
    `<cbc:UUID>${invoice.number}</cbc:UUID>`,
    '</cac:AdditionalDocumentReference>',
    '<cac:AdditionalDocumentReference>',
    '<cbc:ID>PIH</cbc:ID>',
    `<cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${e(invoice.previousHash)}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment>`,
    '</cac:AdditionalDocumentReference>',
    '<cac:AdditionalDocumentReference>',
    '<cbc:ID>QR</cbc:ID>',
    `<cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${e(invoice.qr)}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment>`,
    '</cac:AdditionalDocumentReference>',
    '<cac:AccountingSupplierParty><cac:Party>',
    ...partyIdentification,
    '<cac:PostalAddress>',
    ...postalAddress,
    `<cac:Country><cbc:IdentificationCode>${e(invoice.country)}</cbc:IdentificationCode></cac:Country>`,
    '</cac:PostalAddress>',
    '<cac:PartyTaxScheme>',
    `<cbc:CompanyID>${e(seller.vatNumber)}</cbc:CompanyID>`,
    '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>',
    '</cac:PartyTaxScheme>',
    `<cac:PartyLegalEntity><cbc:RegistrationName>${e(seller.name)}</cbc:RegistrationName></cac:PartyLegalEntity>`,
    '</cac:Party></cac:AccountingSupplierParty>',
    // A simplified invoice names no buyer.
    '<cac:AccountingCustomerParty><cac:Party/></cac:AccountingCustomerParty>',
    ...paymentMeans,
    '<cac:TaxTotal>',
    money('TaxAmount', invoice.vatTotal),
    ...subtotals,
    '</cac:TaxTotal>',
    `<cac:TaxTotal>${money('TaxAmount', invoice.vatTotal)}</cac:TaxTotal>`,
    '<cac:LegalMonetaryTotal>',
    money('LineExtensionAmount', invoice.subtotalExclVat),
    money('TaxExclusiveAmount', invoice.subtotalExclVat),
    money('TaxInclusiveAmount', invoice.total),
    money('PayableAmount', invoice.total),
    '</cac:LegalMonetaryTotal>',
    ...lines,
    '</Invoice>',
    '',
  ].join('\n');
}
