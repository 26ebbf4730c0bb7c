import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FailureBody } from '../../src/contract/errors.js';
import type { ApiFailureKey } from '../../src/contract/messages.js';
import { isCalendarDay, orderFilterFields } from '../../src/contract/order-query.js';
import { ORDER_STATUS_NAMES, PAYMENT_STATUS_NAMES } from '../../src/contract/order-statuses.js';
import type { ApiRequest, ApiResponse } from '../../src/contract/transport.js';
import { csvCell } from '../../src/server/http/csv.js';
import { ao } from '../../src/web/i18n/admin-orders.js';
import { formFailureFromApi } from '../../src/web/lib/api-errors.js';
import { couponBody, couponDefaults, couponFields, EMPTY_COUPON, isExpired } from '../../src/web/lib/coupon-form.js';
import { validateCoupon } from '../../src/web/lib/coupon-validation.js';
import { orderFilterFrom, orderFilterNames, orderFilterQuery } from '../../src/web/lib/order-filter.js';
import { orderFilterErrors } from '../../src/web/lib/order-filter.server.js';
import { collectionOf, nextStatuses, statusChoiceError } from '../../src/web/lib/order-status.js';
import { parseFlashToast } from '../../src/web/lib/toast.js';
import { action as couponsAction } from '../../src/web/routes/admin/coupons.js';
import { action as editCouponAction } from '../../src/web/routes/admin/edit-coupon.js';
import { action as orderAction } from '../../src/web/routes/admin/order.js';
import { failBody, fieldErrorsBody } from '../helpers/failures.js';

const valid = { name: 'sale20', expire: '2099-12-31', discount: '20' };
const required = { name: 'اسم الكوبون مطلوب', expire: 'تاريخ الانتهاء مطلوب', discount: 'نسبة الخصم مطلوبة' };
const addRange = 'نسبة الخصم عدد صحيح من 1 إلى 100';
const editRange = 'نسبة الخصم عدد صحيح من 0 إلى 100';

