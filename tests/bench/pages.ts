/**
 * `npm run bench:pages`: server-rendered pages per second. The production build on a fresh seeded
 * demo shop (embedded database, one process), autocannon with 16 connections against `/`,
 * `/products` and a product page, as a guest, as a guest holding a basket and signed in as a
 * customer, and the data of a listing's next page as React Router asks for it in the browser,
 * next to a trivial route
 * (`/healthz`) of the same server in the same run. Prints req/s, p50, p99 and the ratio to the
 * trivial route (docs/benchmarks.md).
 *
 * PAGES_SECONDS (default 8), PAGES_CONNECTIONS (default 16), BENCH_PORT (default 3198).
 */
import autocannon from 'autocannon';
import { BASKET_COOKIE, SESSION_COOKIE } from '../../src/contract/web.js';
import { startProductionShop } from './production-shop';
import { figure, recordFigures } from './results';

const port = Number(process.env.BENCH_PORT ?? 3198);
const seconds = Number(process.env.PAGES_SECONDS ?? 8);
const connections = Number(process.env.PAGES_CONNECTIONS ?? 16);

const shop = startProductionShop(port);
try {
  await shop.ready();
  const listing = (await (await fetch(`${shop.origin}/api/v1/products?limit=1`)).json()) as {
    data: { id: string; availableColors: string[] }[];
  };
  const productPath = `/products/${listing.data[0]?.id}`;
  const signup = await fetch(`${shop.origin}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'قارئ الأداء',
      email: `bench-pages-${Date.now()}@example.com`,
      password: 'Bench-pages-1',
      passwordConfirm: 'Bench-pages-1',
      phone: '0551234567',
    }),
  });
  if (signup.status !== 201) throw new Error(`signing up answered ${signup.status}: ${await signup.text()}`);
  const { token } = (await signup.json()) as { token: string };
  const basket = await fetch(`${shop.origin}/api/v1/basket`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: listing.data[0]?.id, color: listing.data[0]?.availableColors[0] }),
  });
  if (basket.status !== 200) throw new Error(`a basket's first line answered ${basket.status}: ${await basket.text()}`);
  const { basketKey } = (await basket.json()) as { basketKey: string };
  // What a browser sends: its encodings, and the cookie of a guest's basket or a customer's session.
  const guest = { 'accept-encoding': 'gzip, deflate, br' };
  const withBasket = { ...guest, cookie: `${BASKET_COOKIE}=${basketKey}` };
  const signedIn = { ...guest, cookie: `${SESSION_COOKIE}=${token}` };

  const scenarios: { name: string; path: string; headers?: Record<string, string> }[] = [
    { name: 'trivial route (/healthz)', path: '/healthz' },
    { name: 'guest: /', path: '/', headers: guest },
    { name: 'guest: /products', path: '/products', headers: guest },
    { name: 'guest: a product page', path: productPath, headers: guest },
    { name: 'guest with a basket: /', path: '/', headers: withBasket },
    { name: 'guest with a basket: /products', path: '/products', headers: withBasket },
    { name: 'guest with a basket: a product page', path: productPath, headers: withBasket },
    { name: 'customer: /', path: '/', headers: signedIn },
    { name: 'customer: /products', path: '/products', headers: signedIn },
    { name: 'customer: a product page', path: productPath, headers: signedIn },
    // A visit in the browser after the first page: React Router asks for the next page's data
    // (with the root's when the search changes: a listing's next page), rendered per request for
    // a visitor who holds a cookie.
    { name: 'guest with a basket: /products?page=2, data', path: '/products.data?page=2', headers: withBasket },
    { name: 'customer: /products?page=2, data', path: '/products.data?page=2', headers: signedIn },
  ];
  const rows = [];
  let baseline = 0;
  for (const scenario of scenarios) {
    const check = await fetch(`${shop.origin}${scenario.path}`, { headers: scenario.headers });
    if (check.status !== 200) throw new Error(`${scenario.path} answered ${check.status}`);
    const result = await autocannon({
      url: `${shop.origin}${scenario.path}`,
      connections,
      duration: seconds,
      ...(scenario.headers ? { headers: scenario.headers } : {}),
    });
    baseline ||= result.requests.average;
    rows.push({
      scenario: scenario.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
      'ratio to trivial': (result.requests.average / baseline).toFixed(4),
    });
  }
  console.log(`\n${connections} connections, ${seconds} s each, one process, embedded database\n`);
  console.table(rows);
  // Targets of issue 31: a guest's page ≥ 1,000 req/s with p99 ≤ 50 ms; a customer's ≥ 300 req/s,
  // as a guest's holding a basket (their pages are theirs alone, like a customer's), and so is the
  // data of their next pages: how they open every page after the first.
  recordFigures(
    'pages',
    rows.slice(1).flatMap((row) => {
      const guest = row.scenario.startsWith('guest:');
      const rate = figure(`page ${row.scenario}`, row['req/s'], 'req/s', {
        baseline,
        target: { of: 'value', op: '>=', limit: guest ? 1000 : 300 },
      });
      const p99 = figure(`page ${row.scenario}, p99`, row['p99 ms'], 'ms', {
        target: { of: 'value', op: '<=', limit: 50 },
      });
      return guest ? [rate, p99] : [rate];
    }),
  );
} finally {
  shop.stop();
}
