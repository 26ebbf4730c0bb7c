/**
 * `npm run bench:journey`: a new customer's whole purchase on a 360 px phone over a throttled
 * network, measured (docs/benchmarks.md). A production build on a fresh seeded shop (cash only);
 * Playwright drives Debian's chromium as a guest from the home page to a placed cash order: search
 * «فستان», open a dress, choose its size and colour, add it to the basket, check out, sign up, add
 * an address, pay in cash.
 *
 * The walk does what each screen asks for rather than following a fixed script, so the same
 * benchmark measures the shop before and after a change to the journey: on the product page it
 * chooses what is not chosen; sent to sign-in it signs up; on the payment page it adds an address
 * wherever the page offers it. It prints the screens passed, full page loads, taps, fields typed,
 * kilobytes transferred and seconds, and the path it took.
 *
 * Network: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (Lighthouse's "slow 4G"); CPU slowed
 * 4× (BENCH_JOURNEY_CPU overrides). BENCH_PORT picks the port (default 3198).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { startProductionShop } from './production-shop';
import { figure, recordFigures } from './results';

const port = Number(process.env.BENCH_PORT ?? 3198);
const cpuSlowdown = Number(process.env.BENCH_JOURNEY_CPU ?? 4);
/** More steps than any journey needs: a walk going round in circles stops here. */
const MAX_STEPS = 60;
/** Purchases measured; the table shows each and the median's path (BENCH_JOURNEY_RUNS overrides). */
const RUNS = Number(process.env.BENCH_JOURNEY_RUNS ?? 3);

const customer = {
  name: 'سارة القحطاني',
  email: '',
  phone: '0551234567',
  password: 'Journey-pass-1',
};
const address = { alias: 'البيت', details: 'حي الروضة، شارع التحلية 10', city: 'جدة' };

/** What the walk counts, as a person would: screens seen, taps and fields typed. */
class Walk {
  taps = 0;
  typed = 0;
  screens = 0;
  documents = 0;
  bytes = 0;
  readonly path: string[] = [];
  private inFlight = 0;

  constructor(readonly page: Page) {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      // A screen is a path: choosing a size only rewrites the query of the same screen.
      const screen = new URL(frame.url()).pathname;
      if (this.path.at(-1) !== screen) {
        this.screens++;
        this.path.push(screen);
      }
    });
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) this.documents++;
      if (this.awaited(request.resourceType())) this.inFlight++;
    });
    const settled = (request: { resourceType(): string }) => {
      if (this.awaited(request.resourceType())) this.inFlight--;
    };
    page.on('requestfinished', async (request) => {
      settled(request);
      const sizes = await request.sizes().catch(() => null);
      if (sizes) this.bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    });
    page.on('requestfailed', settled);
  }

  private awaited = (type: string) => ['document', 'fetch', 'xhr', 'script', 'stylesheet'].includes(type);

  /** Until the page is React's and no document, data or code request is open for 150 ms. */
  async settle() {
    await this.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
      timeout: 60_000,
    });
    let quietSince = Date.now();
    const deadline = Date.now() + 60_000;
    while (Date.now() - quietSince < 150) {
      if (Date.now() > deadline) throw new Error(`the page never settled at ${this.page.url()}`);
      if (this.inFlight > 0) quietSince = Date.now();
      await this.page.waitForTimeout(25);
    }
  }

  async tap(target: Locator) {
    this.taps++;
    if (process.env.BENCH_JOURNEY_DEBUG) console.log(`  tap ${target}`);
    // A list may render again under the finger (a revalidation): the tap finds the element anew.
    for (let attempt = 1; ; attempt++) {
      try {
        await target.scrollIntoViewIfNeeded();
        await target.tap();
        return;
      } catch (error) {
        if (attempt === 3 || !String(error).includes('not attached')) throw error;
      }
    }
  }

  /** A tap that leads to another screen: waits until the address changes. */
  async go(target: Locator) {
    const from = this.page.url();
    await this.tap(target);
    await this.page.waitForURL((next) => next.href !== from, { timeout: 60_000 });
  }

  /** A tap that sends a form: waits for the shop's answer to it (its own screen may stay). */
  async send(target: Locator) {
    const answered = this.page.waitForResponse((response) => response.request().method() === 'POST', {
      timeout: 60_000,
    });
    const from = this.page.url();
    await this.tap(target);
    await answered;
    // A redirect after the answer is another request: give it time to begin before settling.
    await this.page
      .waitForURL((next) => next.href !== from, { timeout: 2000 })
      .catch(() => {
        // the screen stays (an error shown, or a form in place)
      });
  }

  /** A field typed into: one tap to focus it, then the text. */
  async type(target: Locator, text: string) {
    this.taps++;
    this.typed++;
    await target.tap();
    await target.fill(text);
  }

  /** A native select on a phone: one tap opens the list, one picks. */
  async choose(target: Locator, value: string) {
    this.taps += 2;
    if (process.env.BENCH_JOURNEY_DEBUG) console.log(`  choose ${value} in ${target}`);
    await target.selectOption(value);
  }
}

