import fc from 'fast-check';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiFailureKey } from '../../src/contract/messages.js';
import { isValidPhone, PHONE_COUNTRIES } from '../../src/contract/phone.js';
import type { ApiRequest } from '../../src/contract/transport.js';
import { authText, phoneExamples } from '../../src/web/i18n/auth.js';
import { formFailureFromApi } from '../../src/web/lib/api-errors.js';
import { getOptionalUser, requireAnonymous, requireUser } from '../../src/web/lib/auth.server.js';
import { loginFields, registerFields, resetPasswordFields, verifyCodeFields } from '../../src/web/lib/auth-form.js';
import {
  validateLogin,
  validateRegister,
  validateResetPassword,
  validateVerifyCode,
} from '../../src/web/lib/auth-validation.js';
import { formValues, hasErrors } from '../../src/web/lib/form.js';
import { landingAfterSignIn, safeRedirect, withRedirectTo } from '../../src/web/lib/redirect.js';
import {
  clearSessionCookie,
  readSessionToken,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../src/web/lib/session.server.js';
import { parseFlashToast } from '../../src/web/lib/toast.js';
import { redirectWithToast, takeFlashToast } from '../../src/web/lib/toast.server.js';
import { failBody, fieldErrorsBody } from '../helpers/failures.js';

describe('landingAfterSignIn', () => {
  it('sends staff to the dashboard and customers to the front page, unless a page was asked for', () => {
    expect(landingAfterSignIn('/', 'admin')).toBe('/admin');
    expect(landingAfterSignIn(null, 'admin')).toBe('/admin');
    expect(landingAfterSignIn('//evil.test', 'admin')).toBe('/admin');
    expect(landingAfterSignIn('/', 'user')).toBe('/');
    expect(landingAfterSignIn('/admin/allorders?page=2', 'admin')).toBe('/admin/allorders?page=2');
    expect(landingAfterSignIn('/cart', 'user')).toBe('/cart');
  });

  it('sends a member of staff to the orders, not the dashboard and its money figures (docs/staff.md)', () => {
    expect(landingAfterSignIn('/', 'staff')).toBe('/admin/allorders');
    expect(landingAfterSignIn('/admin/allproducts', 'staff')).toBe('/admin/allproducts');
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/products/abc')).toBe('/products/abc');
    expect(safeRedirect('/products?page=2&sort=-price#top')).toBe('/products?page=2&sort=-price#top');
    expect(safeRedirect('/user/allOrders')).toBe('/user/allOrders');
  });

  it('refuses absolute, protocol-relative and disguised URLs', () => {
    for (const bad of [
      'https://evil.example/',
      'http:evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      ' /products',
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe('/');
    }
  });

  /** Tricky `redirectTo` values from the attack on the shop and the usual open-redirect lists. */
  const disguised = [
    '/.//evil.example/phish',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/a/%2e%2e//evil.example',
    '/./\\evil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '/%2F%2Fevil.example',
    '/%2fevil.example',
    '/%2e%2e/%2fevil.example',
    '/\t/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/\u0000/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '\\/evil.example',
    '/%252e//evil.example',
  ];

  /** What every answer must be: a path on this site that no browser reads as another host. */
  const expectSameSitePath = (input: string, result: string) => {
    const base = 'http://same-site.invalid';
    expect(result.startsWith('/'), JSON.stringify(input)).toBe(true);
    expect(result.startsWith('//') || result.startsWith('/\\'), JSON.stringify(input)).toBe(false);
    expect(new URL(result, base).origin, JSON.stringify(input)).toBe(base);
    // Normalised already: reading it again changes nothing.
    expect(safeRedirect(result), JSON.stringify(input)).toBe(result);
  };

  it('normalises before checking, so dot segments, encodings and control characters cannot hide a host', () => {
    for (const input of disguised) {
      const result = safeRedirect(input);
      expectSameSitePath(input, result);
      // None of these is a path of the shop: each is odd, and goes home.
      expect(result, JSON.stringify(input)).toBe('/');
    }
    // Percent-encoded text that is not a slash, a dot or a control character is an ordinary path.
    expect(safeRedirect('/products?keyword=%D9%87%D8%A7%D8%AA%D9%81')).toBe(
      '/products?keyword=%D9%87%D8%A7%D8%AA%D9%81',
    );
    expect(safeRedirect('/products?keyword=1%2F2')).toBe('/products?keyword=1%2F2');
    // A scheme inside a path is only a path of this site.
    expect(safeRedirect('/javascript:alert(1)')).toBe('/javascript:alert(1)');
  });

  it('always answers a same-site path, whatever pieces the input is made of (generated)', () => {
    // Mostly inputs that pass the first look (a leading slash), made of slashes and dots: the
    // characters refused outright (backslashes, tabs) would end most inputs early.
    const piece = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('/', '.', '..', '%2e', 'evil.example') },
      { weight: 1, arbitrary: fc.constantFrom('\\', '%2f', '%5c', '%09', '\t', ':', '?', '#', '@') },
    );
    const input = fc.tuple(fc.constantFrom('/', '/', '/', ''), fc.array(piece, { maxLength: 8 }));
    fc.assert(
      fc.property(input, ([start, pieces]) => {
        const text = start + pieces.join('');
        expectSameSitePath(text, safeRedirect(text));
      }),
      { seed: 20260601, numRuns: 5000 },
    );
  });

  it('falls back for anything that is not a string', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(['/a'])).toBe('/');
    expect(safeRedirect(null, '/login')).toBe('/login');
  });

  it('keeps redirectTo on links only when it leads somewhere', () => {
    expect(withRedirectTo('/login', '/')).toBe('/login');
    expect(withRedirectTo('/login', '/products/1?x=1')).toBe('/login?redirectTo=%2Fproducts%2F1%3Fx%3D1');
  });
});

