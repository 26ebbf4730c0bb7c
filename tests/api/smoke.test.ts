import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('smoke', () => {
  it('answers getMe for a signed-in user', async () => {
    const user = await createAccount(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: bearer(user) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(user.email);
  });
});
