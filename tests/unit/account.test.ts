import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiFailureKey } from '../../src/contract/messages.js';
import type { ApiRequest, ApiResponse } from '../../src/contract/transport.js';
import { currentMark, menuPages, sidebarPages } from '../../src/web/components/account-pages.js';
import { at } from '../../src/web/i18n/account.js';
import { authText } from '../../src/web/i18n/auth.js';
import { isPasswordChanged, paymentMethodLabel, unlessPasswordChanged } from '../../src/web/lib/account.js';
import {
  addressBody,
  addressDefaults,
  addressFields,
  passwordFields,
  profileBody,
  profileFields,
  profileWording,
} from '../../src/web/lib/account-form.js';
import { validateAddress, validateChangePassword, validateProfile } from '../../src/web/lib/account-validation.js';
import { formFailureFromApi } from '../../src/web/lib/api-errors.js';
import { shownAsFavorite } from '../../src/web/lib/favorites.js';
import { plural } from '../../src/web/lib/plural.js';
import { parseFlashToast } from '../../src/web/lib/toast.js';
import { loader as ordersLoader } from '../../src/web/routes/user-orders.js';
import { action as wishlistAction } from '../../src/web/routes/wishlist.js';
import { failBody, fieldErrorsBody } from '../helpers/failures.js';

const address = { alias: 'المنزل', details: 'شارع التحرير 5', phone: '01012345678', city: 'القاهرة', postalCode: '' };
const EG_PHONE = authText.phoneInvalid('EG');

describe('the address form', () => {
  it('names every required field left empty, and only those', () => {
    expect(validateAddress({ alias: ' ', details: '', phone: '', city: '  ', postalCode: '' }, 'EG')).toEqual({
      alias: at.aliasRequired,
      details: at.detailsRequired,
      phone: authText.phoneRequired,
      city: at.cityRequired,
    });
    expect(validateAddress(address, 'EG')).toEqual({});
  });

  it('checks the phone by the shop’s country, Arabic-Indic digits included', () => {
    expect(validateAddress({ ...address, phone: '12' }, 'EG')).toEqual({ phone: EG_PHONE });
    expect(validateAddress({ ...address, phone: '٠١٠١٢٣٤٥٦٧٨' }, 'EG')).toEqual({});
    expect(validateAddress({ ...address, phone: '0512345678' }, 'SA')).toEqual({});
    expect(validateAddress({ ...address, phone: '0512345678' }, 'EG')).toEqual({ phone: EG_PHONE });
  });

  it('keeps to the API’s lengths', () => {
    expect(
      validateAddress(
        {
          ...address,
          alias: 'أ'.repeat(51),
          details: 'ب'.repeat(501),
          city: 'ج'.repeat(81),
          postalCode: '1'.repeat(21),
        },
        'EG',
      ),
    ).toEqual({
      alias: at.aliasTooLong,
      details: at.detailsTooLong,
      city: at.cityTooLong,
      postalCode: at.postalCodeTooLong,
    });
  });

  it('sends trimmed values with the postal code in ASCII digits', () => {
    expect(addressBody({ ...address, alias: ' العمل ', postalCode: ' ١٢٣٤٥ ' })).toEqual({
      ...address,
      alias: 'العمل',
      postalCode: '12345',
    });
  });

  it('starts from the saved address, or from the shop’s city and the customer’s phone', () => {
    const fallback = { city: 'الرياض', postalCode: '12211', phone: '+966551234567', phoneCountry: 'SA' };
    expect(addressDefaults(null, fallback)).toEqual({
      alias: '',
      details: '',
      phone: '+966 55 123 4567',
      city: 'الرياض',
      postalCode: '12211',
    });
    // A saved number shows readably, another market's too.
    expect(addressDefaults({ ...address, phone: '+201012345678', _id: 'a1', id: 'a1' }, fallback)).toEqual({
      ...address,
      phone: '+20 10 1234 5678',
    });
  });
});