describe('the coupon form', () => {
  it('requires name, expiry and discount, each with its own Arabic message', () => {
    expect(validateCoupon({ name: '  ', expire: '', discount: ' ' }, 'add')).toEqual(required);
    expect(validateCoupon({ name: '', expire: '', discount: '' }, 'edit')).toEqual(required);
    expect(validateCoupon(valid, 'add')).toEqual({});
  });

  it('takes a whole discount from 1 to 100 on add, from 0 on edit (docs/specification.md (Validation rules: Coupons))', () => {
    for (const discount of ['0', '101', '-5', '12.5', 'abc', '1e2x']) {
      expect(validateCoupon({ ...valid, discount }, 'add')).toEqual({ discount: addRange });
    }
    for (const discount of ['1', '100', '١٠٠', ' 55 '])
      expect(validateCoupon({ ...valid, discount }, 'add')).toEqual({});
    expect(validateCoupon({ ...valid, discount: '0' }, 'edit')).toEqual({});
    for (const discount of ['101', '-1', '0.5']) {
      expect(validateCoupon({ ...valid, discount }, 'edit')).toEqual({ discount: editRange });
    }
  });

  it('refuses a day that does not exist and a name longer than the API keeps', () => {
    expect(validateCoupon({ ...valid, expire: '2026-02-30' }, 'add')).toEqual({ expire: 'تاريخ الانتهاء غير صالح' });
    expect(validateCoupon({ ...valid, expire: '31/12/2099' }, 'add')).toEqual({ expire: 'تاريخ الانتهاء غير صالح' });
    expect(validateCoupon({ ...valid, expire: '٢٠٩٩-١٢-٣١' }, 'add')).toEqual({});
    expect(validateCoupon({ ...valid, name: 'A'.repeat(51) }, 'add')).toEqual({ name: 'اسم الكوبون طويل جداً' });
    expect(validateCoupon({ ...valid, name: 'A'.repeat(50) }, 'add')).toEqual({});
  });

  it('sends the name in upper case and digits in ASCII', () => {
    expect(couponBody({ name: ' sale20 ', expire: '٢٠٩٩-١٢-٣١', discount: '٢٠' })).toEqual({
      name: 'SALE20',
      expire: '2099-12-31',
      discount: 20,
    });
  });

  it('starts empty, or from the saved coupon’s day in the shop’s zone and discount', () => {
    expect(EMPTY_COUPON).toEqual({ name: '', expire: '', discount: '' });
    const coupon = {
      _id: 'c1',
      id: 'c1',
      name: 'SALE20',
      // The last millisecond of 31 December in Riyadh (UTC+3).
      expire: '2099-12-31T20:59:59.999Z',
      discount: 0,
      createdAt: '',
      updatedAt: '',
    };
    expect(couponDefaults(coupon, 'Asia/Riyadh')).toEqual({ name: 'SALE20', expire: '2099-12-31', discount: '0' });
    expect(couponDefaults(coupon, 'UTC').expire).toBe('2099-12-31');
    expect(couponDefaults({ ...coupon, expire: '2099-12-31T22:00:00.000Z' }, 'Asia/Riyadh').expire).toBe('2100-01-01');
  });

  it('calls a coupon expired once its expiry has passed', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(isExpired({ expire: '2026-05-31T23:59:59.999Z' }, now)).toBe(true);
    expect(isExpired({ expire: '2026-06-01T23:59:59.999Z' }, now)).toBe(false);
  });

  it('puts the API’s coupon messages on their fields in Arabic', () => {
    const failure = (body: FailureBody, status = 400) => formFailureFromApi({ status, body }, couponFields, 'EG');
    const error = (key: ApiFailureKey, param: string) => fieldErrorsBody([param, key]);
    expect(failure(error('couponNameTaken', 'name'))).toEqual({ fieldErrors: { name: 'هذا الكوبون مضاف من قبل' } });
    expect(failure(error('couponDiscountRange', 'discount'))).toEqual({ fieldErrors: { discount: addRange } });
    expect(failure(error('couponDiscountEditRange', 'discount'))).toEqual({ fieldErrors: { discount: editRange } });
    expect(failure(error('couponExpireInvalid', 'expire'))).toEqual({
      fieldErrors: { expire: 'تاريخ الانتهاء غير صالح' },
    });
    expect(failure(failBody('couponNotFound'), 404)).toEqual({
      fieldErrors: {},
      formError: 'هذا الكوبون غير موجود، ربما حُذف من قبل.',
    });
  });
});

describe('the order status control', () => {
  it('offers only the moves the API allows (docs/orders.md § Statuses)', () => {
    expect(nextStatuses('pending')).toEqual(['processing', 'shipped', 'delivered', 'cancelled']);
    expect(nextStatuses('shipped')).toEqual(['shipped', 'delivered', 'cancelled']);
    expect(nextStatuses('delivered')).toEqual([]);
  });

  it('sends nothing for the placeholder or a move the status does not allow', () => {
    expect(statusChoiceError('', 'pending')).toBe('اختر حالة أولاً');
    expect(statusChoiceError('processing', 'shipped')).toBe('لا يمكن نقل الطلب إلى هذه الحالة من «تم الشحن»');
    expect(statusChoiceError('shipped', 'processing')).toBeUndefined();
  });

  it('names statuses and payment states in Arabic, from the one table the e-mails use too', () => {
    expect(ORDER_STATUS_NAMES.processing).toBe('قيد التجهيز');
    expect(PAYMENT_STATUS_NAMES.partially_refunded).toBe('مسترد جزئياً');
    // Every name is its own: a screen never shows two states alike.
    expect(new Set(Object.values(ORDER_STATUS_NAMES)).size).toBe(5);
    expect(new Set(Object.values(PAYMENT_STATUS_NAMES)).size).toBe(4);
  });
});

