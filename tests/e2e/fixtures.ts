import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * `page.goto` that waits until React has hydrated the page (the root marks <html data-hydrated>),
 * so a test never types into a form or picks an option before its handlers exist. Pages opened
 * with JavaScript off are used as they load.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false && (response?.headers()['content-type'] ?? '').includes('text/html')) {
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
      }
      return response;
    };
    await use(page);
  },
});
