import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { passwordResets, users } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const responses: LightMyRequestResponse[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Whatever a test sends, the server never answers with a 5xx.
afterEach(() => {
  const failures = responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`);
  responses.length = 0;
  expect(failures).toEqual([]);
});

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token?: string) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  responses.push(res);
  return res;
}

const uniqueEmail = (prefix = 'u') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'Secret-pass-1';
/** A Saudi shop (the default SHOP_COUNTRY) names its own rule (docs/api-errors.md). */
const SA_PHONE_INVALID =
  "accept only Saudi Arabia mobile numbers, or another supported Arab country's mobile number with its country code (+…)";

function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'سارة أحمد',
    email: uniqueEmail('signup'),
    phone: '0551234567',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    ...overrides,
  };
}

const USER_KEYS = ['_id', 'id', 'name', 'email', 'phone', 'role', 'createdAt'];

function expectPublicUser(user: Record<string, unknown>) {
  for (const key of USER_KEYS) expect(user).toHaveProperty(key);
  expect(user._id).toBe(user.id);
  expect(Number.isNaN(Date.parse(String(user.createdAt)))).toBe(false);
  const text = JSON.stringify(user);
  for (const secret of ['passwordHash', 'password_hash', 'tokenVersion', 'token_version', 'password']) {
    expect(text).not.toContain(`"${secret}"`);
  }
}

/** The first validation error of a 400 `{ errors }` body. */
function firstError(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(Array.isArray(body.errors)).toBe(true);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const error of body.errors) {
    expect(typeof error.msg).toBe('string');
    expect(typeof error.param).toBe('string');
    expect(error.location).toBe('body');
  }
  return body.errors[0] as { value?: unknown; msg: string; param: string; location: string };
}

function expectFail(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.status).toBe('fail');
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
}

/** Mails written to the outbox for one address, oldest first. */
function outboxFor(email: string): { to: string; subject: string; text: string; file: string }[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((file) => ({ file, ...JSON.parse(readFileSync(path.join(dir, file), 'utf8')) }))
    .filter((mail) => mail.to === email)
    .sort((a, b) => (a.sentAt === b.sentAt ? 0 : a.sentAt < b.sentAt ? -1 : 1));
}

/** Asks for a reset code and reads it from the mail that request wrote. */
async function requestResetCode(email: string): Promise<string> {
  const before = new Set(outboxFor(email).map((mail) => mail.file));
  const res = await call('POST', '/auth/forgotPasswords', { email });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'Success', message: expect.any(String) });
  const fresh = outboxFor(email).filter((mail) => !before.has(mail.file));
  expect(fresh).toHaveLength(1);
  const mail = fresh[0];
  if (!mail) throw new Error('no mail');
  expect(mail.to).toBe(email);
  const code = mail.text.match(/\b\d{6}\b/)?.[0];
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.subject).toContain(code);
  return code as string;
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signup(overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const res = await call('POST', '/auth/signup', body);
  expect(res.statusCode).toBe(201);
  return { body, res: res.json() as { data: Record<string, unknown> & { id: string }; token: string } };
}

describe('POST /auth/signup', () => {
  it('creates a user and returns { data: user, token }', async () => {
    const body = signupBody();
    const res = await call('POST', '/auth/signup', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(['data', 'token']);
    expect(typeof json.token).toBe('string');
    expectPublicUser(json.data);
    expect(json.data).toMatchObject({ name: body.name, email: body.email, phone: '+966551234567', role: 'user' });
    // The token works.
    const me = await call('GET', '/users/getMe', undefined, json.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(json.data.id);
  });

  it('lower-cases the e-mail and stores a Saudi 05… number, typed in Arabic-Indic digits, as E.164', async () => {
    const email = uniqueEmail('MiXeD').toUpperCase();
    const { res } = await signup({ email: `  ${email} `, phone: '٠٥٥ ١٢٣ ٤٥٦٧' });
    expect(res.data.email).toBe(email.toLowerCase());
    expect(res.data.phone).toBe('+966551234567');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.data.id));
    expect(row?.email).toBe(email.toLowerCase());
    expect(row?.phone).toBe('+966551234567');
    // Signing in with any case of the address works.
    const login = await call('POST', '/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('never makes an admin, whatever the body says', async () => {
    const { res } = await signup({ role: 'admin' });
    expect(res.data.role).toBe('user');
  });

  it('reports the first error first, one per missing field, in field order', async () => {
    const res = await call('POST', '/auth/signup', {});
    const first = firstError(res);
    expect(first.msg).toBe(m.nameRequired);
    expect(first.param).toBe('name');
    const errors = res.json().errors as { msg: string; param: string }[];
    const params = errors.map((e) => e.param);
    expect([...new Set(params)]).toEqual(['name', 'email', 'phone', 'password', 'passwordConfirm']);
    const msgs = errors.map((e) => e.msg);
    for (const msg of [
      m.nameRequired,
      m.emailRequired,
      m.phoneRequired,
      m.passwordRequired,
      m.passwordConfirmRequired,
    ]) {
      expect(msgs).toContain(msg);
    }
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing name', { name: undefined }, 'name', 'name is required'],
    ['blank name', { name: '   ' }, 'name', 'name is required'],
    ['numeric name', { name: 42 }, 'name', 'name is required'],
    ['missing email', { email: undefined }, 'email', 'email is required'],
    ['empty email', { email: '' }, 'email', 'email is required'],
    ['bad email', { email: 'not-an-email' }, 'email', 'Invalid email formate'],
    ['email as array', { email: ['a@example.com'] }, 'email', 'email is required'],
    ['missing phone', { phone: undefined }, 'phone', 'phone is required'],
    ['null phone', { phone: null }, 'phone', 'phone is required'],
    ['egyptian phone without its code', { phone: '01012345678' }, 'phone', SA_PHONE_INVALID],
    ['short phone', { phone: '055123' }, 'phone', SA_PHONE_INVALID],
    ['numeric phone', { phone: 1012345678 }, 'phone', 'phone is required'],
    ['missing password', { password: undefined }, 'password', 'password is required'],
    ['empty password', { password: '', passwordConfirm: '' }, 'password', 'password is required'],
    ['short password', { password: 'short1', passwordConfirm: 'short1' }, 'password', 'must be at least 8 chars'],
    ['missing passwordConfirm', { passwordConfirm: undefined }, 'passwordConfirm', 'passwordConfirm is required'],
    [
      'different passwordConfirm',
      { passwordConfirm: 'Other-pass-2' },
      'passwordConfirm',
      'Password confirmation is incorrect',
    ],
  ];
  for (const [label, overrides, param, msg] of cases) {
    it(`400 for ${label}: '${msg}'`, async () => {
      const body: Record<string, unknown> = signupBody();
      for (const [key, value] of Object.entries(overrides)) {
        if (value === undefined) delete body[key];
        else body[key] = value;
      }
      const first = firstError(await call('POST', '/auth/signup', body));
      expect(first).toMatchObject({ msg, param, location: 'body' });
      if (body[param] !== undefined) expect(first.value).toEqual(body[param]);
    });
  }

  it("400 'E-mail already in use' for a taken address (any case)", async () => {
    const { body } = await signup();
    const res = await call('POST', '/auth/signup', signupBody({ email: body.email.toUpperCase() }));
    const first = firstError(res);
    expect(first).toMatchObject({ msg: 'E-mail already in use', param: 'email', location: 'body' });
    expect(first.value).toBe(body.email);
    const rows = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(1);
  });

  it('refuses bodies that are not objects', async () => {
    for (const payload of [[], ['x'], 'text', 42]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      responses.push(res);
      expect(res.statusCode).toBe(400);
    }
    const nullBody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    responses.push(nullBody);
    expect(nullBody.statusCode).toBe(400);
  });
});

describe('POST /auth/login', () => {
  it('returns { data: user, token } for the right password', async () => {
    const { body, res: created } = await signup();
    const res = await call('POST', '/auth/login', { email: body.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(['data', 'token']);
    expectPublicUser(json.data);
    expect(json.data.id).toBe(created.data.id);
    const me = await call('GET', '/users/getMe', undefined, json.token);
    expect(me.statusCode).toBe(200);
  });

  it("400 'Incorrect email or password' for a wrong password or an unknown e-mail", async () => {
    const { body } = await signup();
    expectFail(
      await call('POST', '/auth/login', { email: body.email, password: 'Wrong-pass-9' }),
      400,
      m.loginIncorrect,
    );
    expectFail(
      await call('POST', '/auth/login', { email: uniqueEmail('nobody'), password: PASSWORD }),
      400,
      'Incorrect email or password',
    );
  });

  it('validates the body', async () => {
    expect(firstError(await call('POST', '/auth/login', {})).msg).toBe(m.emailRequired);
    expect(firstError(await call('POST', '/auth/login', { email: 'x@example.com' })).msg).toBe(m.passwordRequired);
    expect(firstError(await call('POST', '/auth/login', { email: 'nope', password: 'x' })).msg).toBe(m.emailInvalid);
    expect(firstError(await call('POST', '/auth/login', { email: 'x@example.com', password: 12345678 })).msg).toBe(
      m.passwordRequired,
    );
  });
});

describe('password reset', () => {
  it('forgot → verify → reset: old password and old token stop working, new ones work', async () => {
    const { body, res: created } = await signup();
    const oldToken = created.token;
    const code = await requestResetCode(body.email);

    // Stored hashed, never in clear.
    const [reset] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, created.data.id));
    expect(reset?.codeHash).not.toContain(code);

    const verify = await call('POST', '/auth/verifyResetCode', { resetCode: code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ status: 'Success', resetToken: expect.stringMatching(/^[\w-]{43}$/) });

    const newPassword = 'Brand-new-pass-7';
    const reset1 = await call('PUT', '/auth/resetPassword', { email: body.email, newPassword });
    expect(reset1.statusCode).toBe(200);
    const { token } = reset1.json();
    expect(typeof token).toBe('string');
    expect(JSON.stringify(reset1.json())).not.toContain(code);

    expectFail(await call('POST', '/auth/login', { email: body.email, password: PASSWORD }), 400, m.loginIncorrect);
    const login = await call('POST', '/auth/login', { email: body.email, password: newPassword });
    expect(login.statusCode).toBe(200);

    expectFail(await call('GET', '/users/getMe', undefined, oldToken), 401);
    expect((await call('GET', '/users/getMe', undefined, token)).statusCode).toBe(200);
    expect((await call('GET', '/users/getMe', undefined, login.json().token)).statusCode).toBe(200);

    // Single use: the same verification cannot reset again, and the code is gone.
    expectFail(
      await call('PUT', '/auth/resetPassword', { email: body.email, newPassword: 'Another-pass-8' }),
      400,
      'reset code not verified',
    );
    expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: code }), 400);
    expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: code, email: body.email }), 400);
  });

  it('404 fail for an unknown e-mail, and no mail is written', async () => {
    const email = uniqueEmail('ghost');
    expectFail(await call('POST', '/auth/forgotPasswords', { email }), 404);
    expect(outboxFor(email)).toHaveLength(0);
  });

  it('validates the forgot/verify/reset bodies', async () => {
    expect(firstError(await call('POST', '/auth/forgotPasswords', {})).msg).toBe(m.emailRequired);
    expect(firstError(await call('POST', '/auth/forgotPasswords', { email: 'bad' })).msg).toBe(m.emailInvalid);
    expect(firstError(await call('POST', '/auth/verifyResetCode', {})).msg).toBe(m.resetCodeRequired);
    expect(firstError(await call('POST', '/auth/verifyResetCode', { resetCode: 123456 })).msg).toBe(
      m.resetCodeRequired,
    );
    expect(firstError(await call('PUT', '/auth/resetPassword', { newPassword: PASSWORD })).msg).toBe(m.emailRequired);
    expect(firstError(await call('PUT', '/auth/resetPassword', { email: 'a@example.com' })).msg).toBe(
      m.passwordRequired,
    );
    expect(
      firstError(await call('PUT', '/auth/resetPassword', { email: 'a@example.com', newPassword: 'short' })).msg,
    ).toBe(m.passwordTooShort);
  });

  it('400 fail for a wrong code, then the right one still works', async () => {
    const { body } = await signup();
    const code = await requestResetCode(body.email);
    expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: wrongCodeFor(code) }), 400);
    expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: wrongCodeFor(code), email: body.email }), 400);
    expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: 'abcdef' }), 400);
    const ok = await call('POST', '/auth/verifyResetCode', { resetCode: code, email: body.email });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'Success', resetToken: expect.any(String) });
  });

  it('accepts the code typed with Arabic-Indic digits', async () => {
    const { body } = await signup();
    const code = await requestResetCode(body.email);
    const arabic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await call('POST', '/auth/verifyResetCode', { resetCode: arabic });
    expect(res.statusCode).toBe(200);
  });

  it('the fifth wrong try (with e-mail) kills the code even if the right one follows', async () => {
    const { body, res: created } = await signup();
    const code = await requestResetCode(body.email);
    const wrong = wrongCodeFor(code);
    for (let i = 1; i <= 5; i++) {
      expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: wrong, email: body.email }), 400);
      const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, created.data.id));
      expect(row?.failedAttempts).toBe(i);
    }
    expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: code, email: body.email }), 400);
    expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: code }), 400);
    expectFail(
      await call('PUT', '/auth/resetPassword', { email: body.email, newPassword: 'Brand-new-pass-7' }),
      400,
      m.resetCodeNotVerified,
    );
    // Four wrong tries are not enough to kill a new code.
    const second = await requestResetCode(body.email);
    for (let i = 0; i < 4; i++) {
      expectFail(
        await call('POST', '/auth/verifyResetCode', { resetCode: wrongCodeFor(second), email: body.email }),
        400,
      );
    }
    expect((await call('POST', '/auth/verifyResetCode', { resetCode: second, email: body.email })).statusCode).toBe(
      200,
    );
  });

  it('wrong tries sent at the same time all count', async () => {
    const { body } = await signup();
    const code = await requestResetCode(body.email);
    const wrong = wrongCodeFor(code);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/auth/verifyResetCode', { resetCode: wrong, email: body.email })),
    );
    for (const res of results) expectFail(res, 400);
    expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: code, email: body.email }), 400);
  });

  it('an expired code is refused (400) by verify and by reset', async () => {
    const { body, res: created } = await signup();
    const code = await requestResetCode(body.email);
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: past })
      .where(eq(passwordResets.userId, created.data.id));
    expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: code }), 400);
    expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: code, email: body.email }), 400);

    // Verified in time, but the verification is older than its 10 minutes at the reset.
    const code2 = await requestResetCode(body.email);
    expect((await call('POST', '/auth/verifyResetCode', { resetCode: code2 })).statusCode).toBe(200);
    await t.database.db
      .update(passwordResets)
      .set({ verifiedAt: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where(eq(passwordResets.userId, created.data.id));
    expectFail(
      await call('PUT', '/auth/resetPassword', { email: body.email, newPassword: 'Brand-new-pass-7' }),
      400,
      m.resetCodeNotVerified,
    );
    expect((await call('POST', '/auth/login', { email: body.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it("reset without verify → 400 'reset code not verified'", async () => {
    const { body } = await signup();
    await requestResetCode(body.email);
    const res = await call('PUT', '/auth/resetPassword', { email: body.email, newPassword: 'Brand-new-pass-7' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'fail', message: 'reset code not verified', code: 'RESET_CODE_NOT_VERIFIED' });
    // Without even asking for a code.
    const { body: other } = await signup();
    expectFail(
      await call('PUT', '/auth/resetPassword', { email: other.email, newPassword: 'Brand-new-pass-7' }),
      400,
      'reset code not verified',
    );
    // Unknown address.
    const unknown = await call('PUT', '/auth/resetPassword', { email: uniqueEmail('ghost'), newPassword: PASSWORD });
    expect([400, 404]).toContain(unknown.statusCode);
    expect(unknown.json().status).toBe('fail');
  });

  it("verifying one user's code does not let another user's password be reset", async () => {
    const { body: alice } = await signup();
    const { body: bob } = await signup();
    const code = await requestResetCode(alice.email);
    await requestResetCode(bob.email);
    expect((await call('POST', '/auth/verifyResetCode', { resetCode: code })).statusCode).toBe(200);
    expectFail(
      await call('PUT', '/auth/resetPassword', { email: bob.email, newPassword: 'Brand-new-pass-7' }),
      400,
      'reset code not verified',
    );
  });

  it('a new request replaces the old code', async () => {
    const { body } = await signup();
    const first = await requestResetCode(body.email);
    const second = await requestResetCode(body.email);
    if (first !== second) {
      expectFail(await call('POST', '/auth/verifyResetCode', { resetCode: first, email: body.email }), 400);
    }
    expect((await call('POST', '/auth/verifyResetCode', { resetCode: second, email: body.email })).statusCode).toBe(
      200,
    );
  });
});

describe('rate limit on auth endpoints', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ authRateLimitPerMinute: 3 });
  });
  afterAll(() => limited.close());

  it('answers 429 { status: fail, message } on the 4th login within a minute', async () => {
    const login = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'someone@example.com', password: 'whatever-pass' },
      });
    for (let i = 0; i < 3; i++) {
      const res = await login();
      expect(res.statusCode).toBe(400);
    }
    const res = await login();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ status: 'fail', message: m.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
    // Other routes are not limited by it.
    const health = await limited.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});

describe('an Egyptian shop (SHOP_COUNTRY=EG)', () => {
  let eg: TestApp;
  beforeAll(async () => {
    eg = await createTestApp({ country: 'EG', phoneCountry: 'EG' });
  });
  afterAll(() => eg.close());
  const signUpIn = (phone: string) =>
    eg.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ phone }) });

  it("stores Egyptian numbers as +20… and keeps the contract's message for others", async () => {
    const res = await signUpIn('٠١٠-١٢٣٤-٥٦٧٨');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.phone).toBe('+201012345678');
    for (const phone of ['0551234567', '0101234']) {
      const refused = await signUpIn(phone);
      expect(refused.statusCode, phone).toBe(400);
      expect(refused.json().errors[0], phone).toMatchObject({
        param: 'phone',
        msg: 'accept only egypt phone numbers',
        code: 'PHONE_INVALID',
      });
    }
    // A Saudi number with its country code is another market's, taken in international form.
    expect((await signUpIn('+966551234567')).json().data.phone).toBe('+966551234567');
  });
});
