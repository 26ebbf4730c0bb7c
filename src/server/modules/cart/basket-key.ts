import type { FastifyRequest } from 'fastify';
import { BASKET_KEY_PATTERN } from '../../../contract/shopping.js';
import { failure } from '../../errors.js';

/**
 * The request's `X-Basket-Key`, or undefined without one; a key not shaped as the shop makes them
 * (BASKET_KEY_PATTERN) is `400 BASKET_KEY_INVALID`, never looked up.
 */
export function basketKeyOf(headers: FastifyRequest['headers']): string | undefined {
  const key = headers['x-basket-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !BASKET_KEY_PATTERN.test(key)) throw failure('basketKeyInvalid');
  return key;
}
