import { readFile } from 'node:fs/promises';
import { shopDay } from '../../src/contract/dates';
import { ao } from '../../src/web/i18n/admin-orders';
import { vr } from '../../src/web/i18n/admin-vat-report';
import { formatPercent, formatPrice } from '../../src/web/lib/format';
import { vatPeriods } from '../../src/web/lib/vat-periods';
import { expect, test } from './fixtures';
import {
  ADMIN,
  apiToken,
  bearer,
  createCustomer,
  expectNoAxeViolations,
  field,
  placeCashOrder,
  SHOP_TIME_ZONE,
  sidewaysOverflow,
  signInWithCookie,
  stockedProducts,
} from './support';

/*
 * The VAT report (docs/invoices.md § The VAT report) in the VAT-registered cash-only shop: the
 * screen shows the API's figures for this quarter, another period on a quick choice or the form,
 * and downloads the same figures as CSV; axe-clean, and it fits a 360 px phone.
 */

const shopURL = () => process.env.E2E_CASH_ONLY_URL as string;

type Report = {
  invoices: { count: number; taxable: number; vat: number };
  creditNotes: { count: number; taxable: number; vat: number };
  netTaxable: number;
  netVat: number;
  byRate: { rate: number; taxable: number; vat: number }[];
};

test('staff read this quarter’s VAT, change the period and download the CSV', async ({ page, playwright }) => {
  // Four pages, a download and three axe runs, on a machine shared with other runs.
  test.slow();
  const request = await playwright.request.newContext({ baseURL: shopURL() });
  try {
    // A cash order today: this quarter has at least one tax invoice.
    const customer = await createCustomer(request);
    const [product] = await stockedProducts(request);
    expect(product).toBeDefined();
    if (product) await placeCashOrder(request, customer.token, [product]);
    const staff = await apiToken(request, ADMIN);
    const reportOf = async (from: string, to: string) => {
      const res = await request.get(`/api/v1/admin/vat-report?from=${from}&to=${to}`, { headers: bearer(staff) });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: Report }).data;
    };
    const { quarters } = vatPeriods(shopDay(new Date(), SHOP_TIME_ZONE));
    const [thisQuarter, lastQuarter] = quarters;
    if (!thisQuarter || !lastQuarter) throw new Error('no quarters');

    await signInWithCookie(page.context(), shopURL(), staff);
    const main = page.getByRole('main');
    const summary = main.getByRole('region', { name: vr.summary, exact: true });
    const row = (label: string) => summary.getByRole('row', { name: new RegExp(`^${label}`) });
    /** The screen says what the API says of the period (other tests may add documents meanwhile). */
    const expectFigures = async (from: string, to: string) => {
      await expect(async () => {
        await page.goto(`${shopURL()}/admin/reports/vat?from=${from}&to=${to}`);
        const report = await reportOf(from, to);
        await expect(row(vr.invoices), 'invoices').toContainText(formatPrice(report.invoices.vat, 'SAR'), {
          timeout: 1000,
        });
        await expect(row(vr.invoices)).toContainText(formatPrice(report.invoices.taxable, 'SAR'), { timeout: 1000 });
        await expect(row(vr.creditNotes)).toContainText(formatPrice(report.creditNotes.vat, 'SAR'), { timeout: 1000 });
        await expect(main.getByTestId('net-vat')).toHaveText(formatPrice(report.netVat, 'SAR'), { timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      return reportOf(from, to);
    };

    // This quarter by default, in the shop's zone.
    await page.goto(`${shopURL()}/admin/reports/vat`);
    await expect(main.getByRole('heading', { level: 1, name: vr.title })).toBeVisible();
    await expect(field(main, vr.from)).toHaveValue(thisQuarter.from);
    await expect(field(main, vr.to)).toHaveValue(thisQuarter.to);
    await expect(main.getByRole('link', { name: thisQuarter.label })).toHaveAttribute('aria-current', 'page');
    const now = await expectFigures(thisQuarter.from, thisQuarter.to);
    expect(now.invoices.count).toBeGreaterThan(0);
    const rates = main.getByRole('region', { name: vr.byRate, exact: true });
    await expect(rates.getByRole('row', { name: new RegExp(`^${formatPercent(0.15)}`) })).toContainText(
      formatPrice(now.byRate.find((rate) => rate.rate === 15)?.vat ?? Number.NaN, 'SAR'),
    );
    await expectNoAxeViolations(page);

    // The CSV of the same period: a BOM, Arabic headings, the net VAT with two decimals.
    const downloading = page.waitForEvent('download');
    await main.getByRole('link', { name: vr.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`vat-report-${thisQuarter.from}-${thisQuarter.to}.csv`);
    const bytes = await readFile((await download.path()) ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(`${vr.item},${vr.rate},${vr.count},${vr.taxable} (SAR),${vr.vat} (SAR)`);
    const csvNet = await reportOf(thisQuarter.from, thisQuarter.to);
    expect(lines[3]).toBe(`${vr.net},,,${csvNet.netTaxable.toFixed(2)},${csvNet.netVat.toFixed(2)}`);

    // Last quarter, from the quick choices.
    await main.getByRole('link', { name: lastQuarter.label }).click();
    await expect(page).toHaveURL(`${shopURL()}/admin/reports/vat?from=${lastQuarter.from}&to=${lastQuarter.to}`);
    await expect(field(main, vr.from)).toHaveValue(lastQuarter.from);
    await expectFigures(lastQuarter.from, lastQuarter.to);

    // A period of the form's own, the wrong way round: said beside «إلى», no figures.
    await field(main, vr.from).fill(thisQuarter.to);
    await field(main, vr.to).fill(thisQuarter.from);
    await main.getByRole('button', { name: vr.show }).click();
    await expect(field(main, vr.to)).toHaveAccessibleDescription(ao.filters.rangeInvalid);
    await expect(summary).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A 360 px phone: nothing scrolls sideways but the tables themselves.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${shopURL()}/admin/reports/vat`);
    await expect(summary).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  } finally {
    await request.dispose();
  }
});
