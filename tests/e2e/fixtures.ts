import { type Browser, test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * Whether a page's `goto` waits for React: the shop's pages do (their scripts are held until the
 * first paint, `matjar/after-first-paint`), unless opened with JavaScript off; a page that is not
 * React's (the test payment provider's) never does.
 */
const runsScripts = new WeakMap<Page, boolean>();
const HELD_SCRIPTS = 'type="matjar/after-first-paint"';

/**
 * `page.goto` that waits until React has hydrated the page (the root marks <html data-hydrated>),
 * so a test never types into a form or picks an option before its handlers exist. A page's
 * scripts start only once it is drawn (src/web/lib/scripts-after-paint.server.ts), often after
 * its `load` event, where `goto` stops waiting.
 */
function gotoWaitsForReact(page: Page, javaScriptEnabled: boolean) {
  const patched = runsScripts.has(page);
  runsScripts.set(page, javaScriptEnabled);
  if (patched) return;
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const reacts =
      (response?.headers()['content-type'] ?? '').includes('text/html') &&
      (await response?.text())?.includes(HELD_SCRIPTS);
    if (runsScripts.get(page) && reacts) {
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
    }
    return response;
  };
}

/** The same for the pages of contexts a test opens itself (a second customer, a signed-in tab). */
function contextPagesWaitForReact(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const page = await newPage();
      gotoWaitsForReact(page, options?.javaScriptEnabled !== false);
      return page;
    };
    return context;
  };
}

export const test = base.extend<object, object>({
  page: async ({ page, javaScriptEnabled }, use) => {
    gotoWaitsForReact(page, javaScriptEnabled !== false);
    await use(page);
  },
  browser: [
    async ({ browser }, use) => {
      contextPagesWaitForReact(browser);
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
