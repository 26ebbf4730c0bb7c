import { expect, test } from './fixtures';
import { stockedProducts } from './support';

/*
 * A product page on a tablet (768 to 1024 px wide): the picture must not fill the first screen,
 * so the title and the price are seen without scrolling (src/web/components/product-gallery.tsx).
 */
const TABLETS = [
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'landscape', width: 1024, height: 768 },
];

for (const tablet of TABLETS) {
  test.describe(`a tablet, ${tablet.name} @tablet`, () => {
    test.use({ viewport: { width: tablet.width, height: tablet.height }, hasTouch: true });

    test('the title and the price are in the first screen, under or beside the picture', async ({ page }) => {
      const [product] = await stockedProducts(page.request);
      if (!product) throw new Error('no stocked product');
      await page.goto(`/products/${product.id}`);
      const title = page.getByRole('heading', { level: 1, name: product.title });
      // The price: the large figure with the currency, right after the rating and brand lines.
      const price = page.locator('main p.flex span.text-3xl').first();
      await expect(title).toBeInViewport({ ratio: 1 });
      await expect(price).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('img', { name: product.title, exact: true }).first()).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
}
