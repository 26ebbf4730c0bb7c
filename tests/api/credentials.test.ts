import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_BEFORE_LOCK, PASSWORD_MAX, RESET_CODES_PER_WINDOW } from '../../src/contract/constants.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { loginThrottle, passwordResets, users } from '../../src/db/schema.js';
import { isCommonPassword } from '../../src/server/auth/common-passwords.js';
import { createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, expectFail, firstError } from '../helpers/shopping.js';

/*
 * Credentials (SECURITY.md, section 5): argon2id hashes, the password policy, sign-in backoff per
 * address, and the per-account limit on reset codes. The per-address request limit and the reset
 * code's own rules (10 minutes, single use, five tries) are in auth.test.ts.
 */

let t: TestApp;
const { send, expectNo5xx } = apiClient(() => t);
const GOOD = 'Qamar-Zaytun-42';
const email = (prefix = 'c') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(expectNo5xx);

const signupBody = (overrides: Record<string, string> = {}) => ({
  name: 'ليلى',
  email: email('signup'),
  phone: '0551234567',
  password: GOOD,
  passwordConfirm: GOOD,
  ...overrides,
});
const login = (address: string, password: string) =>
  send('POST', '/auth/login', { payload: { email: address, password } });

describe('password hashes', () => {
  it('are argon2id, salted: two accounts with one password store different hashes', async () => {
    const first = signupBody();
    const second = signupBody();
    expect((await send('POST', '/auth/signup', { payload: first })).statusCode).toBe(201);
    expect((await send('POST', '/auth/signup', { payload: second })).statusCode).toBe(201);
    const rows = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(sql`${users.email} in (${first.email}, ${second.email})`);
    expect(rows).toHaveLength(2);
    for (const { hash } of rows) expect(hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(rows[0]?.hash).not.toBe(rows[1]?.hash);
  });
});

describe('password policy', () => {
  it('knows the common passwords, whatever their case, and not a made-up one', async () => {
    for (const common of ['12345678', 'password1', 'iloveyou', 'Sunshine', 'QWERTYUIOP', 'football']) {
      expect(await isCommonPassword(common), common).toBe(true);
    }
    expect(await isCommonPassword(GOOD)).toBe(false);
  });

  it('sign-up: 8 to 128 characters, and not one of the 10,000 most common passwords', async () => {
    const refusal = (password: string) =>
      send('POST', '/auth/signup', { payload: signupBody({ password, passwordConfirm: password }) });
    expect(firstError(await refusal('Short-1')).msg).toBe(m.passwordTooShort);
    expect(firstError(await refusal('x'.repeat(PASSWORD_MAX + 1))).msg).toBe(m.passwordTooLong);
    const common = firstError(await refusal('Password1'));
    expect(common).toMatchObject({ msg: m.passwordTooCommon, param: 'password', location: 'body' });
    expect((await refusal(`a${'b'.repeat(PASSWORD_MAX - 1)}`)).statusCode).toBe(201);
  });

  it('a password change and a reset refuse common passwords too', async () => {
    const account = await createAccount(t);
    const change = (password: string) =>
      send('PUT', '/users/changeMyPassword', {
        token: account.token,
        payload: { currentPassword: account.password, password, passwordConfirm: password },
      });
    expect(firstError(await change('Short-1')).msg).toBe(m.passwordTooShort);
    expect(firstError(await change('superman'))).toMatchObject({ msg: m.passwordTooCommon, param: 'password' });
    // Nothing changed: the old password still signs in.
    expect((await login(account.email, account.password)).statusCode).toBe(200);

    const reset = await send('PUT', '/auth/resetPassword', {
      payload: { email: account.email, newPassword: 'Password123' },
    });
    expect(firstError(reset)).toMatchObject({ msg: m.passwordTooCommon, param: 'newPassword' });
  });
});

describe('sign-in backoff', () => {
  const lockRow = async (address: string) =>
    (await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.email, address)))[0];
  /** Moves the lock into the past, as if its time had run out. */
  const expireLock = (address: string) =>
    t.database.db
      .update(loginThrottle)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginThrottle.email, address));

  it('locks an address after five failures in a row, even against the right password, then doubles', async () => {
    const account = await createAccount(t);
    for (let i = 0; i < LOGIN_FAILURES_BEFORE_LOCK; i++) {
      expectFail(await login(account.email, `Wrong-pass-${i}`), 400, m.loginIncorrect);
    }
    const locked = await login(account.email, account.password);
    expectFail(locked, 429, m.loginLocked);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Once the minute is over, one more failure locks it again, for two minutes.
    await expireLock(account.email);
    expectFail(await login(account.email, 'Wrong-pass-again'), 400, m.loginIncorrect);
    const longer = await login(account.email, account.password);
    expectFail(longer, 429, m.loginLocked);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(110);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(120);

    // After that, the right password works and the address starts afresh.
    await expireLock(account.email);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
    expect(await lockRow(account.email)).toBeUndefined();
    expectFail(await login(account.email, 'Wrong-pass-x'), 400, m.loginIncorrect);
  });

  it('a success before the fifth failure resets the count', async () => {
    const account = await createAccount(t);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_FAILURES_BEFORE_LOCK - 1; i++) {
        expectFail(await login(account.email, 'Wrong-pass-1'), 400, m.loginIncorrect);
      }
      expect((await login(account.email, account.password)).statusCode).toBe(200);
    }
  });

  it('counts a burst of parallel guesses: no more than five get checked', async () => {
    const account = await createAccount(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(account.email, `Parallel-guess-${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_FAILURES_BEFORE_LOCK);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LOGIN_FAILURES_BEFORE_LOCK);
  });

  it('treats an address without an account exactly the same (no account discovery)', async () => {
    const nobody = email('nobody');
    for (let i = 0; i < LOGIN_FAILURES_BEFORE_LOCK; i++) {
      expectFail(await login(nobody, 'Wrong-pass-1'), 400, m.loginIncorrect);
    }
    expectFail(await login(nobody, 'Wrong-pass-1'), 429, m.loginLocked);
  });

  it('a lock on one address leaves the others alone', async () => {
    const locked = await createAccount(t);
    const other = await createAccount(t);
    for (let i = 0; i <= LOGIN_FAILURES_BEFORE_LOCK; i++) await login(locked.email, 'Wrong-pass-1');
    expectFail(await login(locked.email, locked.password), 429, m.loginLocked);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });
});

describe('reset codes per account', () => {
  const forgot = (address: string) => send('POST', '/auth/forgotPasswords', { payload: { email: address } });

  it(`sends at most ${RESET_CODES_PER_WINDOW} codes in 15 minutes, then 429 until the window is over`, async () => {
    const account = await createAccount(t);
    for (let i = 0; i < RESET_CODES_PER_WINDOW; i++) expect((await forgot(account.email)).statusCode).toBe(200);
    const [before] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, account.id));
    expectFail(await forgot(account.email), 429, m.resetCodesTooMany);
    // The refused request did not replace the code that was sent.
    const [after] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, account.id));
    expect(after?.codeHash).toBe(before?.codeHash);
    // Another account is not affected.
    expect((await forgot((await createAccount(t)).email)).statusCode).toBe(200);

    await t.database.db
      .update(passwordResets)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(eq(passwordResets.userId, account.id));
    expect((await forgot(account.email)).statusCode).toBe(200);
  });

  it('parallel requests cannot pass the limit together', async () => {
    const account = await createAccount(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => forgot(account.email)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(RESET_CODES_PER_WINDOW);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expectFail(res, 429, m.resetCodesTooMany);
  });
});
