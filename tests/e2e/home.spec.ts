import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support';

test('the home page is Arabic, right-to-left and shows the seeded catalogue', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page).toHaveTitle(/متجر/);

  const bestSellers = page.getByRole('region', { name: 'الأكثر مبيعاً' });
  await expect(bestSellers.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'أحدث الأزياء' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'التصنيفات' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'أشهر الماركات' }).getByRole('listitem')).toHaveCount(6);
  // Arabic product titles came from the seeded database.
  await expect(bestSellers.getByRole('heading').first()).toHaveText(/[\u0600-\u06FF]/);
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  // The header's link: products other tests made may carry «السلة» in their names.
  await expect(page.getByRole('banner').getByRole('link', { name: /^السلة،/ })).toContainText('0');
});

test('the server-rendered HTML already holds the products', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toMatch(/الأكثر مبيعاً/);
  expect(html).toMatch(/ر\.س|SAR/);
});

test('an unknown page answers 404 with an Arabic page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
  // In the shop's one digit style (Latin), like every other number on its pages.
  await expect(page.getByRole('main').getByText('404', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'العودة إلى الرئيسية' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the footer: the five store pages, the city, and only the contact the owner set in the settings', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const pages: [string, string][] = [
    ['من نحن', '/pages/about'],
    ['الشروط والأحكام', '/pages/terms'],
    ['سياسة الخصوصية', '/pages/privacy'],
    ['سياسة الاسترجاع', '/pages/returns'],
    ['تواصل معنا', '/pages/contact'],
  ];
  for (const [name, href] of pages) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  // The shop's city follows SHOP_COUNTRY (a Saudi shop by default).
  await expect(footer.getByText('الرياض', { exact: true })).toBeVisible();
  // The demo shop's settings hold no phone nor social links: the footer invents none
  // (docs/store-pages.md § The footer; tests/e2e/store-pages.spec.ts shows them once saved).
  const { data: settings } = await (await request.get('/api/v1/settings')).json();
  expect(settings).toMatchObject({ phone: '', whatsapp: '', instagramUrl: '', xUrl: '', facebookUrl: '' });
  await expect(footer.locator('a[href^="tel:"], a[href^="https:"]')).toHaveCount(0);
  await expect(footer.getByRole('link')).toHaveCount(pages.length);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} متجر. جميع الحقوق محفوظة.`);
});

test('the home page has no accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expectNoAxeViolations(page);
});

test.describe('promotional carousel', () => {
  const current = (page: import('@playwright/test').Page) =>
    page.getByRole('region', { name: 'العروض' }).locator('[aria-roledescription="slide"][aria-hidden="false"]');

  // Hovering is a desktop interaction: the phone project leaves @pointer tests out.
  test('advances every 2 seconds, wraps around and pauses while hovered', { tag: '@pointer' }, async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'العروض' });
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 1 من 4');
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 2 من 4', { timeout: 4000 });
    // Wraps from the last slide to the first.
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 4 من 4', { timeout: 8000 });
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 1 من 4', { timeout: 4000 });
    await carousel.hover();
    const paused = await current(page).getAttribute('aria-label');
    await page.waitForTimeout(3000);
    await expect(current(page)).toHaveAttribute('aria-label', paused ?? '');
  });

  test('pauses while hovering its arrows too', { tag: '@pointer' }, async ({ page }) => {
    await page.goto('/');
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 2 من 4', { timeout: 4000 });
    await page.getByRole('button', { name: 'الشريحة التالية' }).hover();
    const paused = await current(page).getAttribute('aria-label');
    await page.waitForTimeout(3000);
    await expect(current(page)).toHaveAttribute('aria-label', paused ?? '');
  });

  test('pauses while focus is inside it, on a dot as well as on a slide, and goes on after', async ({ page }) => {
    await page.goto('/');
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 2 من 4', { timeout: 4000 });
    const dot = page.getByRole('button', { name: 'الشريحة 2 من 4' });
    await dot.focus();
    const paused = await current(page).getAttribute('aria-label');
    await page.waitForTimeout(3000);
    await expect(current(page)).toHaveAttribute('aria-label', paused ?? '');
    // Focus leaves the carousel: it moves on by itself again.
    await page.getByRole('combobox').first().focus();
    await expect(current(page)).not.toHaveAttribute('aria-label', paused ?? '', { timeout: 4000 });
  });

  test('a dot reached by keyboard shows a white focus ring inside its target, on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const dot = page.getByRole('button', { name: 'الشريحة 2 من 4' });
    await dot.focus();
    await expect(dot).toBeFocused();
    const ring = await dot.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, color: style.outlineColor, offset: Number.parseFloat(style.outlineOffset) };
    });
    expect(ring).toMatchObject({ style: 'solid', color: 'rgb(255, 255, 255)' });
    expect(ring.offset).toBeLessThan(0);
  });

  test('arrow keys and the dots move between slides (right-to-left)', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByRole('button', { name: 'الشريحة 3 من 4' }).click();
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 3 من 4');
    // In RTL the next slide lies to the left.
    await page.keyboard.press('ArrowLeft');
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 4 من 4');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 2 من 4');
  });

  test('does not move by itself when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.waitForTimeout(3000);
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 1 من 4');
  });

  test('a swipe of more than 40 px changes the slide', async ({ page, isMobile }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const viewport = page.getByRole('region', { name: 'العروض' }).locator('div[dir="rtl"]').first();
    const box = await viewport.boundingBox();
    if (!box) throw new Error('carousel not visible');
    // Near the top edge, away from the slide’s link (a short drag there would be a click).
    const y = box.y + 12;
    const x = box.x + box.width * 0.3;
    const cdp = isMobile ? await page.context().newCDPSession(page) : null;
    // A finger on the phone, the mouse on the desktop: both arrive as pointer events.
    const drag = async (dx: number) => {
      const steps = Array.from({ length: 8 }, (_, i) => x + (dx * (i + 1)) / 8);
      if (cdp) {
        const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
          cdp.send('Input.dispatchTouchEvent', {
            type,
            touchPoints: type === 'touchEnd' ? [] : [{ x: at, y }],
          });
        await touch('touchStart', x);
        for (const at of steps) await touch('touchMove', at);
        await touch('touchEnd', x + dx);
      } else {
        await page.mouse.move(x, y);
        await page.mouse.down();
        for (const at of steps) await page.mouse.move(at, y);
        await page.mouse.up();
      }
    };
    // 30 px is below the threshold: nothing moves.
    await drag(30);
    await page.waitForTimeout(500);
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 1 من 4');
    // Dragging to the right in RTL brings the next slide in from the left.
    await drag(120);
    await expect(current(page)).toHaveAttribute('aria-label', 'الشريحة 2 من 4');
  });
});
