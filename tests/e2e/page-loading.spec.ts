import type { Page } from '@playwright/test';
import type { Product } from '../../src/contract/types';
import { expect, test } from './fixtures';
import {
  closeToast,
  createCustomer,
  expectNoAxeViolations,
  holdRequests,
  hydrated,
  listedProducts,
  signInWithCookie,
  toast,
} from './support';

/*
 * What a person sees while a page is on its way, and when it could not come (src/web/components/
 * navigation-progress.tsx, page-error.tsx). A page's data reaches the browser as `<path>.data`
 * when moving within the shop: these tests hold it back, cut it off or answer it with a server
 * error at the network, as a slow line, a lost connection or a failing server would.
 */

// What a person reads (src/web/i18n/ar.ts, auth.ts), written out so a changed text fails here.
const t = {
  loading: 'جارٍ تحميل الصفحة',
  offlineTitle: 'لا يوجد اتصال بالإنترنت',
  offlineText: 'تعذّر تحميل الصفحة لأن الاتصال انقطع. تحقّق من اتصالك ثم أعد المحاولة.',
  serverTitle: 'حدث خطأ في الخادم',
  serverText: 'تعذّر تحميل هذه الصفحة بسبب خطأ عندنا وليس منك. أعد المحاولة بعد قليل.',
  retry: 'إعادة المحاولة',
  accountMenu: (name: string) => `قائمة الحساب: ${name}`,
  signInFirst: 'يجب تسجيل الدخول أولاً',
};

/** A guest's heart: it answers with a toast asking to sign in (src/web/lib/toasts.tsx). */
const anyHeart = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('button', { name: /في المفضلة$/ })
    .first();

const PAGE_DATA = '**/*.data*';

/** The home page, and the link of one of its products (a move within the shop, not a reload). */
async function homeWithProductLink(page: Page) {
  await page.goto('/');
  const hrefs = await page
    .locator('main a[href^="/products/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => /^\/products\/[0-9a-f-]{36}$/.test(h));
  if (!href) throw new Error('no product link on the home page');
  const { data: product } = (await (await page.request.get(`/api/v1${href}`)).json()) as { data: Product };
  return { link: page.locator(`main a[href="${href}"]`).first(), href, title: product.title };
}

test.describe('the top progress bar', () => {
  test('shows across the top while a page is slow to come, moving from the right, then goes', async ({ page }) => {
    const { link, href } = await homeWithProductLink(page);
    const hold = await holdRequests(page, PAGE_DATA);
    await link.click();

    const bar = page.getByRole('progressbar', { name: t.loading });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-busy', 'true');
    const viewport = page.viewportSize();
    expect(await bar.boundingBox()).toMatchObject({ x: 0, y: 0, width: viewport?.width });

    // In Arabic the band starts on the right and travels left.
    const band = bar.locator('div');
    const bandX = (ms: number) =>
      band.evaluate((el, time) => {
        const [animation] = el.getAnimations();
        animation?.pause();
        if (animation) animation.currentTime = time;
        return el.getBoundingClientRect().x;
      }, ms);
    const early = await bandX(100);
    const late = await bandX(1000);
    expect(early).toBeGreaterThan(late);
    await expectNoAxeViolations(page);

    hold.release();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(bar).toHaveCount(0);
  });

  test('stands still, full width, for someone who asked for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { link } = await homeWithProductLink(page);
    const hold = await holdRequests(page, PAGE_DATA);
    await link.click();
    const bar = page.getByRole('progressbar', { name: t.loading });
    await expect(bar).toBeVisible();
    const band = bar.locator('div');
    expect(await band.evaluate((el) => el.getAnimations().length)).toBe(0);
    expect((await band.boundingBox())?.width).toBe((await bar.boundingBox())?.width);
    hold.release();
    await expect(bar).toHaveCount(0);
  });
});