describe('the packing slip’s money (docs/orders.md § The packing slip)', () => {
  const order = { status: 'processing', paymentMethodType: 'cash', isPaid: false, totalOrderPrice: 287.5 } as const;

  it('collects an unpaid cash order’s whole total on delivery', () => {
    expect(collectionOf(order)).toEqual({ kind: 'collect', amount: 287.5 });
    expect(collectionOf({ ...order, status: 'shipped' })).toEqual({ kind: 'collect', amount: 287.5 });
  });

  it('collects nothing for a paid order, cash or card, nor for an unpaid card order', () => {
    expect(collectionOf({ ...order, isPaid: true })).toEqual({ kind: 'paid' });
    expect(collectionOf({ ...order, paymentMethodType: 'card', isPaid: true })).toEqual({ kind: 'paid' });
    expect(collectionOf({ ...order, paymentMethodType: 'card' })).toEqual({ kind: 'cardUnpaid' });
  });

  it('says a cancelled order is not shipped, whatever its money', () => {
    expect(collectionOf({ ...order, status: 'cancelled' })).toEqual({ kind: 'cancelled' });
    expect(collectionOf({ ...order, status: 'cancelled', isPaid: true })).toEqual({ kind: 'cancelled' });
  });
});

/** A context whose API answers by path, recording every call; the session belongs to an admin. */
function fakeContext(answer: (request: ApiRequest) => ApiResponse | undefined = () => undefined) {
  const calls: ApiRequest[] = [];
  const context = {
    shop: { name: 'متجر', currency: 'SAR', phoneCountry: 'EG', publicUrl: 'http://shop.test' },
    apiTransport: async (request: ApiRequest) => {
      calls.push(request);
      if (request.path === '/users/getMe') return { status: 200, body: { data: admin } };
      return answer(request) ?? { status: 200, body: {} };
    },
  } as unknown as AppLoadContext;
  const apiCalls = () => calls.filter((c) => c.path !== '/users/getMe').map((c) => `${c.method} ${c.path}`);
  return { calls, apiCalls, context };
}
const admin = { _id: 'a1', id: 'a1', name: 'مدير المتجر', email: 'a@example.com', phone: '', role: 'admin' };
const post = (url: string, fields: Record<string, string>) =>
  new Request(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie: 'matjar_session=tok' },
  });
const flashOf = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('matjar_toast='));
  return parseFlashToast(decodeURIComponent(cookie?.split(';')[0]?.split('=').slice(1).join('=') ?? ''));
};
type Args<A extends (...args: never[]) => unknown> = Parameters<A>[0];

