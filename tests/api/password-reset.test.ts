import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RESET_ACCOUNT_FAILURES_PER_WINDOW,
  RESET_CODE_ONLY_GUESSES_PER_WINDOW,
  RESET_TOKEN_COOKIE,
} from '../../src/contract/constants.js';
import { apiMessages as m } from '../../src/contract/messages.js';
import { guessBudgets, passwordResets, users } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/*
 * Password recovery against an attacker (SECURITY.md, section 5; docs/decisions/0001-password-
 * reset-proof.md): any number of client addresses and of live codes buys no more guesses than the
 * budgets allow, and a code guessed without its e-mail gives one try at naming its account.
 */

let t: TestApp;
const PASSWORD = 'Secret-pass-1';
const NEW_PASSWORD = 'Brand-new-pass-7';
const failures: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test starts with the shop-wide budget unspent.
beforeEach(() => t.database.db.delete(guessBudgets));
afterEach(() => {
  const seen = failures.splice(0);
  expect(seen).toEqual([]);
});

let nextAddress = 0;
/** A new client address each time: 127.1.x.y, as an attacker with many addresses would use. */
const freshAddress = () => {
  nextAddress += 1;
  return `127.1.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
};

async function call(
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  options: { from?: string; cookie?: string } = {},
) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    remoteAddress: options.from ?? freshAddress(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  if (res.statusCode >= 500) failures.push(`${res.statusCode} ${res.body}`);
  return res;
}

async function account() {
  const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
  const res = await call('POST', '/auth/signup', {
    name: 'حساب',
    email,
    phone: '0551234567',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
  });
  expect(res.statusCode).toBe(201);
  return email;
}

/** Asks for a code (from any address) and reads it from the e-mail the shop wrote. */
async function codeFor(email: string): Promise<string> {
  const dir = path.join(t.config.dataDir, 'outbox');
  mkdirSync(dir, { recursive: true });
  const before = new Set(readdirSync(dir));
  expect((await call('POST', '/auth/forgotPasswords', { email })).statusCode).toBe(200);
  const fresh = readdirSync(dir)
    .filter((file) => file.endsWith('.json') && !before.has(file))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')))
    .filter((mail) => mail.to === email);
  const code = fresh[0]?.text.match(/\b\d{6}\b/)?.[0];
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

const verifiedRows = async (emails: string[]) =>
  t.database.db
    .select({ email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(inArray(users.email, emails))
    .then((rows) => rows);

const canSignIn = async (email: string, password: string) =>
  (await call('POST', '/auth/login', { email, password })).statusCode === 200;

describe('codes sent without an e-mail', () => {
  it('100 live codes and a new address for every guess: only the shop-wide budget of wrong guesses is ever compared', async () => {
    const emails: string[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 100; i++) {
      const email = await account();
      emails.push(email);
      codes.push(await codeFor(email));
    }
    const live = new Set(codes);
    const wrongGuesses: string[] = [];
    for (let n = 0; wrongGuesses.length < RESET_CODE_ONLY_GUESSES_PER_WINDOW + 30; n++) {
      const guess = String(n).padStart(6, '0');
      if (!live.has(guess)) wrongGuesses.push(guess);
    }
    const answers = await Promise.all(
      wrongGuesses.map((resetCode) => call('POST', '/auth/verifyResetCode', { resetCode })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(RESET_CODE_ONLY_GUESSES_PER_WINDOW);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    const refusal = answers.find((res) => res.statusCode === 429)?.json();
    expect(refusal).toEqual({ status: 'fail', message: m.resetCodeNeedsEmail, code: 'RESET_CODE_NEEDS_EMAIL' });

    // Budget spent: even a right code is refused unread, and nothing is verified.
    const right = await call('POST', '/auth/verifyResetCode', { resetCode: codes[7] as string });
    expect(right.statusCode).toBe(429);
    const verified = await t.database.db
      .select({ verifiedAt: passwordResets.verifiedAt })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(inArray(users.email, emails));
    expect(verified).toHaveLength(100);
    expect(verified.every((row) => row.verifiedAt === null)).toBe(true);

    // The same person with the e-mail (our web always sends it) is not held up by the shop's budget.
    const withEmail = await call('POST', '/auth/verifyResetCode', {
      resetCode: codes[7] as string,
      email: emails[7] as string,
    });
    expect(withEmail.statusCode).toBe(200);
  });

  it('a right code costs nothing from the budget', async () => {
    for (let i = 0; i < RESET_CODE_ONLY_GUESSES_PER_WINDOW + 5; i++) {
      const email = await account();
      const res = await call('POST', '/auth/verifyResetCode', { resetCode: await codeFor(email) });
      expect(res.statusCode).toBe(200);
    }
  });

  it('the budget opens again when its day is over', async () => {
    const email = await account();
    const code = await codeFor(email);
    await t.database.db.insert(guessBudgets).values({
      name: 'reset-code-only',
      used: RESET_CODE_ONLY_GUESSES_PER_WINDOW,
      windowStartedAt: new Date(Date.now() - 23 * 3600_000),
    });
    expect((await call('POST', '/auth/verifyResetCode', { resetCode: code })).statusCode).toBe(429);
    await t.database.db.update(guessBudgets).set({ windowStartedAt: new Date(Date.now() - 25 * 3600_000) });
    expect((await call('POST', '/auth/verifyResetCode', { resetCode: code })).statusCode).toBe(200);
  });

  it('a guessed code gives one try at naming its account, by proof or by address', async () => {
    const victim = await account();
    const other = await account();
    await codeFor(other);

    // By proof: the wrong e-mail spends it, so the right one afterwards is refused.
    const byProof = await call('POST', '/auth/verifyResetCode', { resetCode: await codeFor(victim) });
    const { resetToken } = byProof.json();
    const wrongName = await call('PUT', '/auth/resetPassword', { email: other, newPassword: NEW_PASSWORD, resetToken });
    expect(wrongName.json()).toEqual({
      status: 'fail',
      message: m.resetCodeNotVerified,
      code: 'RESET_CODE_NOT_VERIFIED',
    });
    const rightName = await call('PUT', '/auth/resetPassword', {
      email: victim,
      newPassword: NEW_PASSWORD,
      resetToken,
    });
    expect(rightName.statusCode).toBe(400);

    // By address (the original clients' e-mail-only reset): the same.
    const attacker = freshAddress();
    const code = await codeFor(victim);
    expect((await call('POST', '/auth/verifyResetCode', { resetCode: code }, { from: attacker })).statusCode).toBe(200);
    const guessOther = await call(
      'PUT',
      '/auth/resetPassword',
      { email: other, newPassword: NEW_PASSWORD },
      { from: attacker },
    );
    expect(guessOther.statusCode).toBe(400);
    const guessVictim = await call(
      'PUT',
      '/auth/resetPassword',
      { email: victim, newPassword: NEW_PASSWORD },
      { from: attacker },
    );
    expect(guessVictim.statusCode).toBe(400);
    expect(await canSignIn(victim, PASSWORD)).toBe(true);
    expect(await canSignIn(other, PASSWORD)).toBe(true);
  });
});

describe('the original client’s e-mail-only reset', () => {
  it('is honoured once, from the address that verified the code, within 10 minutes', async () => {
    const email = await account();
    const person = freshAddress();
    const code = await codeFor(email);
    expect((await call('POST', '/auth/verifyResetCode', { resetCode: code }, { from: person })).statusCode).toBe(200);

    // Someone else who knows the e-mail, from another address: refused, and the person's
    // verification stands.
    const stranger = await call('PUT', '/auth/resetPassword', { email, newPassword: 'Stolen-pass-99' });
    expect(stranger.json()).toEqual({
      status: 'fail',
      message: m.resetCodeNotVerified,
      code: 'RESET_CODE_NOT_VERIFIED',
    });

    const done = await call('PUT', '/auth/resetPassword', { email, newPassword: NEW_PASSWORD }, { from: person });
    expect(done.statusCode).toBe(200);
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
    const again = await call('PUT', '/auth/resetPassword', { email, newPassword: 'Again-pass-99' }, { from: person });
    expect(again.statusCode).toBe(400);
  });

  it('is refused 10 minutes after the verification', async () => {
    const email = await account();
    const person = freshAddress();
    expect(
      (await call('POST', '/auth/verifyResetCode', { resetCode: await codeFor(email) }, { from: person })).statusCode,
    ).toBe(200);
    await t.database.db.update(passwordResets).set({ verifiedAt: new Date(Date.now() - 10 * 60_000 - 1000) });
    const late = await call('PUT', '/auth/resetPassword', { email, newPassword: NEW_PASSWORD }, { from: person });
    expect(late.statusCode).toBe(400);
    expect(await canSignIn(email, PASSWORD)).toBe(true);
  });
});

describe('the proof (resetToken)', () => {
  it('works from any address with its e-mail, once; the cookie carries it for clients that keep nothing', async () => {
    const email = await account();
    const verify = await call('POST', '/auth/verifyResetCode', { resetCode: await codeFor(email), email });
    expect(verify.statusCode).toBe(200);
    const cookie = String(verify.headers['set-cookie']);
    expect(cookie).toContain(`${RESET_TOKEN_COOKIE}=${verify.json().resetToken}`);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth\/resetPassword/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=600/);

    const reset = await call(
      'PUT',
      '/auth/resetPassword',
      { email, newPassword: NEW_PASSWORD },
      { cookie: `${RESET_TOKEN_COOKIE}=${verify.json().resetToken}` },
    );
    expect(reset.statusCode).toBe(200);
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
    const replay = await call('PUT', '/auth/resetPassword', {
      email,
      newPassword: 'Again-pass-99',
      resetToken: verify.json().resetToken,
    });
    expect(replay.statusCode).toBe(400);
  });

  it('a made-up proof is refused and changes nothing', async () => {
    const email = await account();
    await codeFor(email);
    const forged = await call('PUT', '/auth/resetPassword', {
      email,
      newPassword: NEW_PASSWORD,
      resetToken: 'A'.repeat(43),
    });
    expect(forged.json()).toEqual({ status: 'fail', message: m.resetCodeNotVerified, code: 'RESET_CODE_NOT_VERIFIED' });
    const malformed = await call('PUT', '/auth/resetPassword', { email, newPassword: NEW_PASSWORD, resetToken: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(await canSignIn(email, PASSWORD)).toBe(true);
  });
});

describe('codes sent with an e-mail', () => {
  it(`${RESET_ACCOUNT_FAILURES_PER_WINDOW} wrong tries a day per account, across new codes and addresses`, async () => {
    const email = await account();
    for (let round = 0; round < 2; round++) {
      const code = await codeFor(email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => call('POST', '/auth/verifyResetCode', { resetCode: wrong, email })),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400]);
    }
    const code = await codeFor(email);
    const spent = await call('POST', '/auth/verifyResetCode', { resetCode: code, email });
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toMatchObject({ message: m.resetTriesExhausted, code: 'RESET_TRIES_EXHAUSTED' });
    expect(await verifiedRows([email])).toHaveLength(1);

    // A day later the same code-holder gets through.
    await t.database.db.update(passwordResets).set({ failuresWindowStartedAt: new Date(Date.now() - 25 * 3600_000) });
    expect((await call('POST', '/auth/verifyResetCode', { resetCode: code, email })).statusCode).toBe(200);
  });

  it('a right code does not count as a wrong try', async () => {
    const email = await account();
    for (let i = 0; i < RESET_ACCOUNT_FAILURES_PER_WINDOW + 2; i++) {
      expect((await call('POST', '/auth/verifyResetCode', { resetCode: await codeFor(email), email })).statusCode).toBe(
        200,
      );
      // Three codes per quarter hour: let the window pass.
      await t.database.db.update(passwordResets).set({ windowStartedAt: new Date(Date.now() - 16 * 60_000) });
    }
  });
});
