import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EInvoicingStatus, ReportingDocument } from '../../src/contract/e-invoicing';
import { ei } from '../../src/web/i18n/e-invoicing';
import EInvoicing from '../../src/web/routes/admin/e-invoicing';

/*
 * The admin's e-invoicing screen (docs/invoices.md § On screen) rendered from the API's answers,
 * for the states the browser test's shop does not reach: a late document, ZATCA refusing the
 * shop's credentials, a certificate near its end, starting over in production, another market.
 */

const STATUS: EInvoicingStatus = {
  phase: 2,
  step: 'production',
  environment: 'core',
  // 21:30 UTC on 31 December: 1 January in Riyadh.
  certificateExpiresAt: '2026-12-31T21:30:00.000Z',
  renewalDue: false,
  renewing: false,
  complianceChecks: [],
  documents: { pending: 3, reported: 10, reported_with_warnings: 1, rejected: 0, late: 0 },
  reportingProblem: null,
};

const DOCUMENT: ReportingDocument = {
  kind: 'credit_note',
  number: 12,
  orderId: 'order-7',
  orderNumber: 1043,
  issuedAt: '2026-11-30T22:30:00.000Z',
  reportingStatus: 'pending',
  reportingMessages: [],
  reportedAt: null,
  late: true,
  correctedBy: null,
};

// The stub hands the loader's answer to the route's component, as the framework does.
const Stub = createRoutesStub([{ id: 'e-invoicing', path: '/admin/e-invoicing', Component: EInvoicing }]);

function render(status: Partial<EInvoicingStatus>, { documents = [DOCUMENT], country = 'SA' } = {}) {
  const loaderData = {
    shop: { timeZone: 'Asia/Riyadh', phoneCountry: 'SA' },
    status: { ...STATUS, ...status },
    documents: {
      results: documents.length,
      paginationResult: { currentPage: 1, limit: 20, numberOfPages: 1 },
      data: documents,
    },
    filter: 'pending',
    country,
    missing: [],
  };
  return renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: ['/admin/e-invoicing'],
      hydrationData: { loaderData: { 'e-invoicing': loaderData } },
    }),
  );
}

describe('the e-invoicing screen', () => {
  it('in production: phase 2, the certificate’s end in the shop’s zone, the renewal; no warning when nothing is due', () => {
    const html = render({});
    expect(html).toContain(ei.phase2);
    expect(html).toContain(ei.certificateExpires('1 يناير 2027'));
    expect(html).toContain(ei.renew);
    expect(html).not.toContain(ei.renewalDue);
    expect(html).not.toContain(ei.late);
    expect(html).not.toContain(ei.reportingProblem);
  });

  it('warns of a certificate near its end, of late documents and of credentials ZATCA refused (its messages beside)', () => {
    const html = render({
      renewalDue: true,
      documents: { ...STATUS.documents, late: 1 },
      reportingProblem: {
        status: 401,
        messages: [{ code: 'Unauthorized', message: 'Invalid credentials' }],
        at: '2026-11-30T22:30:00.000Z',
      },
    });
    expect(html).toContain(ei.renewalDue);
    expect(html).toContain(ei.late);
    expect(html).toContain(ei.reportingProblem);
    expect(html).toMatch(/<ul dir="ltr"[^>]*><li><code[^>]*>Unauthorized<\/code>: Invalid credentials<\/li><\/ul>/);
  });

  it('lists a document with its kind, number, order link, state and lateness', () => {
    const html = render({});
    expect(html).toContain(ei.documentNumber(ei.kinds.credit_note, '12'));
    expect(html).toContain('href="/admin/orders/order-7"');
    expect(html).toContain(ei.order('1043'));
    expect(html).toContain(`>${ei.stateOf('credit_note', 'pending')}<`);
    expect(html).toContain(`>${ei.lateBadge.credit_note}<`);
  });

  it('starting over in production shows the fresh CSR as step 2 while the certificate keeps signing', () => {
    const html = render({ renewing: true });
    expect(html).toContain(ei.phase2);
    expect(html).toContain(ei.renewingNote);
    expect(html).toMatch(/aria-current="step"[^>]*>(?:(?!<\/li>).)*2\. رمز التحقق/s);
    expect(html).toContain(ei.requestCompliance);
  });

  it('outside Saudi Arabia says the screen is for Saudi shops and offers no step', () => {
    const html = render({ phase: 1, step: 'not_started', environment: null }, { documents: [], country: 'EG' });
    expect(html).toContain(ei.saudiOnly);
    expect(html).not.toContain(ei.stepsHeading);
    expect(html).not.toContain(ei.createCsr);
  });
});

describe('a document ZATCA refused', () => {
  const refused: ReportingDocument = {
    ...DOCUMENT,
    kind: 'invoice',
    reportingStatus: 'rejected',
    late: false,
    reportingMessages: [{ code: 'invalid-invoice-hash', message: 'The invoice hash does not match' }],
  };

  it('offers its correction, with what it does, beside ZATCA’s messages', () => {
    const html = render({}, { documents: [refused] });
    expect(html).toContain(ei.correct);
    expect(html).toContain(ei.correctHint);
    expect(html).toContain('name="number" value="12"');
    expect(html).toContain('invalid-invoice-hash');
  });

  it('once corrected, names its correction and offers nothing more', () => {
    const html = render({}, { documents: [{ ...refused, correctedBy: 15 }] });
    expect(html).toContain(ei.correctedBy('invoice', '15'));
    expect(html).toContain(`>${ei.stateOf('invoice', 'rejected')}<`);
    expect(html).not.toContain(ei.correct);
  });
});
