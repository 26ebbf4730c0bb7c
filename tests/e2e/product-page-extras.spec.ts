import type { ListEnvelope, Product } from '../../src/contract/types';
import { expect, type Page, test } from './fixtures';
import { createCustomer, hydrated, signInWithCookie, toast } from './support';

/**
 * The product page's extras (docs/variants.md (Screens)): the favourite heart, the add-to-cart bar
 * fixed at the bottom of a phone's screen, and the customer's own review in place of the form.
 */

// What a person reads (src/web/i18n/account.ts, product.ts, reviews.ts), written out so a changed text fails here.
const t = {
  addFavorite: 'أضف إلى المفضلة',
  removeFavorite: 'أزل من المفضلة',
  favoriteAdded: 'تمت إضافة المنتج إلى المفضلة',
  favoriteRemoved: 'تمت إزالة المنتج من المفضلة',
  loginFirst: 'يجب تسجيل الدخول أولاً',
  addToCart: 'أضف إلى السلة',
  added: 'تمت إضافة المنتج إلى السلة',
  bar: 'شريط الإضافة إلى السلة',
  chooseColor: 'يرجى اختيار اللون',
  badge: (count: string) => `السلة، ${count}`,
};

const LEGO = 'مجموعة ليغو سيتي محطة الإطفاء 540 قطعة';
const S24 = 'هاتف سامسونج جالاكسي S24 ألترا 256 جيجابايت';

async function productNamed(page: Page, title: string): Promise<Product> {
  const res = await page.request.get(`/api/v1/products?keyword=${encodeURIComponent(title)}&limit=5`);
  const product = ((await res.json()) as ListEnvelope<Product>).data.find((p) => p.title === title);
  if (!product) throw new Error(`no product ${title}`);
  return product;
}

const main = (page: Page) => page.getByRole('main');
const badge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^السلة،/ });
const stickyBar = (page: Page) => page.getByRole('region', { name: t.bar });
// The page's own button comes first; the bar's, when shown, is after it.
const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
const mainCartButton = (page: Page) => main(page).getByRole('button', { name: t.addToCart, exact: true }).first();

test.describe('product page extras', () => {
  test('the heart saves the product to the favourites and takes it out again', async ({ page, baseURL }) => {
    const product = await productNamed(page, LEGO);
    const customer = await createCustomer(page.request);
    await signInWithCookie(page.context(), baseURL, customer.token);
    await page.goto(`/products/${product.id}`);

    const heart = main(page).getByRole('button', { name: t.addFavorite, exact: true });
    await hydrated(heart);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(toast(page, t.favoriteAdded)).toBeVisible();
    const saved = main(page).getByRole('button', { name: t.removeFavorite, exact: true });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/user/favorite');
    await expect(main(page).getByRole('heading', { name: LEGO, exact: true })).toBeVisible();

    await page.goto(`/products/${product.id}`);
    await hydrated(saved);
    await saved.click();
    await expect(toast(page, t.favoriteRemoved)).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await page.goto('/user/favorite');
    await expect(main(page).getByRole('heading', { name: LEGO, exact: true })).toHaveCount(0);
  });

  test('a guest pressing the heart is told to sign in first', async ({ page }) => {
    const product = await productNamed(page, LEGO);
    await page.goto(`/products/${product.id}`);
    const heart = main(page).getByRole('button', { name: t.addFavorite, exact: true });
    await hydrated(heart);
    await heart.click();
    await expect(toast(page, t.loginFirst)).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  test('on a phone the bar at the bottom adds to the cart once the main button is out of sight @phone', async ({
    page,
    baseURL,
  }) => {
    const product = await productNamed(page, LEGO);
    const customer = await createCustomer(page.request);
    await signInWithCookie(page.context(), baseURL, customer.token);
    await page.goto(`/products/${product.id}`);
    const mainButton = mainCartButton(page);
    await hydrated(mainButton);
    await expect(badge(page)).toHaveAccessibleName(t.badge('لا توجد منتجات'));
    // The main button is on screen: no bar.
    await expect(stickyBar(page)).toBeHidden();

    await scrollToEnd(page);
    await expect(mainButton).not.toBeInViewport();
    const bar = stickyBar(page);
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(/ر\.س|﷼/);
    await bar.getByRole('button', { name: t.addToCart }).click();
    await expect(toast(page, t.added)).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName(t.badge('منتج واحد'));

    // The page's last content is not under the bar: the page ends with room for it.
    await scrollToEnd(page);
    const footer = page.getByRole('contentinfo');
    const [footerBottom, barTop] = await Promise.all([
      footer.evaluate((el) => el.getBoundingClientRect().bottom),
      bar.evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(footerBottom).toBeLessThanOrEqual(barTop + 1);

    // Back up at the main button, the bar goes away.
    await mainButton.scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
  });

  test('on a phone the bar says a colour is still to choose, as the main button does @phone', async ({
    page,
    baseURL,
  }) => {
    const product = await productNamed(page, S24);
    const customer = await createCustomer(page.request);
    await signInWithCookie(page.context(), baseURL, customer.token);
    await page.goto(`/products/${product.id}`);
    await hydrated(mainCartButton(page));
    await scrollToEnd(page);
    await stickyBar(page).getByRole('button', { name: t.addToCart }).click();
    await expect(main(page).getByText(t.chooseColor)).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName(t.badge('لا توجد منتجات'));
  });
});
