import { SORT_OPTIONS } from '../../src/contract/constants';
import type { Brand, Category, ListEnvelope, Product } from '../../src/contract/types';
import { c } from '../../src/web/i18n/catalog';
import { formatNumber } from '../../src/web/lib/format';
import { plural } from '../../src/web/lib/plural';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { expectNoAxeViolations } from './support';

/*
 * The catalogue browsing screens against the seeded demo shop. Expected lists and counts come
 * from the shop's own API, so the tests check that the screens show what the API holds.
 */

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api/v1${path}`);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}
const productsApi = (request: APIRequestContext, query: string) =>
  apiGet<ListEnvelope<Product>>(request, `/products?limit=8&${query}`);
const categoriesApi = (request: APIRequestContext) => apiGet<ListEnvelope<Category>>(request, '/categories?limit=100');
const brandsApi = (request: APIRequestContext) => apiGet<ListEnvelope<Brand>>(request, '/brands?limit=100');

const main = (page: Page) => page.getByRole('main');
const cards = (page: Page) => main(page).getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 3 });
const heading = (page: Page) => main(page).getByRole('heading', { level: 1 });
/** A pager's link to page n, by its exact name («الصفحة 1», never «الصفحة 10»). */
const pageLink = (n: number) => `الصفحة ${formatNumber(n)}`;
const pager = (page: Page) => page.getByRole('navigation', { name: c.productsPager });

/** The price a customer pays, as the card shows it first (Arabic-Indic digits read too). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).allTextContents();
  return texts.map((text) => {
    const ascii = text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[٬,]/g, '');
    const match = ascii.replace(/٫/g, '.').match(/\d+\.\d{2}/);
    if (!match) throw new Error(`no price in ${text}`);
    return Number(match[0]);
  });
}

/** On a phone the filter panel is a closed disclosure; open it. */
async function openFilters(page: Page) {
  const summary = page.locator('summary', { hasText: c.filters });
  if (await summary.isVisible()) {
    const open = await page.locator('details:has(> summary)').getAttribute('open');
    if (open === null) await summary.click();
  }
}

test.describe('/products listing', () => {
  test('shows the results count, a page of 8 products, the category strip and a pager', async ({ page, request }) => {
    const all = await productsApi(request, '');
    const response = await page.goto('/products');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${c.allProductsTitle} | متجر`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', c.allProductsDescription);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products$/);
    await expect(heading(page)).toHaveText(plural(all.results, c.results));
    await expect(cardTitles(page)).toHaveText(all.data.map((p) => p.title));
    await expect(pager(page)).toBeVisible();

    const strip = page.getByRole('navigation', { name: c.categoryStrip });
    await expect(strip.getByRole('link', { name: c.all })).toHaveAttribute('aria-current', 'page');
    const categories = await categoriesApi(request);
    const first = categories.data[0];
    if (!first) throw new Error('no categories seeded');
    await strip.getByRole('link', { name: first.name, exact: true }).click();
    await expect(page).toHaveURL(`/products/allCategory/${first.id}`);
    await expect(heading(page)).toHaveText(first.name);

    await page.goBack();
    await page
      .getByRole('navigation', { name: c.categoryStrip })
      .getByRole('link', { name: /المزيد/ })
      .click();
    await expect(page).toHaveURL('/allcategory');
  });

  test('each sort option orders the products', async ({ page, request }) => {
    await page.goto('/products');
    const sort = page.getByLabel(c.sortLabel);
    for (const option of [...SORT_OPTIONS.slice(1), SORT_OPTIONS[0]]) {
      const expected = await productsApi(request, option.value ? `sort=${encodeURIComponent(option.value)}` : '');
      await sort.selectOption({ label: option.label });
      if (option.value) await expect(page).toHaveURL(`/products?sort=${encodeURIComponent(option.value)}`);
      else await expect(page).toHaveURL('/products');
      await expect(cardTitles(page)).toHaveText(expected.data.map((p) => p.title));
      await expect(sort).toHaveValue(option.value);
    }

    await sort.selectOption({ label: 'السعر من الأقل للأعلى' });
    await expect(page).toHaveURL(/sort=%2Bprice/);
    await expect(cardTitles(page)).toHaveCount(8);
    const ascending = await cardPrices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await sort.selectOption({ label: 'السعر من الأعلى للأقل' });
    await expect(page).toHaveURL(/sort=-price/);
    await expect.poll(() => cardPrices(page)).not.toEqual(ascending);
    const descending = await cardPrices(page);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBeGreaterThan(ascending[ascending.length - 1] ?? 0);
  });

  test('category checkboxes filter and reset the page to 1', async ({ page, request }) => {
    const categories = (await categoriesApi(request)).data;
    const [first, second] = categories;
    if (!first || !second) throw new Error('two categories expected');
    await page.goto('/products?page=2');
    await openFilters(page);
    const filters = page.getByRole('form', { name: c.filters });

    await filters.getByRole('checkbox', { name: first.name, exact: true }).check();
    await expect(page).toHaveURL(`/products?category=${first.id}`);
    const one = await productsApi(request, `category[in][]=${first.id}`);
    await expect(heading(page)).toHaveText(plural(one.results, c.results));
    await expect(cardTitles(page)).toHaveText(one.data.map((p) => p.title));

    await filters.getByRole('checkbox', { name: second.name, exact: true }).check();
    await expect(page).toHaveURL(`/products?category=${first.id}&category=${second.id}`);
    const both = await productsApi(request, `category[in][]=${first.id}&category[in][]=${second.id}`);
    await expect(heading(page)).toHaveText(plural(both.results, c.results));
    await expect(filters.getByRole('checkbox', { name: first.name, exact: true })).toBeChecked();

    // The back button restores the earlier filter in the form too.
    await page.goBack();
    await expect(page).toHaveURL(`/products?category=${first.id}`);
    await expect(heading(page)).toHaveText(plural(one.results, c.results));
    await expect(filters.getByRole('checkbox', { name: second.name, exact: true })).not.toBeChecked();

    await filters.getByRole('link', { name: c.clearFilters }).click();
    await expect(page).toHaveURL('/products');
    await expect(filters.getByRole('checkbox', { name: first.name, exact: true })).not.toBeChecked();
  });

  test('brand checkboxes filter, together with a category', async ({ page, request }) => {
    const brands = (await brandsApi(request)).data;
    const categories = (await categoriesApi(request)).data;
    const brand = brands[0];
    const category = categories[0];
    if (!brand || !category) throw new Error('seed expected');
    await page.goto('/products');
    await openFilters(page);
    const filters = page.getByRole('form', { name: c.filters });

    await filters.getByRole('checkbox', { name: brand.name, exact: true }).check();
    await expect(page).toHaveURL(`/products?brand=${brand.id}`);
    const byBrand = await productsApi(request, `brand[in][]=${brand.id}`);
    await expect(heading(page)).toHaveText(plural(byBrand.results, c.results));
    await expect(cardTitles(page)).toHaveText(byBrand.data.map((p) => p.title));
    for (const product of byBrand.data) expect(product.brand).toBe(brand.id);

    await filters.getByRole('checkbox', { name: category.name, exact: true }).check();
    await expect(page).toHaveURL(`/products?category=${category.id}&brand=${brand.id}`);
    const both = await productsApi(request, `brand[in][]=${brand.id}&category[in][]=${category.id}`);
    await expect(heading(page)).toHaveText(plural(both.results, c.results));
  });

  test('price from and to filter after a 1 s pause; bounds that do not apply are explained and ignored', async ({
    page,
    request,
  }) => {
    await page.goto('/products');
    await openFilters(page);
    const from = page.getByLabel(c.priceFrom);
    const to = page.getByLabel(c.priceTo);

    await from.fill('1000');
    // The price fields wait a full second before refreshing.
    await page.waitForTimeout(600);
    await expect(page).toHaveURL('/products');
    await expect(page).toHaveURL('/products?priceFrom=1000');
    const min = await productsApi(request, 'price[gte]=1000');
    await expect(heading(page)).toHaveText(plural(min.results, c.results));
    for (const price of await cardPrices(page)) expect(price).toBeGreaterThanOrEqual(1000);

    await to.fill('2000');
    await expect(page).toHaveURL('/products?priceFrom=1000&priceTo=2000');
    const range = await productsApi(request, 'price[gte]=1000&price[lte]=2000');
    await expect(heading(page)).toHaveText(plural(range.results, c.results));
    await expect(cardTitles(page)).toHaveText(range.data.map((p) => p.title));
    for (const price of await cardPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(1000);
      expect(price).toBeLessThanOrEqual(2000);
    }

    // A maximum not above the minimum is ignored: only the minimum applies.
    await to.fill('500');
    await expect(page).toHaveURL('/products?priceFrom=1000&priceTo=500');
    await expect(page.getByText(c.priceToNotAboveMin)).toBeVisible();
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toHaveAccessibleDescription(c.priceToNotAboveMin);
    await expect(to).toHaveValue('500');
    await expect(heading(page)).toHaveText(plural(min.results, c.results));

    // A minimum of 0 does not apply; the maximum alone then does.
    await from.fill('0');
    await expect(page).toHaveURL('/products?priceFrom=0&priceTo=500');
    await expect(page.getByText(c.priceFromNotPositive)).toBeVisible();
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    const max = await productsApi(request, 'price[lte]=500');
    await expect(heading(page)).toHaveText(plural(max.results, c.results));
    await expect(page.getByText(c.priceToNotAboveMin)).toHaveCount(0);

    await to.fill('-5');
    await expect(page).toHaveURL('/products?priceFrom=0&priceTo=-5');
    await expect(page.getByText(c.priceToNotPositive)).toBeVisible();
    const all = await productsApi(request, '');
    await expect(heading(page)).toHaveText(plural(all.results, c.results));

    await from.fill('abc');
    await expect(page).toHaveURL('/products?priceFrom=abc&priceTo=-5');
    await expect(page.getByText(c.priceNotNumber)).toBeVisible();
    await expect(from).toHaveValue('abc');
  });

  test('Arabic-Indic digits work in the price fields', async ({ page, request }) => {
    await page.goto('/products');
    await openFilters(page);
    await page.getByLabel(c.priceTo).fill('١٥٠');
    await expect(page).toHaveURL(`/products?priceTo=${encodeURIComponent('١٥٠')}`);
    const max = await productsApi(request, 'price[lte]=150');
    await expect(heading(page)).toHaveText(plural(max.results, c.results));
  });

  test('the top bar search opens the listing and remembers the word', async ({ page, request }) => {
    const word = 'سامسونج';
    const expected = await productsApi(request, `keyword=${encodeURIComponent(word)}`);
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'بحث' });
    await search.fill(word);
    await search.press('Enter');
    await expect(page).toHaveURL(`/products?keyword=${encodeURIComponent(word)}`);
    await expect(heading(page)).toHaveText(plural(expected.results, c.results));
    await expect(main(page).getByText(`${c.searchedFor} «${word}»`)).toBeVisible();
    await expect(cardTitles(page)).toHaveText(expected.data.map((p) => p.title));
    await expect(page).toHaveTitle(`${c.searchTitle(word)} | متجر`);
    await expect(search).toHaveValue(word);

    // Filters keep the keyword.
    const brand = (await brandsApi(request)).data[0];
    if (!brand) throw new Error('no brands');
    await openFilters(page);
    await page.getByRole('form', { name: c.filters }).getByRole('checkbox', { name: brand.name, exact: true }).check();
    await expect(page).toHaveURL(`/products?keyword=${encodeURIComponent(word)}&brand=${brand.id}`);

    // Elsewhere, and on a later visit, the box offers the last word searched.
    await page.goto('/allbrands');
    await expect(page.getByRole('combobox', { name: 'بحث' })).toHaveValue(word);
    await page.goto('/products');
    await expect(page.getByRole('combobox', { name: 'بحث' })).toHaveValue('');
  });

  test('pagination: next page, a page link, and no pager on a single page', async ({ page, request }) => {
    const second = await productsApi(request, 'page=2');
    await page.goto('/products');
    await pager(page).getByRole('link', { name: 'الصفحة التالية' }).click();
    await expect(page).toHaveURL('/products?page=2');
    await expect(cardTitles(page)).toHaveText(second.data.map((p) => p.title));
    await expect(pager(page).getByRole('link', { name: pageLink(2), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page).toHaveTitle(`${c.withPage(c.allProductsTitle, 2)} | متجر`);

    await pager(page)
      .getByRole('link', { name: pageLink(1), exact: true })
      .click();
    await expect(page).toHaveURL('/products');
    await pager(page)
      .getByRole('link', { name: pageLink(2), exact: true })
      .click();
    await expect(page).toHaveURL('/products?page=2');

    // Sort and filters stay in the page links.
    await page.goto('/products?sort=-price');
    await pager(page)
      .getByRole('link', { name: pageLink(2), exact: true })
      .click();
    await expect(page).toHaveURL('/products?sort=-price&page=2');
    const sorted = await productsApi(request, 'sort=-price&page=2');
    await expect(cardTitles(page)).toHaveText(sorted.data.map((p) => p.title));

    const single = await productsApi(request, 'price[gte]=5000');
    expect(single.paginationResult.numberOfPages).toBe(1);
    await page.goto('/products?priceFrom=5000');
    await expect(cardTitles(page)).toHaveCount(single.results);
    await expect(pager(page)).toHaveCount(0);
  });

  test('a spinner shows while the next page loads', async ({ page }) => {
    await page.goto('/products');
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await pager(page)
      .getByRole('link', { name: pageLink(2), exact: true })
      .click();
    await expect(main(page).getByRole('status')).toHaveText(c.loading);
    await expect(main(page).locator('[aria-busy="true"]')).toHaveCount(1);
    await expect(page).toHaveURL('/products?page=2');
    await expect(main(page).locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(main(page).getByRole('status')).toHaveText('');
  });

  test('empty results, a page past the end and malformed values', async ({ page, request }) => {
    await page.goto('/products?keyword=zzqxwv');
    await expect(heading(page)).toHaveText('لا توجد نتائج');
    // A search that finds nothing never dead-ends (docs/catalogue.md § Search): nothing is close,
    // so the best sellers stand in for an empty page.
    await expect(main(page).getByText(c.noMatchLead)).toBeVisible();
    await expect(main(page).getByRole('heading', { name: c.popularHeading })).toBeVisible();
    await expect(pager(page)).toHaveCount(0);

    const all = await productsApi(request, '');
    const response = await page.goto('/products?page=99');
    expect(response?.status()).toBe(200);
    await expect(heading(page)).toHaveText(plural(all.results, c.results));
    await expect(main(page).getByText('لا توجد منتجات')).toBeVisible();
    await main(page).getByRole('link', { name: c.firstPage }).click();
    await expect(page).toHaveURL('/products');
    await expect(cardTitles(page)).toHaveCount(8);

    const malformed = await page.goto('/products?sort=drop&category=nope&brand=1&page=-4&priceFrom=&keyword=');
    expect(malformed?.status()).toBe(200);
    await expect(heading(page)).toHaveText(plural(all.results, c.results));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products$/);
  });

  test('has no accessibility violations, filters open and messages shown', async ({ page }) => {
    await page.goto('/products?priceFrom=500&priceTo=100');
    await expectNoAxeViolations(page);
    await openFilters(page);
    await expect(page.getByText(c.priceToNotAboveMin)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('/products without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the apply buttons submit the same GET form', async ({ page, request }) => {
    const category = (await categoriesApi(request)).data[1];
    if (!category) throw new Error('no categories');
    await page.goto('/products?page=3');
    await openFilters(page);
    const filters = page.getByRole('form', { name: c.filters });
    await filters.getByRole('checkbox', { name: category.name, exact: true }).check();
    await page.getByLabel(c.priceFrom).fill('100');
    await filters.getByRole('button', { name: c.apply }).click();
    await expect(page).toHaveURL(new RegExp(`category=${category.id}.*priceFrom=100`));
    const expected = await productsApi(request, `category[in][]=${category.id}&price[gte]=100`);
    await expect(heading(page)).toHaveText(plural(expected.results, c.results));

    await page.getByLabel(c.sortLabel).selectOption({ label: 'السعر من الأعلى للأقل' });
    await page.getByRole('button', { name: c.apply }).first().click();
    await expect(page).toHaveURL(/sort=-price/);
    const sorted = await productsApi(request, `category[in][]=${category.id}&price[gte]=100&sort=-price`);
    await expect(cardTitles(page)).toHaveText(sorted.data.map((p) => p.title));
  });
});

test.describe('category and brand pages', () => {
  test('a category page shows its name, its products and a pager only when needed', async ({ page, request }) => {
    const categories = (await categoriesApi(request)).data;
    const counts = await Promise.all(
      categories.map(async (category) => ({
        category,
        list: await productsApi(request, `category=${category.id}`),
      })),
    );
    const big = counts.find(({ list }) => list.paginationResult.numberOfPages > 1);
    const small = counts.find(({ list }) => list.results > 0 && list.paginationResult.numberOfPages === 1);

    if (big) {
      await page.goto(`/products/allCategory/${big.category.id}`);
      await expect(page).toHaveTitle(`${big.category.name} | متجر`);
      await expect(heading(page)).toHaveText(big.category.name);
      await expect(main(page).getByText(plural(big.list.results, c.productCount))).toBeVisible();
      await expect(cardTitles(page)).toHaveText(big.list.data.map((p) => p.title));
      await pager(page)
        .getByRole('link', { name: pageLink(2), exact: true })
        .click();
      await expect(page).toHaveURL(`/products/allCategory/${big.category.id}?page=2`);
      const second = await productsApi(request, `category=${big.category.id}&page=2`);
      await expect(cardTitles(page)).toHaveText(second.data.map((p) => p.title));
    }
    if (!small) throw new Error('a category with one page of products expected');
    await page.goto(`/products/allCategory/${small.category.id}`);
    await expect(heading(page)).toHaveText(small.category.name);
    await expect(cardTitles(page)).toHaveText(small.list.data.map((p) => p.title));
    await expect(pager(page)).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto(`/products/allCategory/${small.category.id}?page=9`);
    await expect(main(page).getByText('لا توجد منتجات')).toBeVisible();

    await page.getByRole('navigation', { name: c.breadcrumb }).getByRole('link', { name: 'التصنيفات' }).click();
    await expect(page).toHaveURL('/allcategory');
  });

  test('a brand page shows its name and products', async ({ page, request }) => {
    const brand = (await brandsApi(request)).data[0];
    if (!brand) throw new Error('no brands');
    const list = await productsApi(request, `brand=${brand.id}`);
    await page.goto(`/products/allBrand/${brand.id}`);
    await expect(page).toHaveTitle(`${brand.name} | متجر`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', c.brandDescription(brand.name));
    await expect(heading(page)).toHaveText(brand.name);
    await expect(cardTitles(page)).toHaveText(list.data.map((p) => p.title));
    for (const product of list.data) expect(product.brand).toBe(brand.id);
    if (list.paginationResult.numberOfPages <= 1) await expect(pager(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('unknown or malformed ids answer 404 with the Arabic page', async ({ page }) => {
    for (const path of [
      '/products/allCategory/not-an-id',
      '/products/allCategory/00000000-0000-4000-8000-000000000000',
      '/products/allBrand/42',
      '/products/allBrand/00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
    }
  });
});

test.describe('all categories and all brands', () => {
  test('/allcategory pages through the categories on coloured tiles', async ({ page, request }) => {
    const categories = (await categoriesApi(request)).data;
    await page.goto('/allcategory');
    await expect(page).toHaveTitle(`${c.allCategoriesTitle} | متجر`);
    await expect(heading(page)).toHaveText(c.allCategoriesTitle);
    const tiles = main(page).locator('ul').first().getByRole('link');
    await expect(tiles).toHaveText(categories.slice(0, 6).map((category) => category.name));
    await expect(tiles.first()).toHaveClass(/bg-rose-100/);
    await expectNoAxeViolations(page);

    const categoriesPager = page.getByRole('navigation', { name: c.categoriesPager });
    await categoriesPager.getByRole('link', { name: pageLink(2), exact: true }).click();
    await expect(page).toHaveURL('/allcategory?page=2');
    await expect(tiles).toHaveText(categories.slice(6, 12).map((category) => category.name));
    await expect(page).toHaveTitle(`${c.withPage(c.allCategoriesTitle, 2)} | متجر`);

    const first = categories[6];
    if (!first) throw new Error('a seventh category expected');
    await tiles.first().click();
    await expect(page).toHaveURL(`/products/allCategory/${first.id}`);
    await expect(heading(page)).toHaveText(first.name);

    await page.goto('/allcategory?page=40');
    await expect(main(page).getByText('لا توجد تصنيفات')).toBeVisible();
  });

  test('/allbrands pages through the brands', async ({ page, request }) => {
    const brands = (await brandsApi(request)).data;
    await page.goto('/allbrands');
    await expect(page).toHaveTitle(`${c.allBrandsTitle} | متجر`);
    await expect(heading(page)).toHaveText(c.allBrandsTitle);
    const tiles = main(page).locator('ul').first().getByRole('link');
    await expect(tiles).toHaveText(brands.slice(0, 6).map((brand) => brand.name));
    await expectNoAxeViolations(page);

    const brandsPager = page.getByRole('navigation', { name: c.brandsPager });
    await brandsPager.getByRole('link', { name: 'الصفحة التالية' }).click();
    await expect(page).toHaveURL('/allbrands?page=2');
    await brandsPager.getByRole('link', { name: pageLink(3), exact: true }).click();
    await expect(page).toHaveURL('/allbrands?page=3');
    await expect(tiles).toHaveText(brands.slice(12, 18).map((brand) => brand.name));
    await expect(brandsPager.getByRole('link', { name: 'الصفحة التالية' })).toHaveCount(0);

    await page.goto('/allbrands?page=40');
    await expect(main(page).getByText('لا توجد ماركات')).toBeVisible();
  });
});