describe('the profile form', () => {
  const profile = { name: 'سارة', phone: '01012345678', email: 'sara@example.com' };

  it('requires name, phone and e-mail, each with its own message', () => {
    expect(validateProfile({ name: '', phone: ' ', email: '' }, 'EG')).toEqual({
      name: authText.nameRequired,
      phone: authText.phoneRequired,
      email: authText.emailRequired,
    });
    expect(validateProfile({ ...profile, phone: '123', email: 'sara@' }, 'EG')).toEqual({
      phone: EG_PHONE,
      email: authText.emailInvalid,
    });
    expect(validateProfile(profile, 'EG')).toEqual({});
  });

  it('sends the e-mail only when it changed (docs/specification.md (Validation rules: Profile and password))', () => {
    expect(profileBody({ ...profile, email: ' Sara@Example.com ' }, 'sara@example.com')).toEqual({
      name: 'سارة',
      phone: '01012345678',
    });
    expect(profileBody({ ...profile, name: ' سارة علي ', email: 'new@example.com' }, 'sara@example.com')).toEqual({
      name: 'سارة علي',
      phone: '01012345678',
      email: 'new@example.com',
    });
  });
});

describe('the change-password form', () => {
  it('requires all three, a long enough new password and its confirmation', () => {
    expect(validateChangePassword({ currentPassword: '', password: '', passwordConfirm: '' })).toEqual({
      currentPassword: at.currentPasswordRequired,
      password: authText.passwordRequired,
      passwordConfirm: authText.passwordConfirmRequired,
    });
    expect(validateChangePassword({ currentPassword: 'x', password: 'short', passwordConfirm: 'short' })).toEqual({
      password: authText.passwordTooShort,
    });
    expect(
      validateChangePassword({ currentPassword: 'x', password: 'long-enough-1', passwordConfirm: 'long-enough-2' }),
    ).toEqual({ passwordConfirm: authText.passwordMismatch });
    expect(
      validateChangePassword({ currentPassword: 'x', password: 'long-enough-1', passwordConfirm: 'long-enough-1' }),
    ).toEqual({});
  });
});

describe('API messages on the account forms', () => {
  const fieldError = (param: string, key: ApiFailureKey) => ({ status: 400, body: fieldErrorsBody([param, key]) });

  it('puts each address message on its field in Arabic', () => {
    expect(formFailureFromApi(fieldError('alias', 'aliasRequired'), addressFields, 'EG')).toEqual({
      fieldErrors: { alias: at.aliasRequired },
    });
    expect(formFailureFromApi(fieldError('city', 'cityTooLong'), addressFields, 'EG')).toEqual({
      fieldErrors: { city: at.cityTooLong },
    });
    expect(formFailureFromApi(fieldError('phone', 'phoneInvalid'), addressFields, 'EG')).toEqual({
      fieldErrors: { phone: EG_PHONE },
    });
    const limit = { status: 400, body: failBody('addressLimit') };
    expect(formFailureFromApi(limit, addressFields, 'EG')).toEqual({ fieldErrors: {}, formError: at.tooManyAddresses });
  });

  it('words a taken e-mail the profile’s way, and a wrong current password on its field', () => {
    const taken = fieldError('email', 'emailInUse');
    expect(formFailureFromApi(taken, profileFields, 'EG', profileWording)).toEqual({
      fieldErrors: { email: 'البريد الإلكتروني مسجل مسبقاً' },
    });
    // Sign-up keeps its own wording.
    expect(formFailureFromApi(taken, profileFields, 'EG').fieldErrors.email).toBe(authText.emailInUse);
    expect(formFailureFromApi(fieldError('currentPassword', 'currentPasswordIncorrect'), passwordFields, 'EG')).toEqual(
      { fieldErrors: { currentPassword: 'كلمة المرور الحالية غير صحيحة' } },
    );
  });

  it('says a common password is refused on its field, and names which limit a 429 hit', () => {
    expect(formFailureFromApi(fieldError('password', 'passwordTooCommon'), passwordFields, 'EG')).toEqual({
      fieldErrors: { password: 'كلمة المرور هذه شائعة وسهلة التخمين، اختر كلمة مرور أخرى' },
    });
    expect(formFailureFromApi({ status: 429, body: failBody('resetCodesTooMany') }, ['email'], 'EG')).toEqual({
      fieldErrors: { email: authText.resetCodeTooMany },
    });
    expect(formFailureFromApi({ status: 429, body: failBody('tooManyRequests') }, ['email'], 'EG')).toEqual({
      fieldErrors: {},
      formError: authText.tooManyRequests,
    });
    const unheardOf = { status: 'fail', message: 'Some limit we never heard of', code: 'SOME_NEW_LIMIT' } as never;
    expect(formFailureFromApi({ status: 429, body: unheardOf }, ['email'], 'EG')).toEqual({
      fieldErrors: {},
      formError: authText.tooManyRequests,
    });
  });
});

