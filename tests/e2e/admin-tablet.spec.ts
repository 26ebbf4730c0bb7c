import type { Coupon, ListEnvelope } from '../../src/contract/types';
import { adminText } from '../../src/web/i18n/admin';
import { expect, type Page, test } from './fixtures';
import { ADMIN, apiToken, bearer, createCustomer, placeCashOrder, signInWithCookie, stockedProducts } from './support';

/*
 * Staff work on tablets as well as desktops (issue: "desktop and tablet widths"). Every admin
 * screen, in a tablet held upright and on its side: the sidebar beside the content with all its
 * links, the page's heading, and nothing wider than the screen.
 */

const TABLETS = [
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'landscape', width: 1024, height: 768 },
];

/** One entry per admin place (docs/admin.md § The menu). */
const SIDEBAR_LINKS = 18;

/** One path per admin screen, with real ids for the edit and detail pages. */
async function adminPaths(page: Page): Promise<string[]> {
  const get = async <T>(path: string, token?: string) => {
    const res = await page.request.get(`/api/v1${path}`, token ? { headers: bearer(token) } : {});
    expect(res.status(), path).toBe(200);
    return (await res.json()) as T;
  };
  const staff = await apiToken(page.request, ADMIN);
  const customer = await createCustomer(page.request, 'زبون الجهاز اللوحي');
  const order = await placeCashOrder(page.request, customer.token, (await stockedProducts(page.request)).slice(0, 1));
  const firstId = async (path: string, token?: string) =>
    (await get<ListEnvelope<{ id: string }>>(`${path}?limit=1`, token)).data[0]?.id ?? '';
  const coupon = await page.request.post('/api/v1/coupons', {
    headers: bearer(staff),
    data: { name: `TAB${Date.now().toString(36).toUpperCase()}`, expire: '2099-01-01', discount: 10 },
  });
  expect(coupon.status()).toBe(201);
  return [
    '/admin',
    '/admin/allorders',
    `/admin/orders/${order.id}`,
    '/admin/allproducts',
    '/admin/addproducts',
    `/admin/editproducts/${await firstId('/products')}`,
    '/admin/addbrand',
    `/admin/editbrand/${await firstId('/brands')}`,
    '/admin/addcategory',
    `/admin/editcategory/${await firstId('/categories')}`,
    '/admin/addsubcategory',
    `/admin/editsubcategory/${await firstId('/subcategories')}`,
    '/admin/addCoupon',
    `/admin/edit-coupon/${((await coupon.json()) as { data: Coupon }).data.id}`,
    '/admin/shipping-zones',
    `/admin/shipping-zones/${(await get<{ data: { id: string }[] }>('/shipping-zones', staff)).data[0]?.id ?? ''}`,
    '/admin/settings',
    '/admin/e-invoicing',
    '/admin/reviews',
    '/admin/reviews/log',
    '/admin/customers',
    `/admin/customers/${(await get<{ data: { id: string } }>('/users/getMe', customer.token)).data.id}`,
    '/admin/reports/vat',
    '/admin/abandoned-carts',
    '/admin/activity',
    '/admin/pages',
    '/admin/pages/returns',
    '/admin/home',
    '/admin/home/slides/new',
    '/admin/staff',
  ];
}

for (const tablet of TABLETS) {
  test.describe(`a tablet, ${tablet.name} @tablet`, () => {
    test.use({ viewport: { width: tablet.width, height: tablet.height }, hasTouch: true });

    test('every admin screen has its sidebar beside the content, a heading, and fits the width', async ({
      page,
      context,
      baseURL,
    }) => {
      // Eighteen screens in one test: more than the default 30 s on a busy machine.
      test.slow();
      const paths = await adminPaths(page);
      await signInWithCookie(context, baseURL, await apiToken(page.request, ADMIN));
      for (const path of paths) {
        await page.goto(path);
        const nav = page.getByRole('navigation', { name: adminText.nav });
        await expect(nav.getByRole('link'), path).toHaveCount(SIDEBAR_LINKS);
        const heading = page.getByRole('main').getByRole('heading', { level: 1 });
        await expect(heading, path).toBeVisible();
        // Beside, not above: the sidebar and the heading share the top band of the page.
        const [navBox, headingBox] = await Promise.all([nav.boundingBox(), heading.boundingBox()]);
        expect(navBox && headingBox && headingBox.y < navBox.y + navBox.height, path).toBe(true);
        expect(navBox && headingBox && navBox.x > headingBox.x, `${path}: the sidebar is on the right (RTL)`).toBe(
          true,
        );
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      }
    });
  });
}