describe('the order page’s action', () => {
  const ORDER = 'o1';
  const run = (fields: Record<string, string>, context: AppLoadContext) =>
    orderAction({
      request: post(`http://shop.test/admin/orders/${ORDER}`, fields),
      context,
      params: { id: ORDER },
    } as Args<typeof orderAction>);
  const order = (status: string) => (request: ApiRequest) =>
    request.method === 'GET' ? { status: 200, body: { data: { id: ORDER, status } } } : undefined;

  it('sends nothing for the placeholder, nor for a move the status does not allow', async () => {
    const api = fakeContext(order('shipped'));
    expect(await run({ status: '', js: '1' }, api.context)).toMatchObject({
      data: { ok: false, fieldErrors: { status: ao.chooseFirst } },
      init: { status: 400 },
    });
    expect(api.apiCalls()).toEqual([]);
    expect(await run({ status: 'processing', js: '1' }, api.context)).toMatchObject({
      data: { ok: false, fieldErrors: { status: 'لا يمكن نقل الطلب إلى هذه الحالة من «تم الشحن»' } },
    });
    expect(api.apiCalls()).toEqual([`GET /orders/${ORDER}`]);
  });

  it('moves the order with its tracking when shipped: an answer for a fetcher, a redirect with a toast for a plain post', async () => {
    const api = fakeContext(order('processing'));
    const fields = { status: 'shipped', carrier: 'سمسا', trackingNumber: 'TRK1', trackingUrl: '', note: ' ' };
    expect(await run({ ...fields, js: '1' }, api.context)).toMatchObject({
      data: { ok: true, message: 'تم تحديث حالة الطلب: تم الشحن' },
    });
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put).toEqual(
      expect.objectContaining({
        path: `/orders/${ORDER}/status`,
        body: { status: 'shipped', carrier: 'سمسا', trackingNumber: 'TRK1' },
        token: 'tok',
      }),
    );

    const response = (await run({ status: 'delivered', carrier: 'x' }, api.context)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/admin/orders/${ORDER}`);
    expect(flashOf(response)).toMatchObject({ type: 'success', text: 'تم تحديث حالة الطلب: تم التوصيل' });
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({ body: { status: 'delivered' } });
  });

  it('says the API’s refusal in Arabic, says when the order is gone, and refuses a post without a status', async () => {
    const refusing = fakeContext((request) =>
      request.method === 'GET'
        ? { status: 200, body: { data: { id: ORDER, status: 'pending' } } }
        : { status: 409, body: failBody('orderTransitionInvalid') },
    );
    expect(await run({ status: 'processing', js: '1' }, refusing.context)).toMatchObject({
      data: { ok: false, formError: 'لا يمكن نقل الطلب إلى هذه الحالة من حالته الحالية، حدّث الصفحة لترى حالته الآن' },
    });
    const gone = fakeContext(() => ({ status: 404, body: failBody('orderNotFound') }));
    expect(await run({ status: 'processing', js: '1' }, gone.context)).toMatchObject({
      data: { ok: false, formError: ao.orderGone },
    });
    await expect(run({ js: '1' }, gone.context)).rejects.toMatchObject({ init: { status: 400 } });
  });

  it('asks before a refund, with the amount and how it goes back, and sends nothing until confirmed', async () => {
    const lines = [{ id: 'l1', count: 2, product: { title: 'قميص' } }];
    const orderPaidBy = (paymentMethodType: 'cash' | 'card') =>
      fakeContext((request) =>
        request.method === 'GET'
          ? { status: 200, body: { data: { id: ORDER, status: 'delivered', paymentMethodType, cartItems: lines } } }
          : undefined,
      );
    const fields = { intent: 'refund', amount: '٥٠٫٥', reason: 'تالف', 'restock-l1': '١', idempotencyKey: 'k1' };
    const cash = orderPaidBy('cash');
    for (const js of [{ js: '1' }, {}] as Record<string, string>[]) {
      expect(await run({ ...fields, ...js }, cash.context)).toEqual({
        intent: 'refund',
        confirm: { amount: 50.5, reason: 'تالف', restock: [{ lineId: 'l1', count: 1 }], byCard: false },
      });
    }
    expect(cash.apiCalls()).toEqual([`GET /orders/${ORDER}`, `GET /orders/${ORDER}`]);
    const card = orderPaidBy('card');
    expect(await run(fields, card.context)).toMatchObject({ confirm: { byCard: true } });
    expect(card.apiCalls().filter((call) => call.startsWith('POST'))).toEqual([]);
    // A bad amount is said on its field before any question.
    expect(await run({ ...fields, amount: '0', js: '1' }, cash.context)).toMatchObject({
      data: { ok: false, fieldErrors: { amount: ao.refundAmountInvalid } },
    });
    expect(ao.refundQuestion('٥٠٫٥٠ ر.س.‏', true)).toBe('استرداد ٥٠٫٥٠ ر.س.‏ بالبطاقة؟');
    expect(ao.refundQuestion('٥٠٫٥٠ ر.س.‏', false)).toBe('استرداد ٥٠٫٥٠ ر.س.‏ نقدًا؟');
  });

  it('says a refused tracking link on its field, in its own words, not that the order is gone', async () => {
    const refusing = fakeContext((request) =>
      request.method === 'GET'
        ? { status: 200, body: { data: { id: ORDER, status: 'processing' } } }
        : { status: 400, body: fieldErrorsBody(['trackingUrl', 'trackingUrlInvalid']) },
    );
    const fields = { status: 'shipped', trackingUrl: 'track.example/SM1', js: '1' };
    const answer = (await run(fields, refusing.context)) as { data: unknown; init: unknown };
    expect(answer.data).toEqual({ intent: 'status', ok: false, fieldErrors: { trackingUrl: ao.trackingUrlInvalid } });
    expect(answer.init).toMatchObject({ status: 400 });
    // A malformed id is a 400 on the path's `id`: that one still reads as an order that is not there.
    const malformed = fakeContext(() => ({
      status: 400,
      body: { errors: [{ value: 'x', msg: 'Invalid id format', param: 'id', location: 'params', code: 'INVALID_ID' }] },
    }));
    expect(await run(fields, malformed.context)).toMatchObject({ data: { ok: false, formError: ao.orderGone } });
  });

  it('says a refund the gateway has not confirmed yet is on its way, not done', async () => {
    const refunding = (status: 'done' | 'due') =>
      fakeContext((request) =>
        request.method === 'GET'
          ? { status: 200, body: { data: { id: ORDER, status: 'delivered', cartItems: [] } } }
          : { status: 201, body: { data: { _id: 'r1', id: 'r1', amount: 50, reason: 'تعويض', status, restock: [] } } },
      );
    const fields = { intent: 'refund', amount: '50', reason: 'تعويض', idempotencyKey: 'k1', confirmed: '1', js: '1' };
    expect(await run(fields, refunding('due').context)).toMatchObject({
      data: { ok: true, message: expect.stringMatching(/^سُجّل استرداد .+، ولم تؤكده بوابة الدفع بعد/) },
    });
    expect(await run(fields, refunding('done').context)).toMatchObject({
      data: { ok: true, message: expect.stringMatching(/^تم استرداد /) },
    });
  });
});

describe('the coupon screen’s action', () => {
  const run = (url: string, fields: Record<string, string>, context: AppLoadContext) =>
    couponsAction({ request: post(url, fields), context, params: {} } as Args<typeof couponsAction>);
  const PAGE = 'http://shop.test/admin/addCoupon';

  it('checks the form before sending, then adds the coupon in upper case', async () => {
    const api = fakeContext((request) =>
      request.method === 'POST' ? { status: 201, body: { data: { name: 'SALE20' } } } : undefined,
    );
    expect(await run(PAGE, { intent: 'add', name: '', expire: '', discount: '0', js: '1' }, api.context)).toMatchObject(
      {
        data: { intent: 'add', ok: false, fieldErrors: { ...required, discount: addRange } },
        init: { status: 400 },
      },
    );
    expect(api.apiCalls()).toEqual([]);
    expect(await run(PAGE, { intent: 'add', ...valid, js: '1' }, api.context)).toMatchObject({
      data: { intent: 'add', ok: true, name: 'SALE20' },
    });
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/coupons',
      body: { name: 'SALE20', expire: '2099-12-31', discount: 20 },
    });
  });

  it('keeps what was typed when the name is taken', async () => {
    const api = fakeContext(() => ({
      status: 400,
      body: fieldErrorsBody(['name', 'couponNameTaken']),
    }));
    expect(await run(PAGE, { intent: 'add', ...valid, js: '1' }, api.context)).toMatchObject({
      data: { ok: false, fieldErrors: { name: 'هذا الكوبون مضاف من قبل' }, values: valid },
    });
  });

  it('deletes, and a plain post goes back to the same page without the dialog', async () => {
    const api = fakeContext((request) => (request.method === 'DELETE' ? { status: 204, body: undefined } : undefined));
    const response = (await run(`${PAGE}?page=2&delete=c1`, { intent: 'delete', id: 'c1' }, api.context)) as Response;
    expect(api.apiCalls()).toEqual(['DELETE /coupons/c1']);
    expect(response.headers.get('location')).toBe('/admin/addCoupon?page=2');
    expect(flashOf(response)).toMatchObject({ type: 'success', text: 'تم حذف الكوبون' });

    const gone = fakeContext(() => ({ status: 404, body: failBody('couponNotFound') }));
    expect(await run(PAGE, { intent: 'delete', id: 'c1', js: '1' }, gone.context)).toMatchObject({
      data: { intent: 'delete', ok: false, message: 'هذا الكوبون غير موجود، ربما حُذف من قبل.' },
    });
  });
});

describe('the edit coupon action', () => {
  const run = (fields: Record<string, string>, context: AppLoadContext) =>
    editCouponAction({
      request: post('http://shop.test/admin/edit-coupon/c1', fields),
      context,
      params: { id: 'c1' },
    } as Args<typeof editCouponAction>);

  it('allows 0 %, then goes back to the coupon screen with a toast (docs/specification.md (States and transitions))', async () => {
    const api = fakeContext((request) =>
      request.method === 'PUT' ? { status: 200, body: { data: { name: 'SALE20' } } } : undefined,
    );
    expect(await run({ ...valid, discount: '101' }, api.context)).toMatchObject({
      data: { fieldErrors: { discount: editRange } },
    });
    expect(api.apiCalls()).toEqual([]);
    const response = (await run({ ...valid, discount: '0' }, api.context)) as Response;
    expect(api.calls.at(-1)).toMatchObject({ method: 'PUT', path: '/coupons/c1', body: { discount: 0 } });
    expect(response.headers.get('location')).toBe('/admin/addCoupon');
    expect(flashOf(response)).toMatchObject({ type: 'success', text: 'تم تعديل الكوبون SALE20' });
  });
});

describe('the orders list filters (docs/orders.md, "The admin orders list")', () => {
  const url = (query: string) => new URL(`http://shop.test/admin/allorders?${query}`);

  it('reads each filter once from the URL, and sends only those set', () => {
    const filter = orderFilterFrom(url('keyword=%20%23١٢%20&method=card&method=cash&from=&status=shipped&page=3'));
    expect(filter).toEqual({
      keyword: '#١٢',
      status: 'shipped',
      paymentStatus: '',
      method: 'card',
      from: '',
      to: '',
      isPaid: '',
      isDelivered: '',
    });
    expect(orderFilterQuery(filter)).toEqual({ keyword: '#١٢', status: 'shipped', method: 'card' });
  });

  it("keeps every one of the API's filters in the URL, and no other", () => {
    expect([...orderFilterNames].sort()).toEqual(Object.keys(orderFilterFields).sort());
  });

  it('says bad days and states in Arabic, on their own fields, before the API is asked', () => {
    const errors = (query: string) => orderFilterErrors(orderFilterFrom(url(query)), 'SA');
    expect(errors('from=2026-02-30&to=2026-13-01')).toEqual({
      from: ao.filters.dateInvalid,
      to: ao.filters.dateInvalid,
    });
    expect(errors('from=2026-03-05&to=2026-03-01')).toEqual({ to: ao.filters.rangeInvalid });
    expect(errors('isPaid=maybe')).toEqual({ isPaid: ao.filters.flagInvalid });
    expect(errors('status=lost&paymentStatus=free')).toEqual({
      status: 'اختر حالة صحيحة للطلب',
      paymentStatus: ao.filters.paymentStatusInvalid,
    });
    expect(errors('status=cancelled&paymentStatus=partially_refunded')).toEqual({});
    expect(errors('from=٢٠٢٦-٠٣-٠١&to=2026-03-01&isDelivered=true')).toEqual({});
  });

  it('knows a calendar day', () => {
    for (const day of ['2026-03-01', '2024-02-29', '0001-01-01', '9999-12-31'])
      expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-02-29', '2026-02-30', '2026-13-01', '0000-01-01', '2026-3-1', '20260301', ''])
      expect(isCalendarDay(day), day).toBe(false);
  });
});

describe('CSV cells of the order export', () => {
  it('quotes by RFC 4180 and neutralises formulas, but not plain numbers', () => {
    expect(csvCell('سلمى')).toBe('سلمى');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('قال "مرحبا"')).toBe('"قال ""مرحبا"""');
    expect(csvCell('سطر\nسطر')).toBe('"سطر\nسطر"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+966551234567')).toBe('+966551234567');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
  });
});