describe('account helpers', () => {
  it('labels the payment method as docs/specification.md (Limits and page sizes) says', () => {
    expect(paymentMethodLabel('cash')).toBe('الدفع عند الاستلام');
    expect(paymentMethodLabel('card')).toBe('بطاقة');
    expect(paymentMethodLabel('anything else')).toBe('بطاقة');
  });

  it('counts orders in Arabic plural forms', () => {
    expect([0, 1, 2, 3, 11, 100].map((n) => plural(n, at.orderCount))).toEqual([
      'ليس لديك أي طلبات بعد',
      'لديك طلب واحد',
      'لديك طلبان',
      'لديك 3 طلبات',
      'لديك 11 طلباً',
      'لديك 100 طلب',
    ]);
  });

  it('shows a heart by the pending click first, then by the server', () => {
    expect(shownAsFavorite(false, 'add')).toBe(true);
    expect(shownAsFavorite(true, 'remove')).toBe(false);
    expect(shownAsFavorite(true, undefined)).toBe(true);
    expect(shownAsFavorite(false, null)).toBe(false);
  });

  it('skips reloading guarded data only after a password change', () => {
    expect(isPasswordChanged({ passwordChanged: true })).toBe(true);
    expect(isPasswordChanged({ intent: 'password', ok: false })).toBe(false);
    expect(unlessPasswordChanged({ actionResult: { passwordChanged: true }, defaultShouldRevalidate: true })).toBe(
      false,
    );
    expect(
      unlessPasswordChanged({ actionResult: { intent: 'profile', ok: true }, defaultShouldRevalidate: true }),
    ).toBe(true);
    expect(unlessPasswordChanged({ defaultShouldRevalidate: false })).toBe(false);
  });

  it('orders the sidebar and the menu as docs/specification.md (Screens and routes) lists them, and marks the current entry', () => {
    expect(sidebarPages.map((p) => p.to)).toEqual([
      '/user/allOrders',
      '/user/favorite',
      '/user/address',
      '/user/user-profile',
    ]);
    expect(menuPages.map((p) => p.to)).toEqual([
      '/user/user-profile',
      '/user/allOrders',
      '/user/favorite',
      '/user/address',
    ]);
    expect(currentMark('/user/address', '/user/address')).toBe('page');
    expect(currentMark('/user/address', '/user/add-address')).toBe('true');
    expect(currentMark('/user/address', '/user/edit-address/abc')).toBe('true');
    expect(currentMark('/user/allOrders', '/user/address')).toBeUndefined();
  });
});

/** A context whose API answers from `answer`, recording the calls. */
function fakeContext(answer: (request: ApiRequest) => ApiResponse) {
  const calls: ApiRequest[] = [];
  const context = {
    shop: { name: 'متجر', currency: 'SAR', phoneCountry: 'EG', publicUrl: 'http://shop.test', defaultCity: 'القاهرة' },
    apiTransport: async (request: ApiRequest) => {
      calls.push(request);
      return answer(request);
    },
  } as unknown as AppLoadContext;
  return { calls, context };
}
const customer = { _id: 'u1', id: 'u1', name: 'سارة', email: 's@example.com', phone: '01012345678', role: 'user' };
const signedIn = (url: string, init: RequestInit = {}) =>
  new Request(url, { ...init, headers: { cookie: 'matjar_session=tok', ...init.headers } });
const flashOf = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('matjar_toast='));
  return parseFlashToast(decodeURIComponent(cookie?.split(';')[0]?.split('=').slice(1).join('=') ?? ''));
};

