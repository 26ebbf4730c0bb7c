import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages as m } from '../../src/contract/messages.js';
import type { Order } from '../../src/contract/types.js';
import { orders, staffActions, staffInvites, users } from '../../src/db/schema.js';
import { type Account, createAccount, createTestApp, type TestApp } from '../helpers/app.js';
import { plainText, startFakeSmtp } from '../helpers/fake-smtp.js';
import { shippingAddress } from '../helpers/fixtures.js';
import {
  apiClient,
  createTaxonomy,
  customerWithCart,
  expectFail,
  firstError,
  insertProduct,
} from '../helpers/shopping.js';

/*
 * The shop's staff (docs/staff.md): invites by e-mail (received at a fake SMTP server), what the
 * staff role may and may not do, disabling, and the refund limit. Every route's answer to a member
 * of staff is asserted in admin-authorization.test.ts.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let owner: Account;
const { send, expectNo5xx } = apiClient(() => t);
const PASSWORD = 'Staff-Passw0rd-Long';

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ smtpUrl: smtp.url });
  owner = await createAccount(t, 'admin', 'صاحب المتجر');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(expectNo5xx);

const newEmail = () => `staff-${randomUUID().slice(0, 8)}@example.com`;

/** Invites `email` as the owner; the token of the link the e-mail carries. */
async function invite(email: string, role: 'admin' | 'staff' = 'staff') {
  const res = await send('POST', '/staff/invites', { token: owner.token, payload: { email, role } });
  expect(res.statusCode, res.body).toBe(201);
  const mails = smtp.received.filter((mail) => mail.to.some((to) => to.includes(email)));
  const link = /\/staff\/invite\/([A-Za-z0-9_-]{43})/.exec(plainText(mails.at(-1)?.data ?? ''));
  if (!link?.[1]) throw new Error(`no invite link mailed to ${email}`);
  return { id: res.json().data.id as string, token: link[1] };
}

const accept = (token: string, name = 'موظف المتجر') =>
  send('POST', '/staff/invites/accept', { payload: { token, name, password: PASSWORD } });

/** A member of staff who joined through an invite, signed in. */
async function joined(role: 'admin' | 'staff' = 'staff'): Promise<Account> {
  const email = newEmail();
  const res = await accept((await invite(email, role)).token);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { id: body.data.id, email, password: PASSWORD, token: body.token };
}

const login = (email: string, password = PASSWORD) => send('POST', '/auth/login', { payload: { email, password } });
const change = (id: string, payload: object, token = owner.token) => send('PATCH', `/staff/${id}`, { token, payload });

