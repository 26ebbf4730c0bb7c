import type { Brand, ListEnvelope } from '../../src/contract/types';
import { t } from '../../src/web/i18n/ar';
import { c } from '../../src/web/i18n/catalog';
import { plural } from '../../src/web/lib/plural';
import { expect, type Page, test } from './fixtures';
import { expectNoAxeViolations, hydrated } from './support';

/* The top bar's search box: suggestions as a combobox, and the listing's Arabic-aware search. */

const S24 = 'هاتف سامسونج جالاكسي S24 ألترا 256 جيجابايت';
const box = (page: Page) => page.getByRole('combobox', { name: t.search });
const listbox = (page: Page) => page.getByRole('listbox', { name: t.suggestions });
const cardTitles = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });

async function typeInSearch(page: Page, text: string) {
  await page.goto('/');
  // The box's code comes on its first use (src/web/components/top-bar.tsx): here the click.
  await box(page).click();
  await hydrated(box(page));
  await expect(box(page)).toBeFocused();
  await box(page).pressSequentially(text, { delay: 30 });
}

test('suggestions follow what is typed; arrows choose, Enter opens the brand', async ({ page, request }) => {
  await typeInSearch(page, 'سامس');
  const options = listbox(page).getByRole('option');
  await expect(options.first()).toContainText('سامسونج');
  await expect(options.first()).toContainText(t.suggestionKinds.brand);
  await expect(options.filter({ hasText: S24 })).toHaveCount(1);
  expect(await options.count()).toBeLessThanOrEqual(8);
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  // The count is announced to screen readers.
  await expect(page.getByText(/اقتراح/).and(page.locator('[aria-live]'))).toContainText('استخدم الأسهم');
  await expectNoAxeViolations(page);

  await page.keyboard.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? '');
  // Up from the first goes back to the box itself, up again to the last option.
  await page.keyboard.press('ArrowUp');
  await expect(box(page)).not.toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const brands = (await (await request.get('/api/v1/brands?limit=100')).json()) as ListEnvelope<Brand>;
  const samsung = brands.data.find((brand) => brand.name === 'سامسونج');
  await expect(page).toHaveURL(new RegExp(`/products/allBrand/${samsung?.id}$`));
  await expect(listbox(page)).toBeHidden();
});

test('a product suggestion opens its page; Escape closes the list', async ({ page }) => {
  await typeInSearch(page, 'جالاكسي S2');
  const option = listbox(page).getByRole('option', { name: new RegExp(S24) });
  await expect(option).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(listbox(page)).toBeHidden();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await box(page).press('ArrowDown');
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(S24);
});

test('Enter with nothing chosen searches; spelling variants, hamza and typos still find the products', async ({
  page,
}) => {
  await typeInSearch(page, 'احذيه');
  await expect(listbox(page).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\?keyword=/);
  await expect(page).toHaveTitle(new RegExp(c.searchTitle('احذيه')));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/نتائج|نتيجة/);
  await expect(cardTitles(page).first()).toContainText('حذاء');

  for (const [typed, expected] of [
    ['سامسونق S24', S24],
    ['samsung galaxy', S24],
    ['عِطْر دِيُور سُوفَاج', 'عطر ديور سوفاج أو دو بارفان 100 مل'],
  ] as const) {
    await page.goto(`/products?keyword=${encodeURIComponent(typed)}`);
    await expect(cardTitles(page).filter({ hasText: expected })).toHaveCount(1);
  }
  // The words the search matched are marked in the titles, whatever their spelling.
  await page.goto(`/products?keyword=${encodeURIComponent('عطر ديور سوفاج')}`);
  const dior = cardTitles(page).filter({ hasText: 'عطر ديور سوفاج أو دو بارفان' });
  await expect(dior.locator('mark')).toHaveText(['عطر', 'ديور', 'سوفاج']);
  await page.goto(`/products?keyword=${encodeURIComponent('بيتزا')}`);
  await expect(page.getByRole('main')).toContainText(plural(0, c.results));
});

test('«فستان احمر» finds the red satin dress and not the floral one in rose and navy, as the results show them', async ({
  page,
}) => {
  await typeInSearch(page, 'فستان احمر');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\?keyword=/);
  const red = cardTitles(page).filter({ hasText: 'فستان سهرة ساتان طويل' });
  await expect(red).toHaveCount(1);
  await expect(red).toBeVisible();
  // The word the search matched is marked; the colour matched the product's colours, not its title.
  await expect(red.locator('mark')).toHaveText(['فستان']);
  await expect(cardTitles(page).filter({ hasText: 'فستان زارا نسائي ميدي بنقشة زهور' })).toHaveCount(0);
  await expect(page.getByTestId('no-match')).toHaveCount(0);
});

test.describe('a search that finds nothing never dead-ends', () => {
  const nearest = (page: Page) => page.getByRole('region', { name: c.nearestHeading('فستان') });
  const popular = (page: Page) => page.getByRole('region', { name: c.popularHeading });

  test('«هل تقصد» links the respelled keyword; nearest matches and best sellers are shown in Arabic', async ({
    page,
  }) => {
    await page.goto(`/products?keyword=${encodeURIComponent('فسططان')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plural(0, c.results));
    await expect(page.getByText(c.noMatchLead)).toBeVisible();
    const suggestion = page.getByRole('link', { name: 'فستان', exact: true });
    await expect(suggestion).toBeVisible();
    await expect(page.getByText(c.didYouMean)).toBeVisible();
    await expect(nearest(page).getByRole('article')).toHaveCount(2);
    await expect(nearest(page).getByRole('heading', { level: 3 }).first()).toContainText('فستان');
    expect(await popular(page).getByRole('article').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await hydrated(suggestion);
    await suggestion.click();
    await expect(page).toHaveURL(/keyword=%D9%81%D8%B3%D8%AA%D8%A7%D9%86$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plural(2, c.results));
    // On the listing the box shows the keyword searched, after a navigation within it too.
    await expect(box(page)).toHaveValue('فستان');
    await expect(page.getByTestId('no-match')).toHaveCount(0);
  });

  test('a colour no dress has: the dresses without it, on a 360 px phone without sideways scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/products?keyword=${encodeURIComponent('فستان اصفر')}`);
    await expect(nearest(page).getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('link', { name: c.nearestAll('فستان') })).toHaveAttribute('href', /keyword=/);
    await expect(popular(page).getByRole('article').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