describe('form validation (docs/specification.md (Validation rules), docs/decisions/0005-invalid-forms-not-sent.md)', () => {
  const empty = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, '']));

  it('requires every sign-up field with its own Arabic message', () => {
    expect(validateRegister(empty(registerFields) as never, 'EG')).toEqual({
      name: 'الاسم مطلوب',
      email: 'البريد الإلكتروني مطلوب',
      phone: 'رقم الجوال مطلوب',
      password: 'كلمة المرور مطلوبة',
      passwordConfirm: 'تأكيد كلمة المرور مطلوب',
    });
  });

  it('treats blank text as empty but a password of spaces as typed', () => {
    const errors = validateRegister(
      { name: '  ', email: ' a@b.co ', phone: '01012345678', password: '   ', passwordConfirm: '   ' },
      'EG',
    );
    // The spaces are a password (too short), not a missing one.
    expect(errors).toEqual({ name: authText.nameRequired, password: authText.passwordTooShort });
  });

  it('checks what the API checks: the e-mail’s and the phone’s form, the password’s length', () => {
    const base = { name: 'سارة', password: 'Secret-1!', passwordConfirm: 'Secret-1!' };
    expect(validateRegister({ ...base, email: 'a@', phone: '010' }, 'EG')).toEqual({
      email: authText.emailInvalid,
      phone: authText.phoneInvalid('EG'),
    });
    expect(validateRegister({ ...base, email: 'a@b.co', phone: '0512345678' }, 'SA')).toEqual({});
    expect(validateRegister({ ...base, email: 'a@b.co', phone: '01012345678', password: 'short' }, 'EG')).toEqual({
      password: authText.passwordTooShort,
    });
  });

  it('reports a confirmation that differs, only when both are typed', () => {
    const base = { name: 'سارة', email: 'a@b.co', phone: '01012345678' };
    expect(validateRegister({ ...base, password: 'Secret-1!', passwordConfirm: 'Secret-2!' }, 'EG')).toEqual({
      passwordConfirm: 'كلمتا المرور غير متطابقتين',
    });
    expect(validateRegister({ ...base, password: 'Secret-1!', passwordConfirm: '' }, 'EG')).toEqual({
      passwordConfirm: authText.passwordConfirmRequired,
    });
    expect(hasErrors(validateRegister({ ...base, password: 'Secret-1!', passwordConfirm: 'Secret-1!' }, 'EG'))).toBe(
      false,
    );
  });

  it('checks the sign-in, code and new-password forms', () => {
    expect(validateLogin(empty(loginFields) as never)).toEqual({
      email: authText.emailRequired,
      password: authText.passwordRequired,
    });
    expect(validateVerifyCode(empty(verifyCodeFields) as never)).toEqual({ resetCode: 'الرمز مطلوب' });
    expect(validateResetPassword(empty(resetPasswordFields) as never)).toEqual({
      newPassword: authText.passwordRequired,
      passwordConfirm: authText.passwordConfirmRequired,
    });
    expect(validateResetPassword({ newPassword: 'abcdefgh', passwordConfirm: 'abcdefgX' })).toEqual({
      passwordConfirm: authText.passwordMismatch,
    });
  });

  it('reads form fields as text, missing ones as empty', () => {
    const form = new FormData();
    form.set('email', 'a@b.co');
    form.set('password', new Blob(['x']));
    expect(formValues(form, loginFields)).toEqual({ email: 'a@b.co', password: '' });
  });
});

