import { describe, expect, it } from 'vitest';
import { telLink, whatsappLink } from '../../src/contract/shop-pages.js';

/** The footer's contact links (docs/store-pages.md): what a phone dials when the number is tapped. */
describe("the footer's phone link", () => {
  it('dials the number as typed, with its plus, in any digits', () => {
    expect(telLink('+966 11 234 5678')).toBe('tel:+966112345678');
    expect(telLink('٠١١٢٣٤٥٦٧٨')).toBe('tel:0112345678');
    expect(telLink('(011) 234-5678')).toBe('tel:0112345678');
  });

  it('dials the first number of free text, never the digits of two run together', () => {
    expect(telLink('0112345678 / 0501234567')).toBe('tel:0112345678');
    expect(telLink('920000000 تحويلة 5')).toBe('tel:920000000');
  });

  it('is no link when the text holds no number', () => {
    expect(telLink('اتصل بنا')).toBeUndefined();
    expect(telLink('5')).toBeUndefined();
  });

  it('opens a WhatsApp chat without the plus', () => {
    expect(whatsappLink('+966501234567')).toBe('https://wa.me/966501234567');
  });
});
