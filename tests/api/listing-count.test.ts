import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/db/seed/index.js';
import { mediaStoreOf } from '../../src/server/media/store.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

// The listing counts its matches no further than 1,000 past the page (docs/catalogue.md § Counting).
const TOTAL = 1_250;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const media = mediaStoreOf(t.config);
  await seedDatabase({ db: t.database.db, config: t.config, media, products: TOTAL });
}, 180_000);
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ url: `/api/v1/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the listing count', () => {
  it('stops 1,000 past the page and says that `results` is a lower bound', async () => {
    const first = await list('limit=100');
    expect(first.results).toBe(1_100);
    expect(first.resultsAtLeast).toBe(true);
    expect(first.paginationResult).toEqual({ currentPage: 1, limit: 100, numberOfPages: 11, nextPage: 2 });
    expect(first.data).toHaveLength(100);
  });

  it('is exact when every match lies within the window, as on the last pages', async () => {
    const last = await list('limit=100&page=13');
    expect(last.results).toBe(TOTAL);
    expect(last).not.toHaveProperty('resultsAtLeast');
    expect(last.paginationResult).toEqual({ currentPage: 13, limit: 100, numberOfPages: 13, prevPage: 12 });
    expect(last.data).toHaveLength(50);
  });

  it('is exact past the last page, with no products', async () => {
    const past = await list('limit=100&page=20');
    expect(past).toMatchObject({ results: TOTAL, data: [] });
    expect(past).not.toHaveProperty('resultsAtLeast');
  });

  it('is exact for a filter with fewer matches than the window', async () => {
    const categories = await t.app.inject({ url: '/api/v1/categories?limit=1' });
    const category: string = categories.json().data[0].id;
    const filtered = await list(`limit=5&category=${category}`);
    expect(filtered.results).toBeGreaterThan(5);
    expect(filtered.results).toBeLessThan(1_005);
    expect(filtered).not.toHaveProperty('resultsAtLeast');
  });
});