describe('API messages in Arabic on the right field', () => {
  const validation = (...errors: [param: string, key: ApiFailureKey][]) => ({
    status: 400,
    body: fieldErrorsBody(...errors),
  });

  it('maps sign-up messages to their fields', () => {
    const failure = formFailureFromApi(
      validation(['email', 'emailInUse'], ['phone', 'phoneInvalid'], ['password', 'passwordTooShort']),
      registerFields,
      'EG',
    );
    expect(failure).toEqual({
      fieldErrors: {
        email: 'هذا البريد الإلكتروني مستخدم بالفعل',
        phone: 'رقم الجوال غير صالح، أدخل رقم جوال من مصر',
        password: 'يجب ألا تقل كلمة المرور عن 8 أحرف',
      },
    });
    expect(formFailureFromApi(validation(['email', 'emailInvalid']), registerFields, 'EG').fieldErrors).toEqual({
      email: 'البريد الإلكتروني غير صالح',
    });
    expect(
      formFailureFromApi(validation(['passwordConfirm', 'passwordConfirmMismatch']), registerFields, 'EG').fieldErrors,
    ).toEqual({ passwordConfirm: authText.passwordMismatch });
  });

  it('names the configured phone country', () => {
    expect(formFailureFromApi(validation(['phone', 'phoneInvalid']), registerFields, 'SA').fieldErrors.phone).toBe(
      'رقم الجوال غير صالح، أدخل رقم جوال من المملكة العربية السعودية',
    );
  });

  it('keeps the first message of a field and uses a plain one for unknown messages', () => {
    const failure = formFailureFromApi(
      {
        status: 400,
        body: {
          errors: [
            ...fieldErrorsBody(['email', 'emailRequired'], ['email', 'emailInvalid']).errors,
            { msg: 'some new rule', param: 'name', location: 'body', code: 'SOME_NEW_RULE' as never },
          ],
        },
      },
      registerFields,
      'EG',
    );
    expect(failure.fieldErrors).toEqual({ email: authText.emailRequired, name: 'القيمة غير صالحة' });
  });

  it('puts message-only failures on their field when the form has it', () => {
    const unknownEmail = { status: 404, body: failBody('resetEmailUnknown') };
    expect(formFailureFromApi(unknownEmail, ['email'] as const, 'EG')).toEqual({
      fieldErrors: { email: 'هذا البريد الإلكتروني غير مسجّل لدينا' },
    });
    const wrongCode = { status: 400, body: failBody('resetCodeInvalid') };
    expect(formFailureFromApi(wrongCode, verifyCodeFields, 'EG')).toEqual({
      fieldErrors: { resetCode: 'هذا الرمز غير صحيح، يرجى التحقق منه' },
    });
    // The reset form has no e-mail field: the same message is about the whole form.
    expect(formFailureFromApi(unknownEmail, resetPasswordFields, 'EG')).toEqual({
      fieldErrors: {},
      formError: authText.emailUnknown,
    });
  });

  it('explains an unverified code, throttling and server failures for the whole form', () => {
    const notVerified = { status: 400, body: failBody('resetCodeNotVerified') };
    expect(formFailureFromApi(notVerified, resetPasswordFields, 'EG').formError).toBe('الرمز غير صحيح');
    const throttled = { status: 429, body: failBody('tooManyRequests') };
    expect(formFailureFromApi(throttled, registerFields, 'EG').formError).toBe(authText.tooManyRequests);
    const crashed = { status: 500, body: { ...failBody('internalError'), status: 'error' as const } };
    expect(formFailureFromApi(crashed, registerFields, 'EG').formError).toBe(authText.somethingWentWrong);
    expect(formFailureFromApi({ status: 502, body: undefined }, registerFields, 'EG').formError).toBe(
      authText.somethingWentWrong,
    );
    const unknown = { status: 400, body: { status: 'fail', message: 'Something new', code: 'SOMETHING_NEW' } as never };
    expect(formFailureFromApi(unknown, registerFields, 'EG').formError).toBe(authText.somethingWentWrong);
  });
});

describe('phone hints', () => {
  it('shows a valid example number for every supported country', () => {
    for (const country of PHONE_COUNTRIES) {
      expect(isValidPhone(phoneExamples[country], country), country).toBe(true);
    }
  });
});

