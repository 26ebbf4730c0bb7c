import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../src/contract/types';
import { TaxDocument } from '../../src/web/components/tax-document';

/** An issued document as the API answers it; only the market and zone differ below. */
const document = (country: string, timeZone: string): Invoice & { qrImage: string } => ({
  number: 7,
  uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
  // 22:30 UTC on 30 November: 1 December in Riyadh and in Cairo.
  issuedAt: '2026-11-30T22:30:00.000Z',
  orderId: 'order-1',
  orderNumber: 41,
  seller: { name: 'مؤسسة متجر للتجارة', address: 'الرياض', vatNumber: '300000000000003' },
  lines: [
    {
      name: 'قميص',
      quantity: 1,
      unitPriceExclVat: 100,
      unitPriceInclVat: 115,
      vatRate: 15,
      vatAmount: 15,
      totalInclVat: 115,
    },
  ],
  subtotalExclVat: 100,
  vatTotal: 15,
  total: 115,
  currency: country === 'SA' ? 'SAR' : 'EGP',
  country,
  timeZone,
  qr: 'AQ==',
  previousHash: 'x',
  hash: 'y',
  qrImage: 'data:image/svg+xml;base64,PHN2Zy8+',
});

const render = (doc: Invoice & { qrImage: string }) =>
  renderToStaticMarkup(createElement(TaxDocument, { document: doc, kind: 'invoice' }));

describe('the printed tax document (docs/invoices.md § Other markets)', () => {
  it('is ZATCA’s simplified tax invoice with its QR for a Saudi document, dated in its zone', () => {
    const html = render(document('SA', 'Asia/Riyadh'));
    expect(html).toContain('فاتورة ضريبية مبسطة');
    expect(html).toContain('<img');
    expect(html).toContain('1 ديسمبر 2026');
  });

  it('is a plain «فاتورة» without ZATCA’s QR for another market', () => {
    const html = render(document('EG', 'Africa/Cairo'));
    expect(html).not.toContain('فاتورة ضريبية مبسطة');
    expect(html).toContain('>فاتورة<');
    expect(html).not.toContain('<img');
  });
});
