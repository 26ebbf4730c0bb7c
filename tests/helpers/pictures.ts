import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { Product } from '../../src/contract/types.js';
import type { Account, TestApp } from './app.js';
import { type FieldValue, type FilePart, multipart, pngImage } from './multipart.js';
import { unique } from './shopping.js';

/** A picture of its own colour: a different file, hence a different key. */
export const picture = (background: string) => pngImage(40, 40, background);

/** The key the store gives an upload: its content hash (src/server/media/store.ts). */
export const productKeyOf = (file: FilePart) =>
  `products/${createHash('sha256').update(file.data).digest('hex').slice(0, 32)}`;

export const keysOf = (product: Product) => product.imagesSizes.map((image) => image.key);

/** A multipart form to an API path: method, path under /api/v1, its fields and its files. */
export type Form = [
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, FieldValue | undefined>,
  files?: Record<string, FilePart | FilePart[] | undefined>,
];

/** A multipart form to the API of `shop`, sent as `account` (an admin, for pictures). */
export function sendFormAs(shop: TestApp, account: Account, ...[method, url, fields, files = {}]: Form) {
  const { payload, headers } = multipart(fields, files);
  return shop.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${account.token}` },
  });
}

/** A product of `categoryId` with these pictures, created by `account`. */
export async function createPicturedProduct(
  shop: TestApp,
  account: Account,
  categoryId: string,
  cover: FilePart,
  images: FilePart[],
): Promise<Product> {
  const res = await sendFormAs(
    shop,
    account,
    'POST',
    '/products',
    { title: unique('منتج'), description: 'وصف', quantity: 5, price: 100, category: categoryId },
    { imageCover: cover, images },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
