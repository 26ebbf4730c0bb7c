import { describe, expect, it } from 'vitest';
import { LOOKUP_INTERVAL_MS, lookupGate } from '../../src/server/modules/orders/checkout.js';

/*
 * How often an open checkout is asked about at its payment provider (docs/payments.md, step 3;
 * SECURITY.md § 6): once per interval per checkout, with a bounded memory of checkouts.
 */
describe('lookupGate', () => {
  it('lets each checkout through once per interval', () => {
    const may = lookupGate(LOOKUP_INTERVAL_MS, 10);
    expect(may('a', 0)).toBe(true);
    expect(may('a', LOOKUP_INTERVAL_MS - 1)).toBe(false);
    expect(may('b', 1)).toBe(true);
    expect(may('a', LOOKUP_INTERVAL_MS)).toBe(true);
    expect(may('a', LOOKUP_INTERVAL_MS + 1)).toBe(false);
  });

  it('remembers at most `capacity` checkouts, forgetting the least recently asked first', () => {
    const may = lookupGate(LOOKUP_INTERVAL_MS, 2);
    expect([may('a', 0), may('b', 0), may('c', 0)]).toEqual([true, true, true]);
    // 'a' was forgotten to keep two: it may be asked again; 'c' is still remembered.
    expect(may('a', 1)).toBe(true);
    expect(may('c', 1)).toBe(false);
    // Remembering 'a' again pushed out 'b', the least recently asked.
    expect(may('b', 1)).toBe(true);
  });
});
