import sharp from 'sharp';
import { STORE_PAGE_SLUGS } from '../../src/contract/shop-pages';
import type { ListEnvelope, Product } from '../../src/contract/types';
import { demoCustomerPassword, demoUsers } from '../../src/db/seed/catalogue';
import { formatPrice } from '../../src/web/lib/format';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, holdRequests, hydrated } from './support';

// Seeded products (src/db/seed/catalogue.ts) that show each case.
const S24 = 'هاتف سامسونج جالاكسي S24 ألترا 256 جيجابايت'; // discounted, 3 colours, 4 reviews
const IPHONE = 'هاتف آبل آيفون 15 برو 128 جيجابايت'; // 2 pictures, full price, 1 review
const SHIRT = 'قميص زارا رجالي كتان بأكمام طويلة'; // no reviews, no discount
const ABAYA = 'عباية سوداء كريب بتطريز يدوي'; // out of stock, no brand
const CURRENCY = 'SAR'; // the shop's default currency; the test server does not change it

async function productNamed(request: APIRequestContext, title: string): Promise<Product> {
  const res = await request.get(`/api/v1/products?keyword=${encodeURIComponent(title)}&limit=5`);
  const body = (await res.json()) as ListEnvelope<Product>;
  const found = body.data.find((p) => p.title === title);
  if (!found) throw new Error(`seeded product missing: ${title}`);
  return found;
}

async function nameOf(request: APIRequestContext, kind: 'categories' | 'brands', id: string) {
  const res = await request.get(`/api/v1/${kind}/${id}`);
  return ((await res.json()) as { data: { name: string } }).data.name;
}

/** The column beside the gallery: title, prices, colours, button and description. */
const productDetails = (page: Page) => page.getByRole('heading', { level: 1 }).locator('xpath=..');

async function signIn(context: BrowserContext, request: APIRequestContext, baseURL: string) {
  const customer = demoUsers.find((u) => u.key === 'customer');
  const res = await request.post('/api/v1/auth/login', {
    data: { email: customer?.email, password: demoCustomerPassword },
  });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await context.addCookies([{ name: 'matjar_session', value: token, url: baseURL }]);
}

