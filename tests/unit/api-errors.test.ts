import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ERRORS_DOC, renderErrorCodes, withSection } from '../../scripts/api-errors-doc.js';
import { apiErrorCodes, failureOfCode, fieldFailureOf } from '../../src/contract/errors.js';
import { type ApiFailureKey, apiFailures, codeOf } from '../../src/contract/messages.js';
import { st } from '../../src/web/i18n/admin-store.js';
import { apiErrorTexts } from '../../src/web/i18n/api-errors.js';
import { authText } from '../../src/web/i18n/auth.js';
import { ei } from '../../src/web/i18n/e-invoicing.js';
import { errorText, formFailureFromApi } from '../../src/web/lib/api-errors.js';
import { failBody, fieldErrorsBody } from '../helpers/failures.js';

const keys = Object.keys(apiFailures) as ApiFailureKey[];
const ARABIC = /[\u0600-\u06FF]/;
/** English words (format names such as JPEG or WebP may appear in Arabic sentences). */
const ENGLISH_WORD = /[a-z]{3,}/;

describe('the catalogue of failures (src/contract/messages.ts)', () => {
  it('gives each failure one code in SCREAMING_SNAKE and one message of its own', () => {
    expect(apiErrorCodes).toHaveLength(keys.length);
    expect(new Set(apiErrorCodes).size).toBe(keys.length);
    for (const code of apiErrorCodes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    // Validation errors are told apart by their message: no two failures may share one.
    const messages = keys.map((key) => apiFailures[key].message);
    expect(new Set(messages).size).toBe(messages.length);
    expect(codeOf('couponInvalid')).toBe('COUPON_INVALID');
    expect(codeOf('priceAfterDiscountNotLower')).toBe('PRICE_AFTER_DISCOUNT_NOT_LOWER');
  });

  it('says where each failure appears: with an HTTP status, in a validation body, or both', () => {
    for (const key of keys) {
      const failure: { status?: number; field?: true } = apiFailures[key];
      expect(failure.status !== undefined || failure.field, key).toBeTruthy();
      if (failure.status !== undefined) expect(failure.status >= 400 && failure.status < 600, key).toBe(true);
    }
  });

  it('keeps the strings existing clients compare, with the codes they may already use', () => {
    expect(failureOfCode('EMAIL_IN_USE')?.message).toBe('E-mail already in use');
    expect(failureOfCode('EMAIL_INVALID')?.message).toBe('Invalid email formate');
    expect(failureOfCode('PHONE_INVALID')?.message).toBe('accept only egypt phone numbers');
    expect(failureOfCode('RESET_CODE_NOT_VERIFIED')?.message).toBe('reset code not verified');
    expect(failureOfCode('LOGIN_INCORRECT')).toMatchObject({ status: 400, message: 'Incorrect email or password' });
    for (const code of [
      'STOCK_SHORT',
      'ADDRESS_LIMIT',
      'ADDRESS_REQUIRED',
      'ORDER_TOTAL_TOO_LARGE',
      'CARD_PAYMENTS_UNAVAILABLE',
      'PAYMENT_PROVIDER_UNAVAILABLE',
      'PAYMENT_MISMATCH',
      'RESET_CODE_NEEDS_EMAIL',
      'RESET_TRIES_EXHAUSTED',
      'RESET_CODES_TOO_MANY',
      'CHECKOUT_NOT_FOUND',
      'WEBHOOK_SIGNATURE_INVALID',
      'REQUEST_TIMEOUT',
    ]) {
      expect(failureOfCode(code), code).toBeDefined();
    }
  });

  it('gives a zod issue its own catalogued message and code, or the generic one of its kind', () => {
    const issue = (code: string, message: string, path: string[] = ['x'], origin?: string) => ({
      code,
      message,
      path,
      origin,
    });
    expect(fieldFailureOf(issue('custom', 'Coupon name required'), 'x')).toEqual({
      msg: 'Coupon name required',
      code: 'COUPON_NAME_REQUIRED',
    });
    expect(fieldFailureOf(issue('invalid_type', 'Invalid input: expected string'), undefined).code).toBe(
      'VALUE_REQUIRED',
    );
    expect(fieldFailureOf(issue('invalid_type', 'Invalid input: expected string'), 5)).toEqual({
      msg: apiFailures.valueTypeInvalid.message,
      code: 'VALUE_TYPE_INVALID',
    });
    expect(fieldFailureOf(issue('invalid_type', 'Invalid input: expected object', []), 'x').code).toBe('BODY_INVALID');
    expect(fieldFailureOf(issue('too_big', 'Too big', ['x'], 'array'), []).code).toBe('VALUES_TOO_MANY');
    expect(fieldFailureOf(issue('too_big', 'Too big', ['x'], 'string'), 'x').code).toBe('VALUE_TOO_LONG');
    expect(fieldFailureOf(issue('invalid_format', 'Invalid string'), 'x').code).toBe('VALUE_INVALID');
  });
});

describe('the web’s Arabic for every code (src/web/i18n/api-errors.ts)', () => {
  it('has a text for each code of the catalogue, none missing and none unused', () => {
    const table = Object.keys(apiErrorTexts).sort();
    expect(table.filter((code) => !apiErrorCodes.includes(code as never))).toEqual([]);
    expect([...apiErrorCodes].sort().filter((code) => !table.includes(code))).toEqual([]);
  });

  it('says each in Arabic, with no English words', () => {
    const context = { phoneCountry: 'EG', details: { product: { id: 'p1', title: 'حذاء' } } };
    for (const code of apiErrorCodes) {
      const text = errorText(code, context);
      expect(text, code).toMatch(ARABIC);
      expect(text, code).not.toMatch(ENGLISH_WORD);
    }
  });

  it('says each field’s failure in its own words on that field, never in another code’s text', () => {
    const context = { phoneCountry: 'SA', details: {} };
    // BODY_INVALID's "field" is the whole body (not an object): the request itself is unreadable.
    const fieldKeys = keys.filter((key) => 'field' in apiFailures[key] && key !== 'bodyInvalid');
    for (const key of fieldKeys) {
      const code = codeOf(key);
      const own = errorText(code, context);
      const others = apiErrorCodes.filter((other) => other !== code).map((other) => errorText(other, context));
      expect(others, `${code} says another code’s text`).not.toContain(own);
      const { fieldErrors, formError } = formFailureFromApi(
        { status: 400, body: fieldErrorsBody(['field', key]) },
        ['field'],
        'SA',
      );
      expect({ fieldErrors, formError }, code).toEqual({ fieldErrors: { field: own }, formError: undefined });
    }
    // The tracking link has its own code, whose refusal says the link.
    expect(fieldKeys).toContain('trackingUrlInvalid');
    expect(errorText('TRACKING_URL_INVALID', context)).toContain('رابط التتبع');
  });

  it('names the product of a short stock from the field beside the code', () => {
    expect(
      errorText('STOCK_SHORT', { phoneCountry: 'EG', details: { product: { id: 'p1', title: 'قميص' } } }),
    ).toContain('قميص');
    expect(errorText('SOME_NEW_CODE', { phoneCountry: 'EG' })).toBeUndefined();
  });

  it('names what the seller lacks before onboarding with ZATCA in the settings page’s words', () => {
    const text = errorText('E_INVOICING_SELLER_INCOMPLETE', {
      phoneCountry: 'SA',
      details: { missing: ['vatNumber', 'street', 'not-a-requirement'] },
    });
    expect(text).toBe(`${ei.sellerMissing} ${st.missing.vatNumber}، ${st.missing.street}`);
    expect(errorText('E_INVOICING_SELLER_INCOMPLETE', { phoneCountry: 'SA', details: {} })).toBe(ei.sellerIncomplete);
  });

  it('says a server failure the API named (ZATCA or the payment provider unavailable), the rest as one', () => {
    const zatcaDown = { status: 502, body: { ...failBody('zatcaUnavailable'), status: 'error' as const } };
    expect(formFailureFromApi(zatcaDown, ['otp'], 'SA')).toEqual({ fieldErrors: {}, formError: ei.zatcaUnavailable });
    const internal = { status: 500, body: { ...failBody('internalError'), status: 'error' as const } };
    expect(formFailureFromApi(internal, ['otp'], 'SA').formError).toBe(
      errorText('INTERNAL_ERROR', { phoneCountry: 'SA' }),
    );
    expect(formFailureFromApi({ status: 502, body: undefined }, ['otp'], 'SA').formError).toBe(
      authText.somethingWentWrong,
    );
  });
});

describe('docs/api-errors.md', () => {
  it('lists every code of the catalogue as generated from it', () => {
    const document = readFileSync(API_ERRORS_DOC, 'utf8');
    // On failure: npx tsx scripts/api-errors-doc.ts
    expect(document).toBe(withSection(document, renderErrorCodes()));
    for (const code of apiErrorCodes) expect(document).toMatch(new RegExp(`\\| \`${code}\` +\\|`));
  });
});
