import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import { createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { apiClient, expectFail } from '../helpers/shopping.js';

/* Signing out (POST /auth/logout) ends the account's sessions on the server (SECURITY.md, section 4). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { send, expectNo5xx } = apiClient(() => t);
afterEach(expectNo5xx);

const login = (email: string, password: string) => send('POST', '/auth/login', { payload: { email, password } });

describe('POST /auth/logout', () => {
  it('204; that token and every other token of the account stop working; signing in again works', async () => {
    const account = await createAccount(t);
    const otherDevice = (await login(account.email, account.password)).json().token as string;
    expect((await send('GET', '/users/getMe', { token: otherDevice })).statusCode).toBe(200);

    const res = await send('POST', '/auth/logout', { token: account.token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    for (const token of [account.token, otherDevice]) {
      expectFail(await send('GET', '/users/getMe', { token }), 401);
      expectFail(await send('POST', '/auth/logout', { token }), 401);
    }
    const again = await login(account.email, account.password);
    expect(again.statusCode).toBe(200);
    expect((await send('GET', '/users/getMe', { token: again.json().token })).statusCode).toBe(200);
  });

  it('signs out only the caller’s account', async () => {
    const [leaving, staying] = [await createAccount(t), await createAccount(t, 'admin')];
    expect((await send('POST', '/auth/logout', { token: leaving.token })).statusCode).toBe(204);
    expect((await send('GET', '/users/getMe', { token: staying.token })).statusCode).toBe(200);
  });

  it('401 without a token or with a forged one', async () => {
    expectFail(await send('POST', '/auth/logout'), 401, m.notLoggedIn);
    expectFail(await send('POST', '/auth/logout', { token: 'forged' }), 401, m.tokenInvalid);
  });
});