test.describe('product page', () => {
  test('shows a seeded product: title, prices, category, brand, colours, description', async ({ page, request }) => {
    const product = await productNamed(request, S24);
    const [categoryName, brandName] = await Promise.all([
      nameOf(request, 'categories', product.category),
      nameOf(request, 'brands', product.brand ?? ''),
    ]);
    const response = await page.goto(`/products/${product.id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${S24} | متجر`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(S24);

    const main = page.getByRole('main');
    const details = productDetails(page);
    await expect(details.getByText(formatPrice(4499, CURRENCY), { exact: true })).toBeVisible();
    // The original price, struck through, with its meaning for screen readers.
    const struck = details.locator('s');
    await expect(struck).toHaveText(`السعر قبل الخصم: ${formatPrice(4899, CURRENCY)}`);
    await expect(details.getByText(/^خصم/)).toBeVisible();

    const categoryLinks = main.getByRole('link', { name: categoryName, exact: true });
    await expect(categoryLinks.first()).toHaveAttribute('href', `/products/allCategory/${product.category}`);
    await expect(main.getByRole('navigation', { name: 'مسار التنقل' })).toContainText(categoryName);
    await expect(details.getByRole('link', { name: brandName, exact: true })).toHaveAttribute(
      'href',
      `/products/allBrand/${product.brand}`,
    );
    await expect(main.getByText('الماركة:')).toBeVisible();
    await expect(main.getByText('متوفر', { exact: true })).toBeVisible();
    await expect(main.getByRole('img', { name: 'التقييم 4.8 من 5' })).toBeVisible();
    await expect(main.getByRole('link', { name: '4 تقييمات' })).toHaveAttribute('href', '#reviews');
    await expect(main.getByRole('heading', { name: 'الوصف' })).toBeVisible();
    await expect(main.getByText(/قلم S Pen مدمج/)).toBeVisible();

    // Three colours with Arabic names; none chosen until the shopper picks one.
    await hydrated(page.locator('h1'));
    const colours = main.getByRole('radiogroup', { name: 'اللون' });
    await expect(colours.getByRole('radio')).toHaveCount(3);
    for (const name of ['أسود', 'رمادي', 'بنفسجي'])
      await expect(colours.getByRole('radio', { name })).not.toBeChecked();
    await colours.getByTitle('بنفسجي').click();
    const purple = main.getByRole('radio', { name: 'بنفسجي' });
    await expect(purple).toBeChecked();
    await expect(main.getByRole('radiogroup', { name: 'اللون: بنفسجي' })).toBeVisible();
    // Arrow keys move the choice (the browser's own radio group behaviour).
    await purple.focus();
    await page.keyboard.press('ArrowUp');
    await expect(main.getByRole('radio', { name: 'رمادي' })).toBeChecked();
    await expect(main.getByRole('radiogroup', { name: 'اللون: رمادي' })).toBeVisible();

    // Nothing sticks out sideways, on a phone too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('a product without a discount shows one price; an unavailable one cannot be added', async ({
    page,
    request,
  }) => {
    const shirt = await productNamed(request, SHIRT);
    await page.goto(`/products/${shirt.id}`);
    const main = page.getByRole('main');
    await expect(productDetails(page).getByText(formatPrice(199, CURRENCY), { exact: true })).toBeVisible();
    await expect(productDetails(page).locator('s')).toHaveCount(0);

    const abaya = await productNamed(request, ABAYA);
    await page.goto(`/products/${abaya.id}`);
    await expect(main.getByRole('paragraph').filter({ hasText: /^غير متوفر حالياً$/ })).toBeVisible();
    await expect(main.getByRole('button', { name: 'غير متوفر حالياً' })).toBeDisabled();
    // No brand: no brand line.
    await expect(main.getByText('الماركة:')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the gallery steps by buttons, thumbnails and arrow keys (right-to-left)', async ({ page, request }) => {
    const product = await productNamed(request, IPHONE);
    await page.goto(`/products/${product.id}`);
    const gallery = page.getByRole('region', { name: 'صور المنتج' });
    const thumb = (n: number) => gallery.getByRole('button', { name: `عرض الصورة ${n}` });

    // Every picture, the cover first and loaded eagerly; the others lazily, all with a srcset and a size.
    const images = gallery.locator('[aria-roledescription="slide"] img');
    await expect(images).toHaveCount(2);
    await expect(images.first()).toHaveAttribute('src', product.imageCover ?? '');
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    for (const img of await gallery.locator('img').all()) {
      await expect(img).toHaveAttribute('srcset', /240w.*480w.*960w/);
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
    }

    await hydrated(page.locator('h1'));
    await expect(thumb(1)).toHaveAttribute('aria-current', 'true');
    // The first click may land while the carousel starts; a thumbnail click is safe to repeat.
    await expect(async () => {
      await thumb(2).click();
      await expect(thumb(2)).toHaveAttribute('aria-current', 'true', { timeout: 500 });
    }).toPass();
    await expect(gallery.getByText('الصورة 2 من 2')).toBeAttached();

    await gallery.getByRole('button', { name: 'الصورة السابقة' }).click();
    await expect(thumb(1)).toHaveAttribute('aria-current', 'true');
    await gallery.getByRole('button', { name: 'الصورة التالية' }).click();
    await expect(thumb(2)).toHaveAttribute('aria-current', 'true');
    // It wraps around.
    await gallery.getByRole('button', { name: 'الصورة التالية' }).click();
    await expect(thumb(1)).toHaveAttribute('aria-current', 'true');

    // Keyboard: in Arabic the next picture is to the left.
    await gallery.getByRole('group', { name: /استخدم الأسهم/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(thumb(2)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(thumb(1)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('End');
    await expect(thumb(2)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Home');
    await expect(thumb(1)).toHaveAttribute('aria-current', 'true');
  });

  test('the gallery fetches its carousel only when used, and answers before it is in', async ({ page, request }) => {
    const product = await productNamed(request, S24);
    const { release, asked: carouselAsked } = await holdRequests(page, /\/assets\/embla-carousel[\w.-]*\.js$/);
    await page.goto(`/products/${product.id}`);
    await hydrated(page.locator('h1'));
    await page.waitForLoadState('networkidle');
    expect(carouselAsked).toEqual([]);

    const gallery = page.getByRole('region', { name: 'صور المنتج' });
    const thumb = (n: number) => gallery.getByRole('button', { name: `عرض الصورة ${n}` });
    const viewport = gallery.getByRole('group', { name: /استخدم الأسهم/ });
    // A swipe to the right brings the next picture in Arabic, before Embla is in.
    const box = await viewport.boundingBox();
    if (!box) throw new Error('the gallery is not on screen');
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + (box.width * 2) / 3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const slide = (n: number) => gallery.locator('[aria-roledescription="slide"]').nth(n - 1);
    const inView = async (n: number) => {
      const [frame, shown] = await Promise.all([viewport.boundingBox(), slide(n).boundingBox()]);
      // Centred in the frame, to a few pixels (the frame's border, Embla's rounding).
      return frame !== null && shown !== null && Math.abs(frame.x + frame.width / 2 - (shown.x + shown.width / 2)) < 4;
    };
    // What is shown, named and marked agree: the second picture.
    await expect(thumb(2)).toHaveAttribute('aria-current', 'true');
    await expect(gallery.getByText('الصورة 2 من 2')).toBeAttached();
    await expect.poll(() => inView(2)).toBe(true);
    expect(carouselAsked.length).toBeGreaterThan(0);

    // Once Embla is in, it starts on that picture, and steps from there.
    release();
    await expect
      .poll(() => gallery.locator('.touch-pan-y').evaluate((track) => track.style.transform))
      .toContain('translate3d');
    await expect.poll(() => inView(2)).toBe(true);
    await gallery.getByRole('button', { name: 'الصورة التالية' }).click();
    await expect(thumb(1)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => inView(1)).toBe(true);
  });

  test('reviews: three per page, newest first, paged in the URL', async ({ page, request }) => {
    const product = await productNamed(request, S24);
    await page.goto(`/products/${product.id}`);
    const reviews = page.getByRole('region', { name: /التقييمات/ });
    await expect(reviews.getByRole('heading', { level: 2 })).toHaveText(/^التقييمات\s*\(4 تقييمات\)$/);
    await expect(reviews.getByRole('article')).toHaveCount(3);
    await expect(reviews.getByRole('heading', { level: 3 })).toHaveText([
      'نورة العتيبي',
      'محمد الشهري',
      'سارة القحطاني',
    ]);
    await expect(reviews.getByRole('img', { name: 'تقييم 4.5 من 5' })).toHaveCount(2);

    const pager = reviews.getByRole('navigation', { name: 'صفحات التقييمات' });
    await expect(pager.getByRole('link', { name: 'الصفحة 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('link', { name: 'الصفحة 2' }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}\\?reviewsPage=2#reviews$`));
    await expect(reviews.getByRole('article')).toHaveCount(1);
    await expect(reviews.getByRole('heading', { level: 3 })).toHaveText('عميل تجريبي');
    await expect(reviews.getByText(/الكاميرا مذهلة/)).toBeVisible();
    await expect(page).toHaveTitle(`${S24}، التقييمات، صفحة 2 | متجر`);
    // The product itself is still one page for search engines.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/products/${product.id}$`));
    await expectNoAxeViolations(page);

    // A page past the last one goes to the last one.
    await page.goto(`/products/${product.id}?reviewsPage=9`);
    await expect(page).toHaveURL(/\?reviewsPage=2#reviews$/);
    await expect(reviews.getByRole('article')).toHaveCount(1);
  });

  test("a product nobody reviewed says 'no reviews added yet' and shows no pager", async ({ page, request }) => {
    const product = await productNamed(request, SHIRT);
    await page.goto(`/products/${product.id}`);
    const reviews = page.getByRole('region', { name: 'التقييمات' });
    await expect(reviews.getByText('لا توجد تقييمات بعد')).toBeVisible();
    await expect(reviews.getByRole('article')).toHaveCount(0);
    await expect(reviews.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'لا توجد تقييمات' })).toBeVisible();
  });

  test("'products you may like': four others of the same category", async ({ page, request }) => {
    const product = await productNamed(request, S24);
    const sameCategory = (await (
      await request.get(`/api/v1/products?category[in][]=${product.category}&limit=5`)
    ).json()) as ListEnvelope<Product>;
    const expected = sameCategory.data
      .filter((p) => p.id !== product.id)
      .slice(0, 4)
      .map((p) => p.title);
    expect(expected).toHaveLength(4);

    await page.goto(`/products/${product.id}`);
    const related = page.getByRole('region', { name: 'منتجات قد تعجبك' });
    await expect(related.getByRole('listitem')).toHaveCount(4);
    await expect(related.getByRole('heading', { level: 3 })).toHaveText(expected);
    await expect(related.getByRole('link', { name: S24 })).toHaveCount(0);
    await expect(related.getByRole('link', { name: /المزيد/ })).toHaveAttribute(
      'href',
      `/products/allCategory/${product.category}`,
    );

    // Following one opens that product, with its own gallery and colours.
    await related.getByRole('link', { name: expected[0] }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected[0] ?? '');
  });

  test('unknown and malformed ids answer 404 with the Arabic page', async ({ page }) => {
    for (const id of ['7d1b0f0e-3c4a-4b59-9a52-2f6a0c1d9e10', 'not-an-id']) {
      const response = await page.goto(`/products/${id}`);
      expect(response?.status(), id).toBe(404);
      await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
    }
  });
});

test.describe('add to cart', () => {
  test('an anonymous shopper adds to a guest basket and stays on the product (docs/decisions/0021)', async ({
    page,
    request,
  }) => {
    const product = await productNamed(request, S24);
    await page.goto(`/products/${product.id}`);
    await hydrated(page.locator('h1'));
    const main = page.getByRole('main');
    await main.getByRole('radiogroup', { name: 'اللون' }).getByTitle('رمادي').click();
    await main.getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'تمت إضافة المنتج إلى السلة' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}`));
    await expect(page.getByRole('banner').getByRole('link', { name: 'السلة، منتج واحد' })).toBeVisible();
  });

  test('a signed-in shopper must choose a colour first; then the outcome shows as a toast', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signIn(context, request, baseURL ?? '');
    const product = await productNamed(request, S24);
    await page.goto(`/products/${product.id}`);
    await hydrated(page.locator('h1'));
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'أضف إلى السلة' }).click();

    const colours = main.getByRole('radiogroup', { name: 'اللون' });
    await expect(main.getByText('يرجى اختيار اللون')).toBeVisible();
    await expect(colours).toHaveAttribute('aria-invalid', 'true');
    await expect(colours).toHaveAccessibleDescription('يرجى اختيار اللون');
    // Focus goes to the colours so the shopper can choose at once.
    await expect(main.getByRole('radio', { name: 'أسود' })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
    await expectNoAxeViolations(page);

    await colours.getByTitle('رمادي').click();
    await expect(main.getByText('يرجى اختيار اللون')).toHaveCount(0);
    await main.getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'تمت إضافة المنتج إلى السلة' })).toBeVisible();
    // The choice stays after the outcome.
    await expect(main.getByRole('radio', { name: 'رمادي' })).toBeChecked();
  });

  test.describe('before JavaScript loads', () => {
    test.use({ javaScriptEnabled: false });

    test('the form still posts and the colour message comes back with the page', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await signIn(context, request, baseURL ?? '');
      const product = await productNamed(request, S24);
      await page.goto(`/products/${product.id}`);
      await page.getByRole('button', { name: 'أضف إلى السلة' }).click();
      await expect(page.getByText('يرجى اختيار اللون')).toBeVisible();
      await expect(page.getByRole('radiogroup', { name: 'اللون' })).toHaveAttribute('aria-invalid', 'true');
    });
  });
});

test.describe('search engines', () => {
  test('the product page carries Open Graph tags and parseable JSON-LD with the right price', async ({
    page,
    request,
    baseURL,
  }) => {
    const product = await productNamed(request, S24);
    const url = `${baseURL}/products/${product.id}`;
    await page.goto(`/products/${product.id}`);
    const meta = (property: string) => page.locator(`meta[property="${property}"]`);
    await expect(meta('og:type')).toHaveAttribute('content', 'product');
    await expect(meta('og:title')).toHaveAttribute('content', S24);
    await expect(meta('og:description')).toHaveAttribute('content', /^هاتف رائد بشاشة/);
    await expect(meta('og:url')).toHaveAttribute('content', url);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^هاتف رائد بشاشة/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    const image = await meta('og:image').getAttribute('content');
    expect(image).toMatch(/^https?:\/\/.+\.webp$/);
    const picture = await request.get(image ?? '');
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/webp');

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
    const ld = data.find((d) => d['@type'] === 'Product');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      name: S24,
      sku: product.id,
      url,
      brand: { '@type': 'Brand', name: 'سامسونج' },
      offers: {
        '@type': 'Offer',
        price: 4499,
        priceCurrency: CURRENCY,
        availability: 'https://schema.org/InStock',
        url,
      },
      aggregateRating: { ratingValue: 4.75, reviewCount: 4 },
    });
    expect((ld?.image as string[] | undefined)?.[0]).toBe(image);
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'الرئيسية', item: `${baseURL}/` },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'هواتف ذكية',
        item: `${baseURL}/products/allCategory/${product.category}`,
      },
      { '@type': 'ListItem', position: 3, name: S24, item: url },
    ]);

    const abaya = await productNamed(request, ABAYA);
    await page.goto(`/products/${abaya.id}`);
    const abayaLd = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text) as { '@type': string; offers?: { availability: string } })
      .find((d) => d['@type'] === 'Product');
    expect(abayaLd?.offers?.availability).toBe('https://schema.org/OutOfStock');
    expect(abayaLd).not.toHaveProperty('aggregateRating');
  });

  test('a </script> in a product title cannot break out of the JSON-LD', async ({ page, request }) => {
    const login = await request.post('/api/v1/auth/login', {
      data: { email: 'admin@matjar.local', password: 'Matjar-Admin-2026' },
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const category = (await productNamed(request, SHIRT)).category;
    const title = 'منتج </script><script>window.__broken = true</script> اختبار';
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#38bdf8' } })
      .png()
      .toBuffer();
    const created = await request.post('/api/v1/products', {
      headers,
      multipart: {
        title,
        description: 'وصف <!-- لا تعليق --> للاختبار',
        quantity: '3',
        price: '10',
        category,
        imageCover: { name: 'cover.png', mimeType: 'image/png', buffer: png },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { data: product } = (await created.json()) as { data: Product };
    try {
      await page.goto(`/products/${product.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await page.evaluate(() => (window as { __broken?: boolean }).__broken)).toBeUndefined();
      const html = await (await request.get(`/products/${product.id}`)).text();
      expect(html).not.toContain('<script>window.__broken');
      const ld = (await page.locator('script[type="application/ld+json"]').allTextContents())
        .map((text) => JSON.parse(text) as { '@type': string; name?: string })
        .find((d) => d['@type'] === 'Product');
      expect(ld?.name).toBe(title);
    } finally {
      // Leave the shared catalogue as the other tests expect it.
      await request.delete(`/api/v1/products/${product.id}`, { headers });
    }
  });

  test('sitemap.xml lists the storefront pages and every product with absolute URLs', async ({ request, baseURL }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of ['/', '/products', '/allcategory', '/allbrands']) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    const every = async (kind: string) => {
      const items: { id: string }[] = [];
      for (let page = 1; ; page++) {
        const body = (await (await request.get(`/api/v1/${kind}?limit=100&page=${page}`)).json()) as ListEnvelope<{
          id: string;
        }>;
        items.push(...body.data);
        if (page >= body.paginationResult.numberOfPages) return items;
      }
    };
    const [products, categories, brands] = await Promise.all([every('products'), every('categories'), every('brands')]);
    expect(products.length).toBeGreaterThanOrEqual(48);
    for (const p of products) expect(xml).toContain(`<loc>${baseURL}/products/${p.id}</loc>`);
    for (const c of categories) expect(xml).toContain(`<loc>${baseURL}/products/allCategory/${c.id}</loc>`);
    for (const b of brands) expect(xml).toContain(`<loc>${baseURL}/products/allBrand/${b.id}</loc>`);
    // The store's pages (docs/store-pages.md).
    for (const slug of STORE_PAGE_SLUGS) expect(xml).toContain(`<loc>${baseURL}/pages/${slug}</loc>`);
    expect(xml.match(/<url>/g)).toHaveLength(
      4 + STORE_PAGE_SLUGS.length + products.length + categories.length + brands.length,
    );
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  test('robots.txt allows the shop, keeps private areas out and points to the sitemap', async ({
    request,
    baseURL,
  }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/plain');
    const lines = (await res.text()).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /user',
        'Disallow: /cart',
        'Disallow: /order',
        `Sitemap: ${baseURL}/sitemap.xml`,
      ]),
    );
  });
});

test('the product page has no accessibility violations', async ({ page, request }) => {
  const product = await productNamed(request, IPHONE);
  await page.goto(`/products/${product.id}`);
  await hydrated(page.locator('h1'));
  await expectNoAxeViolations(page);
});