test.describe('a page that could not load', () => {
  test('without a connection: says so in Arabic, keeps the signed-in header, and «إعادة المحاولة» brings the page', async ({
    page,
    context,
    baseURL,
  }) => {
    const me = await createCustomer(page.request, 'عبير القحطاني');
    await signInWithCookie(context, baseURL, me.token);
    const { link, href, title } = await homeWithProductLink(page);
    await expect(page.getByRole('button', { name: t.accountMenu(me.name) })).toBeVisible();
    await page.route(PAGE_DATA, (route) => route.abort('internetdisconnected'));
    await link.click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.offlineTitle);
    await expect(page.getByText(t.offlineText)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('button', { name: t.accountMenu(me.name) })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${t.offlineTitle}`));
    await expectNoAxeViolations(page);

    // Still cut off: trying again says the same.
    const retry = page.getByRole('link', { name: t.retry });
    await retry.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.offlineTitle);

    // Back online: the same address, in place.
    await page.unroute(PAGE_DATA);
    await retry.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('button', { name: t.accountMenu(me.name) })).toBeVisible();
  });

  test('a server error: says so in Arabic, not as a missing page, and offers to try again', async ({ page }) => {
    const { link, title } = await homeWithProductLink(page);
    await page.route(PAGE_DATA, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.serverTitle);
    await expect(page.getByText(t.serverText)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.unroute(PAGE_DATA);
    await page.getByRole('link', { name: t.retry }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('after the error page, messages still show (the layout mounted anew)', async ({ page }) => {
    const { link, title } = await homeWithProductLink(page);
    await hydrated(anyHeart(page));
    await anyHeart(page).click();
    await expect(toast(page, t.signInFirst)).toBeVisible();
    // Closed, so the message after the error page is a new one (and covers no heart on a phone).
    await closeToast(page, t.signInFirst);
    await page.route(PAGE_DATA, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.serverTitle);
    await page.unroute(PAGE_DATA);
    await page.getByRole('link', { name: t.retry }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await anyHeart(page).click();
    await expect(toast(page, t.signInFirst)).toBeVisible();
  });
});

test('when the messages’ script cannot load, a message still reaches the person', async ({ page }) => {
  await page.route('**/assets/shop-toaster-*', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await hydrated(anyHeart(page));
  await anyHeart(page).click();
  await expect(page.getByRole('status').filter({ hasText: t.signInFirst })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(t.serverTitle);
});

test.describe('a page’s first load (src/web/lib/scripts-after-paint.server.ts)', () => {
  test('the page is drawn before any of its scripts is fetched, and React then takes it over', async ({ page }) => {
    await page.goto('/products');
    const timings = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[\w.-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timings.scripts.length).toBeGreaterThan(3);
    expect(Math.min(...timings.scripts)).toBeGreaterThanOrEqual(timings.firstPaint);
    // React owns the page: a guest's heart answers with a toast.
    await hydrated(anyHeart(page));
    await anyHeart(page).click();
    await expect(toast(page, t.signInFirst)).toBeVisible();
  });
});

test.describe('parts whose code comes after the page (src/web/lib/below-the-fold.tsx)', () => {
  test('keep the server’s HTML in every frame while their code is slow, then React draws them', async ({
    page,
    request,
  }) => {
    const [product] = await listedProducts(request, 1);
    // Each frame, which of the parts is not on the page exactly once: a gap, however short, or the
    // server's copy beside React's, is a fault.
    await page.addInitScript(() => {
      const faults: string[] = [];
      Object.assign(window, { partFaults: faults });
      const parts = [
        'form[role="search"]',
        'footer',
        'section#reviews',
        'section[aria-labelledby="related-products"] ul',
      ];
      const look = () => {
        if (document.readyState !== 'loading')
          faults.push(...parts.filter((selector) => document.querySelectorAll(selector).length !== 1));
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const { release } = await holdRequests(page, /\/assets\/(search-form|footer|reviews-section|listings)-[\w-]+\.js$/);
    await page.goto(`/products/${product.id}`);
    // React has the page; the parts wait for their code, shown as the server drew them.
    await hydrated(page.getByRole('heading', { level: 1 }));
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByRole('contentinfo').getByRole('link').first()).toBeVisible();
    // The search box's code comes when it is first used: focus in it.
    await page.getByRole('search').getByRole('combobox').focus();
    release();
    await hydrated(page.getByRole('search').getByRole('combobox'));
    await hydrated(page.getByRole('contentinfo').getByRole('link').first());
    await hydrated(page.locator('section#reviews'));
    await hydrated(page.locator('section[aria-labelledby="related-products"] ul'));
    expect(await page.evaluate(() => (window as unknown as { partFaults: string[] }).partFaults)).toEqual([]);
  });

  test('a product page on a phone fetches what lies below the fold, the search box, the carousel and the toaster only when wanted', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const [product] = await listedProducts(request, 1);
    const scripts: string[] = [];
    page.on('request', (sent) => {
      const file = /\/assets\/([\w.-]+)-[\w-]{8}\.js$/.exec(sent.url())?.[1];
      if (file) scripts.push(file);
    });
    const later = [
      'search-form',
      'carry-over',
      'reviews-section',
      'footer',
      'listings',
      'embla-carousel.esm',
      'shop-toaster',
    ];
    await page.goto(`/products/${product.id}`);
    await hydrated(page.getByRole('heading', { level: 1 }));
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((file) => later.includes(file))).toEqual([]);
    // On a touch screen, a finger drawn up the gallery (a scroll of the page) is no use of it, nor an action.
    if (await page.evaluate(() => navigator.maxTouchPoints > 0)) {
      const gallery = await page.getByRole('region', { name: 'صور المنتج' }).boundingBox();
      if (!gallery) throw new Error('the gallery is not on screen');
      await page.evaluate(() => {
        const touches: string[] = [];
        Object.assign(window, { touches });
        window.addEventListener('pointerdown', (event) => touches.push(event.pointerType), true);
      });
      const touch = await page.context().newCDPSession(page);
      const x = gallery.x + gallery.width / 2;
      const at = (y: number) => [{ x, y }];
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(gallery.y + 200) });
      for (let step = 1; step <= 5; step++)
        await touch.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: at(gallery.y + 200 - step * 30),
        });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      expect(await page.evaluate(() => (window as unknown as { touches: string[] }).touches)).toContain('touch');
      await page.waitForLoadState('networkidle');
      expect(scripts.filter((file) => file === 'embla-carousel.esm' || file === 'shop-toaster')).toEqual([]);
    }

    // Scrolling down brings the reviews', the related products' and the footer's code.
    await hydrated(page.locator('section#reviews'));
    await hydrated(page.getByRole('contentinfo').getByRole('link').first());
    expect(scripts).toEqual(expect.arrayContaining(['reviews-section', 'footer']));
    expect(scripts).not.toContain('shop-toaster');
    // The first press, even one that shows no message, brings the toaster ahead of any.
    await page.getByRole('heading', { level: 1 }).click();
    await expect.poll(() => scripts).toContain('shop-toaster');
    await hydrated(anyHeart(page));
    await anyHeart(page).click();
    await expect(toast(page, t.signInFirst)).toBeVisible();
    // The search box's code comes when it is tapped (or clicked), and what is typed then gets suggestions.
    expect(scripts).not.toContain('search-form');
    const search = page.getByRole('search').getByRole('combobox');
    if (await page.evaluate(() => navigator.maxTouchPoints > 0)) await search.tap();
    else await search.click();
    await search.pressSequentially('سامس', { delay: 30 });
    await expect(page.getByRole('listbox', { name: 'اقتراحات البحث' }).getByRole('option').first()).toContainText(
      'سامسونج',
    );
    expect(scripts).toEqual(expect.arrayContaining(['search-form', 'carry-over']));
  });

  test('drawn by React once its code is in, a part keeps the focus and what was typed in it', async ({
    page,
    request,
  }) => {
    const [product] = await listedProducts(request, 1);
    const { release } = await holdRequests(page, /\/assets\/(search-form|footer)-[\w-]+\.js$/);
    await page.goto(`/products/${product.id}`);
    await hydrated(page.getByRole('heading', { level: 1 }));
    const search = page.getByRole('search').getByRole('combobox');
    await search.fill('سماعة');
    const footerLink = page.getByRole('contentinfo').getByRole('link').first();
    await footerLink.focus();
    release();
    // React draws both anew: the focus stays on the same link, the search box keeps the word.
    await hydrated(footerLink);
    await expect(footerLink).toBeFocused();
    await hydrated(search);
    await expect(search).toHaveValue('سماعة');
    // The search box is React's, with what was typed in its state: Enter searches within the shop.
    await search.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\?keyword=/);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('سماعة');
    await expect(search).toHaveValue('سماعة');
  });

  test('a word typed in the search box before React took the page over gets its suggestions once it has', async ({
    page,
  }) => {
    // The page's scripts wait, as on a slow line: the box is the server's plain form meanwhile.
    const { release } = await holdRequests(page, /\/assets\/shell-[\w-]{8}\.js$/);
    // The frame's own goto: the page's, as the fixtures make it, waits for React.
    await page.mainFrame().goto('/', { waitUntil: 'domcontentloaded' });
    const search = page.getByRole('search').getByRole('combobox');
    await search.click();
    await search.pressSequentially('سامس', { delay: 30 });
    release();
    // In use already when React comes (focus in it, the pointer over it): no further use is waited for.
    await hydrated(search);
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('سامس');
    await expect(page.getByRole('listbox', { name: 'اقتراحات البحث' }).getByRole('option').first()).toContainText(
      'سامسونج',
    );
  });

  test('a part whose code cannot load stays as the server drew it, its links working', async ({ page, request }) => {
    const [product] = await listedProducts(request, 1);
    await page.route(/\/assets\/footer-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`/products/${product.id}`);
    await hydrated(page.getByRole('heading', { level: 1 }));
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const link = footer.getByRole('link').first();
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('while a part waits for its code, a heart and a move within the shop go as ever', async ({
    page,
    request,
    baseURL,
  }) => {
    const [product] = await listedProducts(request, 1);
    const customer = await createCustomer(request);
    await signInWithCookie(page.context(), baseURL, customer.token);
    const { release } = await holdRequests(page, /\/assets\/(footer|reviews-section)-[\w-]+\.js$/);
    await page.goto(`/products/${product.id}`);
    const heart = page.getByRole('main').getByRole('button', { name: 'أضف إلى المفضلة', exact: true });
    await hydrated(heart);
    await heart.click();
    await expect(toast(page, 'تمت إضافة المنتج إلى المفضلة')).toBeVisible();
    await closeToast(page, 'تمت إضافة المنتج إلى المفضلة');
    // A move within the shop: the progress bar shows, then the page comes without a reload.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const hold = await holdRequests(page, PAGE_DATA);
    await page.getByRole('navigation', { name: 'مسار التنقل' }).getByRole('link', { name: 'الرئيسية' }).click();
    await expect(page.getByRole('progressbar', { name: t.loading })).toBeVisible();
    hold.release();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    release();
  });
});
