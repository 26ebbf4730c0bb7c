import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { phoneInvalidMessage } from '../../src/contract/phone-messages.js';
import { users } from '../../src/db/schema.js';
import { type Account, bearer, createAccount, createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const responses: LightMyRequestResponse[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  const failures = responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`);
  responses.length = 0;
  expect(failures).toEqual([]);
});

async function call(method: 'GET' | 'PUT', url: string, options: { payload?: unknown; token?: string } = {}) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/users${url}`,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` },
  });
  responses.push(res);
  return res;
}

function expectFail(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.status).toBe('fail');
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
}

function firstError(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(400);
  const errors = res.json().errors as { value?: unknown; msg: string; param: string; location: string }[];
  expect(errors.length).toBeGreaterThan(0);
  return errors[0] as (typeof errors)[number];
}

function expectPublicUser(user: Record<string, unknown>) {
  for (const key of ['_id', 'id', 'name', 'email', 'phone', 'role', 'createdAt']) expect(user).toHaveProperty(key);
  expect(user._id).toBe(user.id);
  const text = JSON.stringify(user);
  expect(text).not.toMatch(/password|tokenVersion|token_version/i);
}

const key = () => new TextEncoder().encode(t.config.jwtSecret);

describe('GET /users/getMe', () => {
  it('returns { data: user } for a signed-in user', async () => {
    const account = await createAccount(t, 'user', 'ليلى');
    const res = await call('GET', '/getMe', { token: account.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['data']);
    expectPublicUser(body.data);
    expect(body.data).toMatchObject({ id: account.id, email: account.email, name: 'ليلى', role: 'user' });
  });

  it('works for admins too', async () => {
    const admin = await createAccount(t, 'admin');
    const res = await call('GET', '/getMe', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('admin');
  });

  it('401 { status: fail, message } without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/getMe' });
    responses.push(res);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'fail', message: m.notLoggedIn, code: 'NOT_LOGGED_IN' });
  });
});

describe('bearer tokens', () => {
  let account: Account;
  beforeAll(async () => {
    account = await createAccount(t);
  });

  const headerCases: [string, () => string][] = [
    ['an empty Bearer', () => 'Bearer '],
    ['another scheme', () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['garbage', () => 'Bearer not-a-jwt'],
    ['three dots of garbage', () => 'Bearer aaa.bbb.ccc'],
    ['a truncated token', () => `Bearer ${account.token.slice(0, -5)}`],
    [
      'a token with a changed signature',
      () => `Bearer ${account.token.slice(0, -2)}${account.token.endsWith('AA') ? 'BB' : 'AA'}`,
    ],
  ];
  for (const [label, header] of headerCases) {
    it(`401 for ${label}`, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/getMe',
        headers: { authorization: header() },
      });
      responses.push(res);
      expectFail(res, 401);
    });
  }

  it('401 for a token signed with another secret', async () => {
    const forged = await new SignJWT({ v: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough!!'));
    expectFail(await call('GET', '/getMe', { token: forged }), 401, m.tokenInvalid);
  });

  it("401 for an unsigned ('alg: none') token", async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: account.id, v: 0, iat: now, exp: now + 3600 })}.`;
    expectFail(await call('GET', '/getMe', { token: unsigned }), 401, m.tokenInvalid);
  });

  it('401 for an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ v: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.id)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(key());
    expectFail(await call('GET', '/getMe', { token: expired }), 401, m.tokenInvalid);
  });

  it('401 for a well-signed token without the version claim or with a bad subject', async () => {
    const noVersion = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.id)
      .setExpirationTime('1h')
      .sign(key());
    expectFail(await call('GET', '/getMe', { token: noVersion }), 401);
    const badSubject = await new SignJWT({ v: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('not-a-uuid')
      .setExpirationTime('1h')
      .sign(key());
    expectFail(await call('GET', '/getMe', { token: badSubject }), 401);
  });

  it('401 for a token of a user that no longer exists', async () => {
    const gone = await createAccount(t);
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    expectFail(await call('GET', '/getMe', { token: gone.token }), 401, m.userGone);
    const stranger = await new SignJWT({ v: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(randomUUID())
      .setExpirationTime('1h')
      .sign(key());
    expectFail(await call('GET', '/getMe', { token: stranger }), 401, m.userGone);
  });
});

describe('PUT /users/updateMe', () => {
  it("returns { status: 'success', data: { user } } and stores the change", async () => {
    const account = await createAccount(t);
    const newEmail = `renamed-${randomUUID().slice(0, 8)}@example.com`;
    const res = await call('PUT', '/updateMe', {
      token: account.token,
      payload: { name: 'اسم جديد', phone: '+201112345678', email: newEmail.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expect(body.status).toBe('success');
    expect(Object.keys(body.data)).toEqual(['user']);
    expectPublicUser(body.data.user);
    expect(body.data.user).toMatchObject({ id: account.id, name: 'اسم جديد', phone: '+201112345678', email: newEmail });
    const me = await call('GET', '/getMe', { token: account.token });
    expect(me.json().data).toMatchObject({ name: 'اسم جديد', email: newEmail });
  });

  it('keeps the e-mail when none is sent, and accepts Arabic-Indic digits in the phone', async () => {
    const account = await createAccount(t);
    const res = await call('PUT', '/updateMe', {
      token: account.token,
      payload: { name: 'بدون بريد', phone: '٠٥٨ ١٢٣ ٤٥٦٧' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: account.email, phone: '+966581234567' });
  });

  it('cannot change the role', async () => {
    const account = await createAccount(t);
    const res = await call('PUT', '/updateMe', {
      token: account.token,
      payload: { name: 'محاول', phone: '0551234567', role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toBe('user');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row?.role).toBe('user');
  });

  it("400 'E-mail already in use' for another user's address; own address is fine", async () => {
    const account = await createAccount(t);
    const other = await createAccount(t);
    const taken = firstError(
      await call('PUT', '/updateMe', {
        token: account.token,
        payload: { name: 'أ', phone: '0551234567', email: other.email.toUpperCase() },
      }),
    );
    expect(taken).toMatchObject({ msg: 'E-mail already in use', param: 'email', location: 'body' });
    const own = await call('PUT', '/updateMe', {
      token: account.token,
      payload: { name: 'أ', phone: '0551234567', email: account.email },
    });
    expect(own.statusCode).toBe(200);
  });

  it('validates the body with the contract messages', async () => {
    const account = await createAccount(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '0551234567' }, m.nameRequired],
      [{ name: '', phone: '0551234567' }, m.nameRequired],
      [{ name: 'x' }, m.phoneRequired],
      [{ name: 'x', phone: '01012345678' }, phoneInvalidMessage('SA')],
      [{ name: 'x', phone: '0551234567', email: 'bad' }, m.emailInvalid],
      [{ name: ['x'], phone: '0551234567' }, m.nameRequired],
      [{ name: 'x', phone: null }, m.phoneRequired],
    ];
    for (const [payload, msg] of cases) {
      expect(firstError(await call('PUT', '/updateMe', { token: account.token, payload })).msg).toBe(msg);
    }
  });

  it('401 when anonymous, even before the body is validated', async () => {
    expectFail(await call('PUT', '/updateMe', { payload: { name: 'x', phone: '0551234567' } }), 401, m.notLoggedIn);
    expectFail(await call('PUT', '/updateMe', { payload: {} }), 401, m.notLoggedIn);
    expectFail(await call('PUT', '/changeMyPassword', { payload: {}, token: 'garbage' }), 401, m.tokenInvalid);
  });
});

describe('PUT /users/changeMyPassword', () => {
  it('returns { data, token }; the old token is then refused and the new one works', async () => {
    const account = await createAccount(t);
    const newPassword = 'Changed-pass-42';
    const res = await call('PUT', '/changeMyPassword', {
      token: account.token,
      payload: { currentPassword: account.password, password: newPassword, passwordConfirm: newPassword },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'token']);
    expectPublicUser(body.data);
    expect(body.data.id).toBe(account.id);

    expectFail(await call('GET', '/getMe', { token: account.token }), 401, m.passwordChanged);
    expect((await call('GET', '/getMe', { token: body.token })).statusCode).toBe(200);

    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.email, password } });
    expect((await login(account.password)).statusCode).toBe(400);
    expect((await login(newPassword)).statusCode).toBe(200);
  });

  it('400 for a wrong current password, and nothing changes', async () => {
    const account = await createAccount(t);
    const res = await call('PUT', '/changeMyPassword', {
      token: account.token,
      payload: { currentPassword: 'not-the-password', password: 'Changed-pass-42', passwordConfirm: 'Changed-pass-42' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).not.toContain('not-the-password');
    expect((await call('GET', '/getMe', { token: account.token })).statusCode).toBe(200);
  });

  it('validates the body', async () => {
    const account = await createAccount(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'Changed-pass-42', passwordConfirm: 'Changed-pass-42' }, m.currentPasswordRequired],
      [{ currentPassword: account.password, passwordConfirm: 'x' }, m.passwordRequired],
      [{ currentPassword: account.password, password: 'short', passwordConfirm: 'short' }, m.passwordTooShort],
      [{ currentPassword: account.password, password: 'Changed-pass-42' }, m.passwordConfirmRequired],
      [
        { currentPassword: account.password, password: 'Changed-pass-42', passwordConfirm: 'Changed-pass-43' },
        m.passwordConfirmMismatch,
      ],
    ];
    for (const [payload, msg] of cases) {
      expect(firstError(await call('PUT', '/changeMyPassword', { token: account.token, payload })).msg).toBe(msg);
    }
    // Still the old password.
    expect((await call('GET', '/getMe', { token: account.token })).statusCode).toBe(200);
  });

  it('401 when anonymous', async () => {
    expectFail(
      await call('PUT', '/changeMyPassword', {
        payload: { currentPassword: 'x', password: 'Changed-pass-42', passwordConfirm: 'Changed-pass-42' },
      }),
      401,
    );
  });
});

describe('user routes and bodies', () => {
  it('malformed JSON → 400 fail', async () => {
    const account = await createAccount(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/updateMe',
      headers: { ...bearer(account), 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    responses.push(res);
    expectFail(res, 400, m.invalidJson);
  });

  it('unknown user routes → 404 fail', async () => {
    // `GET /users/:id` is the staff's customer page (docs/customers.md): a deeper path is unknown.
    expectFail(await call('GET', '/nope/deeper'), 404);
    expectFail(await call('PUT', '/nope'), 404);
  });
});

describe('NUL characters', () => {
  it('are refused in bodies and queries of every route, before they reach the database', async () => {
    const t2 = await createTestApp();
    try {
      const signup = await t2.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: {
          name: 'a\u0000b',
          email: 'nul@example.com',
          phone: '0551234567',
          password: 'secret123',
          passwordConfirm: 'secret123',
        },
      });
      expect(signup.statusCode).toBe(400);
      expect(signup.json().errors[0]).toMatchObject({ msg: 'Text must not contain NUL characters', param: 'name' });
      const search = await t2.app.inject({ url: '/api/v1/products?keyword=%00x' });
      expect(search.statusCode).toBe(400);
      expect(search.json().errors[0]).toMatchObject({ param: 'keyword', location: 'query' });
    } finally {
      await t2.close();
    }
  });
});