const visible = async (target: Locator) => (await target.count()) > 0 && target.first().isVisible();

/** The form fields of a screen by their visible label. */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** Fills the fields of a form that are there and still empty. */
async function fillEmpty(walk: Walk, scope: Page | Locator, values: [label: string, value: string][]) {
  for (const [label, value] of values) {
    const input = field(scope, label);
    if (!(await visible(input)) || (await input.first().inputValue()) !== '') continue;
    await walk.type(input.first(), value);
  }
}

/** Chooses the first offered value of each option (size, colour) that has none chosen yet. */
async function chooseOptions(walk: Walk, main: Locator) {
  const groups = main.locator('fieldset:has(input[type="radio"]), [role="radiogroup"]:not(.star-input)');
  for (let index = 0; index < (await groups.count()); index++) {
    const radios = groups.nth(index).locator('input[type="radio"]:not([disabled])');
    if ((await radios.count()) === 0) continue;
    const checked = await radios.evaluateAll((inputs) => inputs.some((input) => (input as HTMLInputElement).checked));
    if (checked) continue;
    // The radio itself is hidden; a person taps the chip or swatch of its label.
    await walk.tap(groups.nth(index).locator('label:has(input[type="radio"]:not([disabled]))').first());
    // A choice may rewrite the address and reload data: a person waits for the page to answer.
    await walk.settle();
  }
}

type State = { signedUp: boolean; inBasket: boolean };

/** One step: what a customer does on the screen in front of them. Returns true once the order is placed. */
async function step(walk: Walk, state: State): Promise<boolean> {
  const { page } = walk;
  const url = new URL(page.url());
  const main = page.getByRole('main');
  const route = url.pathname;
  if (/^\/user\/orders\/[0-9a-f-]+$/.test(route) && url.searchParams.get('placed') === '1') return true;

  if (route === '/') {
    await walk.type(page.locator('#site-search'), 'فستان');
    walk.taps++;
    await Promise.all([
      page.waitForURL(/\/products\?/, { timeout: 60_000 }),
      page.locator('#site-search').press('Enter'),
    ]);
  } else if (route === '/products' && url.searchParams.has('keyword')) {
    await walk.go(main.locator('a[href^="/products/"]').filter({ hasText: 'فستان' }).first());
  } else if (/^\/products\/[^/]+$/.test(route)) {
    if (state.inBasket) {
      await walk.go(page.locator('header a[href="/cart"]'));
    } else {
      const add = main.getByRole('button', { name: 'أضف إلى السلة' }).first();
      await add.waitFor();
      await chooseOptions(walk, main);
      await walk.tap(add);
      state.inBasket = await addedOrSentAway(page, route);
    }
  } else if (route === '/login') {
    if (state.signedUp) {
      await fillEmpty(walk, main, [
        ['البريد الإلكتروني', customer.email],
        ['كلمة المرور', customer.password],
      ]);
      await walk.go(main.getByRole('button', { name: 'تسجيل الدخول' }));
    } else {
      await walk.go(main.locator('a[href^="/register"]').first());
    }
  } else if (route === '/register') {
    await fillEmpty(walk, main, [
      ['الاسم', customer.name],
      ['البريد الإلكتروني', customer.email],
      ['رقم الجوال', customer.phone],
      ['كلمة المرور', customer.password],
      ['تأكيد كلمة المرور', customer.password],
    ]);
    await walk.tap(main.getByRole('button', { name: 'إنشاء الحساب' }));
    state.signedUp = true;
    await page.waitForURL((next) => next.pathname !== '/register', { timeout: 30_000 });
  } else if (route === '/cart') {
    await walk.go(
      main.getByRole('link', { name: 'إتمام الشراء' }).or(main.getByRole('button', { name: 'إتمام الشراء' })),
    );
  } else if (route === '/order/paymethoud') {
    await pay(walk, main);
  } else if (route === '/user/add-address') {
    await fillAddress(walk, main);
  } else if (route.startsWith('/user/')) {
    // An account page the walk was left on with the basket still to pay: back through the basket.
    await walk.go(page.locator('header a[href="/cart"]'));
  } else {
    throw new Error(`the walk does not know what to do at ${page.url()}`);
  }
  return false;
}