describe('the hearts’ action', () => {
  const post = (fields: Record<string, string>, cookie = true) => {
    const init = { method: 'POST', body: new URLSearchParams(fields) };
    return cookie ? signedIn('http://shop.test/wishlist', init) : new Request('http://shop.test/wishlist', init);
  };
  const run = (request: Request, context: AppLoadContext) =>
    wishlistAction({ request, context, params: {} } as Parameters<typeof wishlistAction>[0]);

  it('sends a guest’s plain form post to sign in, back to the page, with the Arabic message', async () => {
    const { calls, context } = fakeContext(() => ({ status: 200, body: {} }));
    const response = (await run(
      post({ intent: 'add', productId: 'p1', redirectTo: '/products?page=2' }, false),
      context,
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Fproducts%3Fpage%3D2');
    expect(flashOf(response)).toMatchObject({ type: 'error', text: 'يجب تسجيل الدخول أولاً' });
    expect(calls).toEqual([]);
  });

  it('adds and removes through the API, answering a fetcher with the outcome', async () => {
    const { calls, context } = fakeContext(() => ({ status: 200, body: { status: 'success', data: [] } }));
    const added = await run(post({ intent: 'add', productId: 'p1', js: '1' }), context);
    expect(added).toMatchObject({ data: { ok: true, intent: 'add' } });
    await run(post({ intent: 'remove', productId: 'p1', js: '1' }), context);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /wishlist', 'DELETE /wishlist/p1']);
    expect(calls[0]?.body).toEqual({ productId: 'p1' });
  });

  it('turns refusals into messages and never sends a malformed intent', async () => {
    const gone = fakeContext(() => ({ status: 404, body: failBody('productNotFound') }));
    expect(await run(post({ intent: 'add', productId: 'p1', js: '1' }), gone.context)).toMatchObject({
      data: { ok: false, problem: 'productGone' },
      init: { status: 404 },
    });
    const staff = fakeContext(() => ({ status: 403, body: failBody('forbidden') }));
    expect(await run(post({ intent: 'add', productId: 'p1', js: '1' }), staff.context)).toMatchObject({
      data: { ok: false, problem: 'customersOnly' },
    });
    expect(await run(post({ intent: 'toggle', productId: 'p1', js: '1' }), staff.context)).toMatchObject({
      data: { ok: false, problem: 'failed' },
      init: { status: 400 },
    });
    expect(staff.calls).toHaveLength(1);
  });
});

describe('the orders page', () => {
  const load = (request: Request, context: ReturnType<typeof fakeContext>['context']) =>
    ordersLoader({ request, context, params: {} } as Parameters<typeof ordersLoader>[0]).catch(
      (thrown: unknown) => thrown,
    ) as Promise<Response>;

  it('a missing or garbled checkout is never said to be paid: it says so once, then drops ?paid=1', async () => {
    for (const query of ['paid=1&page=2', 'paid=1&checkout=not-a-checkout&page=2']) {
      const { calls, context } = fakeContext(() => ({ status: 200, body: { data: customer } }));
      const response = await load(signedIn(`http://shop.test/user/allOrders?${query}`), context);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/user/allOrders?page=2');
      expect(flashOf(response)).toMatchObject({ type: 'error', text: at.paymentUnknown });
      // Only the guard asked the API: a garbled id is not looked up; the orders load after the redirect.
      expect(calls.map((c) => c.path)).toEqual(['/users/getMe']);
    }
  });

  it('a checkout the API does not know for this customer (404) says so too', async () => {
    const unknown = '0b6f1c2e-8d4a-4f3b-9c5e-7a1d2e3f4b5c';
    const { calls, context } = fakeContext((call) =>
      call.path === '/users/getMe'
        ? { status: 200, body: { data: customer } }
        : { status: 404, body: failBody('checkoutNotFound') },
    );
    const response = await load(signedIn(`http://shop.test/user/allOrders?paid=1&checkout=${unknown}`), context);
    expect(response.headers.get('location')).toBe('/user/allOrders');
    expect(flashOf(response)).toMatchObject({ type: 'error', text: at.paymentUnknown });
    expect(calls.map((c) => c.path)).toEqual(['/users/getMe', `/payments/checkouts/${unknown}`]);
  });
});
