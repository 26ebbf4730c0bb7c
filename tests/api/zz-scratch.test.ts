import { it } from 'vitest';
import { createAccount, createTestApp } from '../helpers/app.js';
import { createTaxonomy, insertProduct } from '../helpers/shopping.js';

it('times calls', async () => {
  const t = await createTestApp({});
  const user = await createAccount(t);
  const { category } = await createTaxonomy(t);
  const product = await insertProduct(t, { categoryId: category.id });
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/cart',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { productId: product.id },
  });
  for (const url of [
    '/healthz',
    '/api/v1/users/getMe',
    '/api/v1/cart',
    '/api/v1/wishlist',
    `/api/v1/products/${product.id}/reviews/mine`,
    `/api/v1/products/${product.id}`,
    '/api/v1/products?limit=8',
  ]) {
    for (const auth of [true, false]) {
      const headers = auth ? { authorization: `Bearer ${user.token}` } : {};
      for (let i = 0; i < 20; i++) await t.app.inject({ url, headers });
      const t0 = performance.now();
      for (let i = 0; i < 100; i++) await t.app.inject({ url, headers });
      console.log(url, auth ? 'auth' : 'anon', ((performance.now() - t0) / 100).toFixed(2), 'ms');
    }
  }
  await t.close();
}, 120000);