/** After «أضف إلى السلة»: true once the shop says it is in the basket; false when it sent the guest elsewhere. */
async function addedOrSentAway(page: Page, fromPath: string): Promise<boolean> {
  const added = page.locator('[data-sonner-toast]').filter({ hasText: /أضيف|تمت إضافة|تمت الإضافة/ });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await added.count()) > 0) return true;
    if (new URL(page.url()).pathname !== fromPath) return false;
    await page.waitForTimeout(25);
  }
  throw new Error('«أضف إلى السلة» neither added nor led anywhere');
}

async function fillAddress(walk: Walk, scope: Locator) {
  await fillEmpty(walk, scope, [
    ['اسم العنوان', address.alias],
    ['تفاصيل العنوان', address.details],
    ['المدينة', address.city],
    ['رقم الجوال', customer.phone],
  ]);
  await walk.send(scope.getByRole('button', { name: 'حفظ العنوان' }));
}

/** The payment screen: an address (added where the page offers it), cash, and the order. */
async function pay(walk: Walk, main: Locator) {
  const { page } = walk;
  const dialog = page.getByRole('dialog');
  if (await visible(dialog.getByLabel('اسم العنوان', { exact: true }))) {
    await fillAddress(walk, dialog);
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    return;
  }
  const addresses = main.getByRole('combobox', { name: 'عنوان الشحن' });
  const offered = await addresses
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  if (offered.length === 0) {
    const from = page.url();
    await walk.tap(
      main
        .getByRole('link', { name: /^(أضف عنواناً|إضافة عنوان)/ })
        .or(main.getByRole('button', { name: /^(أضف عنواناً|إضافة عنوان)/ })),
    );
    // Another screen, or a form in place.
    await page.waitForFunction(
      (before) => location.href !== before || document.querySelector('[role="dialog"] form, dialog[open] form'),
      from,
      { timeout: 60_000 },
    );
    return;
  }
  if ((await addresses.inputValue()) === '') await walk.choose(addresses, offered[0] as string);
  const cash = main.getByRole('radio', { name: /الدفع عند الاستلام/ });
  if (!(await cash.isChecked())) await walk.tap(main.locator('label', { has: cash }));
  await walk.settle();
  await walk.go(main.getByRole('button', { name: 'إتمام الشراء' }));
}

/** One guest's purchase in a fresh browser context (no cookies, no cache): its figures. */
async function purchase(run: number) {
  customer.email = `journey-${Date.now()}-${run}@example.com`;
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'ar',
    baseURL: shop.origin,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const walk = new Walk(page);
    const state: State = { signedUp: false, inBasket: false };
    const started = performance.now();
    await page.goto('/');
    let placed = false;
    for (let steps = 0; !placed; steps++) {
      if (steps === MAX_STEPS) throw new Error(`no order after ${MAX_STEPS} steps; the path: ${walk.path.join(' → ')}`);
      await walk.settle();
      if (process.env.BENCH_JOURNEY_DEBUG) console.log(`step ${steps}: ${page.url()}`);
      placed = await step(walk, state).catch(async (error) => {
        // What the screen showed when the walk got stuck, to see why.
        await page.screenshot({ path: path.join(tmpdir(), 'bench-journey-stuck.png'), fullPage: true });
        const said = await page.locator('[data-sonner-toast], main [role="alert"]').allTextContents();
        throw new Error(`stuck at ${page.url()} (${tmpdir()}/bench-journey-stuck.png); it says: ${said.join(' | ')}`, {
          cause: error,
        });
      });
    }
    return {
      run,
      screens: walk.screens,
      'full page loads': walk.documents,
      taps: walk.taps,
      'fields typed': walk.typed,
      'KB transferred': Math.round(walk.bytes / 1024),
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      path: walk.path.join(' → '),
    };
  } finally {
    await context.close();
  }
}

const shop = startProductionShop(port, { PAYMENT_PROVIDER: 'none' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  await shop.ready();
  // One warm-up request for each page type, so the figures are of a running shop.
  for (const warm of ['/', '/products?keyword=فستان', '/login', '/register']) await fetch(`${shop.origin}${warm}`);
  const runs = [];
  for (let run = 1; run <= RUNS; run++) runs.push(await purchase(run));
  console.log(
    `\nA guest's purchase on a 360 px phone (slow 4G, CPU ÷${cpuSlowdown}), home page to a placed cash order\n`,
  );
  const median = [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)];
  console.table(runs.map(({ path: _path, ...figures }) => figures));
  console.log(`\nMedian: ${median?.seconds} s. The path of that run: ${median?.path}\n`);
  if (median) recordFigures('journey', [figure("a guest's purchase on a phone, median", median.seconds, 's')]);
} finally {
  await browser.close();
  shop.stop();
}