describe('invites', () => {
  it('mail a link valid for a day; accepting it makes the account with its role and signs it in, once', async () => {
    const email = newEmail();
    const before = Date.now();
    const { token } = await invite(email);
    const [row] = await t.database.db.select().from(staffInvites).where(eq(staffInvites.email, email));
    // Stored as a hash only, for 24 hours.
    expect(row?.tokenHash).not.toContain(token);
    expect((row?.expiresAt.getTime() ?? 0) - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect((row?.expiresAt.getTime() ?? 0) - before).toBeLessThanOrEqual(24 * 3600_000 + 60_000);

    const res = await accept(token, 'سارة');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'سارة', email, role: 'staff' });
    const me = await send('GET', '/users/getMe', { token: res.json().token });
    expect(me.json().data.role).toBe('staff');
    expect((await login(email)).statusCode).toBe(200);

    // Used: the link works once.
    expectFail(await accept(token), 404, m.staffInviteNotFound);
  });

  it('expire after 24 hours (410)', async () => {
    const email = newEmail();
    const { token } = await invite(email);
    await t.database.db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.email, email));
    expectFail(await accept(token), 410, m.staffInviteExpired);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('are replaced by a second invite to the same address: the first link stops working', async () => {
    const email = newEmail();
    const first = await invite(email, 'staff');
    const second = await invite(email, 'admin');
    expect(second.id).toBe(first.id);
    expectFail(await accept(first.token), 404, m.staffInviteNotFound);
    const res = await accept(second.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.role).toBe('admin');
  });

  it('are refused for an address that already has an account (409), a customer is not promoted', async () => {
    const customer = await createAccount(t);
    expectFail(
      await send('POST', '/staff/invites', { token: owner.token, payload: { email: customer.email, role: 'admin' } }),
      409,
      m.staffEmailTaken,
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.role).toBe('user');
  });

  it('are refused when someone signed up with the address before the invite was accepted (409)', async () => {
    const email = newEmail();
    const { token } = await invite(email);
    const signup = await send('POST', '/auth/signup', {
      payload: { name: 'زبون', email, phone: '0551234567', password: PASSWORD, passwordConfirm: PASSWORD },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    expectFail(await accept(token), 409, m.staffEmailTaken);
  });

  it('can be revoked: the link stops working, a second revoke is 404', async () => {
    const email = newEmail();
    const { id, token } = await invite(email);
    expect((await send('DELETE', `/staff/invites/${id}`, { token: owner.token })).statusCode).toBe(204);
    expectFail(await accept(token), 404, m.staffInviteNotFound);
    expectFail(await send('DELETE', `/staff/invites/${id}`, { token: owner.token }), 404, m.staffInviteNotFound);
  });

  it('take a real name and a password that is not common; an unknown token is 404', async () => {
    const { token } = await invite(newEmail());
    const bad = await send('POST', '/staff/invites/accept', { payload: { token, name: ' ', password: 'short' } });
    expect(bad.statusCode).toBe(400);
    const common = await send('POST', '/staff/invites/accept', {
      payload: { token, name: 'موظف', password: 'password123' },
    });
    expect(firstError(common).code).toBe('PASSWORD_TOO_COMMON');
    expectFail(await accept('A'.repeat(43)), 404, m.staffInviteNotFound);
  });

  it('are listed with the members, their roles, state and last sign-in', async () => {
    const email = newEmail();
    await invite(email, 'admin');
    const member = await joined();
    const res = await send('GET', '/staff', { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const { members, invites } = res.json().data;
    expect(invites).toContainEqual(expect.objectContaining({ email, role: 'admin' }));
    expect(members).toContainEqual(
      expect.objectContaining({ id: member.id, role: 'staff', disabled: false, lastSignInAt: expect.any(String) }),
    );
    expect(members).toContainEqual(expect.objectContaining({ id: owner.id, role: 'admin' }));
    // Customers are no staff.
    expect(members.every((one: { role: string }) => one.role !== 'user')).toBe(true);
  });
});

describe('the staff role', () => {
  it('may run orders and the catalogue, and see drafts; not settings, staff or reports (403)', async () => {
    const member = await joined();
    const { category, brand } = await createTaxonomy(t);
    const draft = await insertProduct(t, { categoryId: category.id, brandId: brand.id }, { status: 'draft' });
    expect((await send('GET', `/products/${draft.id}`, { token: member.token })).statusCode).toBe(200);
    expect((await send('GET', '/orders', { token: member.token })).statusCode).toBe(200);
    expect((await send('GET', '/users', { token: member.token })).statusCode).toBe(200);
    expectFail(await send('PUT', '/settings', { token: member.token, payload: { shopName: 'x' } }), 403, m.forbidden);
    expectFail(await send('GET', '/staff', { token: member.token }), 403, m.forbidden);
    expectFail(await send('GET', '/admin/stats', { token: member.token }), 403, m.forbidden);
  });

  it('changes at once when the owner makes them an admin (the role is read on every request)', async () => {
    const member = await joined();
    expectFail(await send('GET', '/staff', { token: member.token }), 403, m.forbidden);
    const res = await change(member.id, { role: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'admin', disabled: false });
    expect((await send('GET', '/staff', { token: member.token })).statusCode).toBe(200);
  });

  it('is for staff only: a customer id is 404', async () => {
    const customer = await createAccount(t);
    expectFail(await change(customer.id, { role: 'admin' }), 404, m.staffMemberNotFound);
  });
});

describe('disabling', () => {
  it('stops every token at once and refuses sign-in and password reset; enabling lets them sign in again', async () => {
    const member = await joined();
    const res = await change(member.id, { disabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.disabled).toBe(true);

    expectFail(await send('GET', '/users/getMe', { token: member.token }), 401, m.accountDisabled);
    expectFail(await login(member.email), 401, m.accountDisabled);
    // Only who knows the password learns the account is disabled.
    expectFail(await login(member.email, 'Wrong-Passw0rd-Long'), 400, m.loginIncorrect);
    expectFail(
      await send('POST', '/auth/forgotPasswords', { payload: { email: member.email } }),
      401,
      m.accountDisabled,
    );

    expect((await change(member.id, { disabled: false })).statusCode).toBe(200);
    // The old token stays dead; a new sign-in works.
    expectFail(await send('GET', '/users/getMe', { token: member.token }), 401, m.passwordChanged);
    const again = await login(member.email);
    expect(again.statusCode, again.body).toBe(200);
    expect((await send('GET', '/orders', { token: again.json().token })).statusCode).toBe(200);
  });

  it('revokes the open invites the member sent: a disabled admin gets no account back through them', async () => {
    const other = await joined('admin');
    const sent = await send('POST', '/staff/invites', {
      token: other.token,
      payload: { email: newEmail(), role: 'admin' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await change(other.id, { disabled: true })).statusCode).toBe(200);
    const left = await t.database.db.select().from(staffInvites).where(eq(staffInvites.invitedBy, other.id));
    expect(left).toEqual([]);
  });

  it('is refused on oneself, as is demoting oneself (409)', async () => {
    expectFail(await change(owner.id, { disabled: true }), 409, m.staffSelfChange);
    expectFail(await change(owner.id, { role: 'staff' }), 409, m.staffSelfChange);
    // Saying what is already so is no change.
    expect((await change(owner.id, { role: 'admin', disabled: false })).statusCode).toBe(200);
  });

  it('keeps one active admin: two admins disabling each other at once, one wins', async () => {
    // A shop of its own, whose only admins are these two.
    const shop = await createTestApp();
    try {
      const first = await createAccount(shop, 'admin');
      const second = await createAccount(shop, 'admin');
      const [a, b] = await Promise.all([
        send('PATCH', `/staff/${second.id}`, { token: first.token, payload: { disabled: true }, app: shop }),
        send('PATCH', `/staff/${first.id}`, { token: second.token, payload: { disabled: true }, app: shop }),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses[0], `${a.body} ${b.body}`).toBe(200);
      // The loser was disabled first (401) or found no other active admin left (409).
      expect([401, 409]).toContain(statuses[1]);
      const active = await shop.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(active.filter((admin) => admin.disabledAt === null)).toHaveLength(1);
    } finally {
      await shop.close();
    }
  });
});

describe('the log of staff actions (docs/staff-actions.md)', () => {
  /** The log's lines about the account or invite `label`, oldest first. */
  const linesAbout = async (label: string) =>
    (await t.database.db.select().from(staffActions).where(eq(staffActions.subjectLabel, label))).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );

  it('keeps the invite, the role change, disabling and enabling, each by its actor; a refused change leaves none', async () => {
    const email = newEmail();
    const { token } = await invite(email);
    expect(await linesAbout(email)).toMatchObject([
      {
        action: 'staff.invited',
        actorId: owner.id,
        subjectType: 'user',
        changes: [{ field: 'role', before: null, after: 'staff' }],
      },
    ]);
    const res = await accept(token, 'موظفة السجل');
    expect(res.statusCode, res.body).toBe(201);
    const memberId = res.json().data.id as string;

    expect((await change(memberId, { role: 'admin', disabled: true })).statusCode).toBe(200);
    expect((await change(memberId, { disabled: true })).statusCode).toBe(200);
    expect((await change(memberId, { disabled: false })).statusCode).toBe(200);
    expectFail(await change(owner.id, { disabled: true }), 409, m.staffSelfChange);
    expect(await linesAbout('موظفة السجل')).toMatchObject([
      {
        action: 'staff.role_changed',
        subjectId: memberId,
        changes: [{ field: 'role', before: 'staff', after: 'admin' }],
      },
      { action: 'staff.disabled', subjectId: memberId, changes: [{ field: 'disabled', before: false, after: true }] },
      { action: 'staff.enabled', subjectId: memberId, changes: [{ field: 'disabled', before: true, after: false }] },
    ]);
    const ownLines = await t.database.db.select().from(staffActions).where(eq(staffActions.subjectId, owner.id));
    expect(ownLines).toEqual([]);
  });
});

describe('the staff refund limit', () => {
  /** A cash order of a new customer, for 100 riyals, not paid yet. */
  async function placedOrder(): Promise<Order> {
    const { category, brand } = await createTaxonomy(t);
    const product = await insertProduct(t, { categoryId: category.id, brandId: brand.id });
    const { user, cartId } = await customerWithCart(t, send, [{ productId: product.id }]);
    const res = await send('POST', `/orders/${cartId}`, { token: user.token, payload: { shippingAddress } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Order;
  }
  /** The same, paid. */
  async function paidOrder(): Promise<Order> {
    const order = await placedOrder();
    expect((await send('PUT', `/orders/${order.id}/pay`, { token: owner.token })).statusCode).toBe(200);
    return order;
  }
  const refund = (order: Order, amount: number, token: string) =>
    send('POST', `/orders/${order.id}/refunds`, { token, payload: { amount, reason: 'تعويض' } });

  it('is set by admins only, read by staff through GET /admin/settings (never the public GET /settings), and checked per refund on both sides of it', async () => {
    const member = await joined();
    expectFail(
      await send('PUT', '/settings', { token: member.token, payload: { staffRefundLimit: 1000 } }),
      403,
      m.forbidden,
    );
    // 0 (the default): staff refund nothing.
    const order = await paidOrder();
    expectFail(await refund(order, 1, member.token), 403, m.staffRefundLimit);

    const set = await send('PUT', '/settings', { token: owner.token, payload: { staffRefundLimit: '٢٠' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.staffRefundLimit).toBe(20);
    expect((await send('GET', '/settings')).json().data.staffRefundLimit).toBeUndefined();
    expect((await send('GET', '/settings', { token: member.token })).json().data.staffRefundLimit).toBeUndefined();
    expect((await send('GET', '/settings', { token: owner.token })).json().data.staffRefundLimit).toBeUndefined();
    // Staff know their limit: the owner's own settings show it to them and to admins.
    expect((await send('GET', '/admin/settings', { token: member.token })).json().data.staffRefundLimit).toBe(20);
    expect((await send('GET', '/admin/settings', { token: owner.token })).json().data.staffRefundLimit).toBe(20);

    expectFail(await refund(order, 20.01, member.token), 403, m.staffRefundLimit);
    const atLimit = await refund(order, 20, member.token);
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    // Admins have no limit.
    const byOwner = await refund(order, 50, owner.token);
    expect(byOwner.statusCode, byOwner.body).toBe(201);
  });

  it('holds a staff cancel of a paid order to it too (the cancel refunds what was paid)', async () => {
    const member = await joined();
    const set = await send('PUT', '/settings', { token: owner.token, payload: { staffRefundLimit: 20 } });
    expect(set.statusCode, set.body).toBe(200);
    const paid = await paidOrder();
    const cancel = (order: Order, token: string) =>
      send('POST', `/orders/${order.id}/cancel`, { token, payload: { reason: 'طلب الزبون' } });
    expectFail(await cancel(paid, member.token), 403, m.staffRefundLimit);
    expectFail(
      await send('PUT', `/orders/${paid.id}/status`, { token: member.token, payload: { status: 'cancelled' } }),
      403,
      m.staffRefundLimit,
    );
    // Nothing changed: not cancelled, nothing refunded.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(row).toMatchObject({ status: paid.status, refundedAmount: 0 });
    // An unpaid order refunds nothing: staff cancel it; an admin cancels the paid one.
    expect((await cancel(await placedOrder(), member.token)).statusCode).toBe(200);
    expect((await cancel(paid, owner.token)).statusCode).toBe(200);
  });

  it('refuses amounts that are no money (400)', async () => {
    for (const staffRefundLimit of [-1, 12.345, 'abc', 1e12]) {
      const res = await send('PUT', '/settings', { token: owner.token, payload: { staffRefundLimit } });
      expect(firstError(res).code, String(staffRefundLimit)).toBe('STAFF_REFUND_LIMIT_INVALID');
    }
  });
});