describe('cookies', () => {
  const http = new Request('http://shop.test/login');
  const https = new Request('https://shop.test/login');

  it('keeps the session httpOnly, SameSite=Lax, site-wide for 30 days; Secure over https', () => {
    const cookie = setSessionCookie(http, 'a.b.c');
    expect(cookie).toBe(`${SESSION_COOKIE}=a.b.c; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`);
    expect(setSessionCookie(https, 'a.b.c')).toMatch(/; Secure$/);
    expect(clearSessionCookie(http)).toMatch(/^matjar_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
  });

  it('reads the session token among other cookies', () => {
    const request = new Request('http://shop.test/', { headers: { cookie: 'a=1; matjar_session=x.y.z; b=2' } });
    expect(readSessionToken(request)).toBe('x.y.z');
    expect(readSessionToken(new Request('http://shop.test/', { headers: { cookie: 'matjar_session=%E0' } }))).toBe(
      undefined,
    );
  });

  it('carries a toast across a redirect once', () => {
    const response = redirectWithToast(http, '/', { type: 'success', text: 'تم' }, ['other=1; Path=/']);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toBe('other=1; Path=/');
    const toastCookie = cookies[1]?.split(';')[0] ?? '';
    const next = new Request('http://shop.test/', { headers: { cookie: toastCookie } });
    const { toast, headers } = takeFlashToast(next);
    expect(toast).toMatchObject({ type: 'success', text: 'تم' });
    expect(headers.getSetCookie()[0]).toMatch(/^matjar_toast=; Path=\/; Max-Age=0; HttpOnly/);
    expect(takeFlashToast(new Request('http://shop.test/')).headers.getSetCookie()).toEqual([]);
  });

  it('drops malformed toasts instead of showing them', () => {
    expect(parseFlashToast(undefined)).toBeNull();
    expect(parseFlashToast('not json')).toBeNull();
    expect(parseFlashToast('{"id":"1","type":"danger","text":"x"}')).toBeNull();
    expect(parseFlashToast('{"id":"1","type":"info","text":""}')).toBeNull();
    expect(parseFlashToast(JSON.stringify({ id: '1', type: 'info', text: 'x'.repeat(301) }))).toBeNull();
    expect(parseFlashToast('{"id":"1","type":"error","text":"خطأ"}')).toEqual({ id: '1', type: 'error', text: 'خطأ' });
  });
});

describe('who is signed in', () => {
  const user = { _id: 'u1', id: 'u1', name: 'سارة', email: 's@example.com', phone: '01012345678', role: 'user' };
  const shop = { name: 'متجر', currency: 'SAR', phoneCountry: 'EG', publicUrl: 'http://shop.test' };
  const calls: ApiRequest[] = [];
  const context = (status: number) =>
    ({
      shop,
      apiTransport: async (request: ApiRequest) => {
        calls.push(request);
        return status === 200 ? { status, body: { data: user } } : { status, body: { status: 'fail', message: 'x' } };
      },
    }) as unknown as AppLoadContext;
  const withCookie = (path = '/') =>
    new Request(`http://shop.test${path}`, { headers: { cookie: 'matjar_session=tok' } });
  const thrown = async (promise: Promise<unknown>) => promise.then(() => undefined).catch((error: unknown) => error);

  it('asks the API only when a session cookie is there, and forgets a token it refuses', async () => {
    calls.length = 0;
    expect(await getOptionalUser(new Request('http://shop.test/'), context(200))).toBeNull();
    expect(calls).toEqual([]);
    expect(await getOptionalUser(withCookie(), context(200))).toEqual(user);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/users/getMe', token: 'tok' });
    expect(await getOptionalUser(withCookie(), context(401))).toBeNull();
  });

  it('sends signed-in visitors away from the guest pages', async () => {
    const response = (await thrown(requireAnonymous(withCookie('/login'), context(200)))) as Response;
    expect(response.headers.get('location')).toBe('/');
    expect(await thrown(requireAnonymous(withCookie('/login'), context(401)))).toBeUndefined();
  });

  it('sends guests to sign-in and back, and the wrong role home', async () => {
    const guest = (await thrown(
      requireUser(new Request('http://shop.test/user/favorite?page=2'), context(200)),
    )) as Response;
    expect(guest.headers.get('location')).toBe('/login?redirectTo=%2Fuser%2Ffavorite%3Fpage%3D2');
    const customer = (await thrown(requireUser(withCookie('/admin/allorders'), context(200), 'admin'))) as Response;
    expect(customer.headers.get('location')).toBe('/');
    expect(await requireUser(withCookie('/user/favorite'), context(200), 'user')).toEqual(user);
  });
});
