import { z } from 'zod';
import { userSchema } from './auth.js';
import { idParams, isoDateTime, listEnvelope, nonNegativeInt, pageQuery, positiveInt, resourceIds } from './common.js';
import { CUSTOMER_KEYWORD_MAX } from './constants.js';
import { apiMessages as m } from './messages.js';
import { optionalFilter } from './order-query.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-statuses.js';
import { addressSchema } from './shopping.js';

/*
 * The shop's customers as staff read them (docs/customers.md): `GET /users?keyword=&page=&limit=`
 * and `GET /users/:id`. Money in minor units, computed by the server from the orders.
 */

export const customerListQuerySchema = z.object({
  ...pageQuery,
  /** Part of the name (Arabic folding), of the e-mail, or the phone in any form the shop takes. */
  keyword: optionalFilter(
    z.string({ error: m.valueTypeInvalid }).trim().max(CUSTOMER_KEYWORD_MAX, { error: m.keywordTooLong }),
  ),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

export const customerParams = idParams;

/** A customer: the public user (never a hash, token version or reset code) and their orders' figures. */
export const customerSchema = userSchema.extend({
  /** Every order they made, cancelled ones included. */
  ordersCount: nonNegativeInt,
  /** Major units, as every amount of the API: the totals of their orders not cancelled and not test orders, less what was refunded. */
  totalSpent: z.number().nonnegative(),
  /** Their newest order's time, or null without orders. */
  lastOrderAt: isoDateTime.nullable(),
  addresses: z.array(addressSchema),
});

/** One of a customer's orders on their page: enough to find it and open it. */
export const customerOrderSchema = z.object({
  ...resourceIds,
  number: positiveInt,
  createdAt: isoDateTime,
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethodType: z.enum(['cash', 'card']),
  /** Major units, as every amount of the API. */
  total: z.number().nonnegative(),
  city: z.string(),
});

export const customerList = listEnvelope(customerSchema);
export const customerEnvelope = z.object({
  data: customerSchema.extend({ orders: z.array(customerOrderSchema) }),
});
