import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AbandonedCart } from '../../src/contract/types';
import { abc } from '../../src/web/i18n/abandoned-carts';
import { formatPrice } from '../../src/web/lib/format';
import AbandonedCarts from '../../src/web/routes/admin/abandoned-carts';

/*
 * Staff's abandoned baskets screen (docs/abandoned-baskets.md) rendered from the API's answers:
 * the states a browser test would need days or a reminder sweep to reach (reminded, unsubscribed,
 * several baskets). tests/e2e/abandoned-carts.spec.ts reads one real basket's row in a browser.
 */

const CART: AbandonedCart = {
  id: 'cart-1',
  customer: { id: 'user-1', name: 'ليلى أحمد', email: 'layla@example.com' },
  lines: 2,
  units: 3,
  value: 275.99,
  // 21:30 UTC on 31 December: 1 January in Riyadh.
  changedAt: '2026-12-31T21:30:00.000Z',
  remindedAt: null,
  unsubscribed: false,
};

const Stub = createRoutesStub([{ id: 'abandoned-carts', path: '/admin/abandoned-carts', Component: AbandonedCarts }]);

function render(carts: AbandonedCart[], remindersOn = true) {
  const loaderData = {
    shop: { timeZone: 'Asia/Riyadh', currency: 'SAR', phoneCountry: 'SA' },
    carts: {
      results: carts.length,
      paginationResult: { currentPage: 1, limit: 50, numberOfPages: carts.length > 0 ? 1 : 0 },
      data: carts,
    },
    remindersOn,
    delayHours: 3,
  };
  return renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: ['/admin/abandoned-carts'],
      hydrationData: { loaderData: { 'abandoned-carts': loaderData } },
    }),
  );
}

describe('the abandoned baskets screen', () => {
  it('shows each basket: customer, e-mail, value, lines, last change in the shop’s zone, reminder state', () => {
    const html = render([
      CART,
      { ...CART, id: 'cart-2', remindedAt: '2027-01-01T01:00:00.000Z' },
      { ...CART, id: 'cart-3', unsubscribed: true },
    ]);
    expect(html).toContain('<table');
    expect(html).toContain('ليلى أحمد');
    expect(html).toContain('layla@example.com');
    expect(html).toContain(formatPrice(275.99, 'SAR'));
    expect(html).toContain('منتجان (3 قطع)');
    expect(html).toContain('dateTime="2026-12-31T21:30:00.000Z"');
    expect(html).toMatch(/dateTime="2026-12-31T21:30:00.000Z">[^<]*1 يناير 2027/);
    expect(html).toContain(abc.notReminded);
    expect(html).toMatch(new RegExp(`${abc.reminded('').trim()}[^<]*1 يناير 2027`));
    expect(html).toContain(abc.unsubscribed);
    expect(html).toContain(abc.remindersOn);
    expect(html).not.toContain(abc.empty);
  });

  it('links each basket’s customer name to the customer’s page', () => {
    const html = render([CART]);
    expect(html).toMatch(/<a[^>]*href="\/admin\/customers\/user-1"[^>]*><bdi>ليلى أحمد<\/bdi><\/a>/);
  });

  it('says when there is none, and when reminders are off', () => {
    const html = render([], false);
    expect(html).toContain(abc.empty);
    expect(html).toContain(abc.remindersOff);
    expect(html).not.toContain('<table');
  });
});
