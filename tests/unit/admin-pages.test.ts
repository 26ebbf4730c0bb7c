import { describe, expect, it } from 'vitest';
import { adminMark, adminPages, adminPagesFor } from '../../src/web/components/admin-pages.js';
import { adminText } from '../../src/web/i18n/admin.js';

describe('the admin menu', () => {
  const dashboard = adminPages.find((entry) => entry.to === '/admin');

  it('opens with the dashboard «لوحة التحكم» (docs/dashboard.md)', () => {
    expect(adminPages[0]).toBe(dashboard);
    expect(dashboard?.label).toBe(adminText.dashboard);
    expect(adminText.dashboard).toBe('لوحة التحكم');
  });

  it('marks the dashboard on /admin only, not on every page beneath it', () => {
    if (!dashboard) throw new Error('no dashboard entry');
    expect(adminMark(dashboard, '/admin')).toBe('page');
    for (const path of ['/admin/allorders', '/admin/orders/1', '/admin/settings', '/admin/allproducts']) {
      expect(adminMark(dashboard, path), path).toBeUndefined();
    }
    const orders = adminPages.find((entry) => entry.to === '/admin/allorders');
    expect(orders && adminMark(orders, '/admin')).toBeUndefined();
  });

  it('shows admins every place and staff only orders, the catalogue, customers, reviews and baskets (docs/staff.md)', () => {
    expect(adminPagesFor('admin')).toBe(adminPages);
    expect(adminPagesFor('staff').map((entry) => entry.to)).toEqual([
      '/admin/allorders',
      '/admin/allproducts',
      '/admin/addcategory',
      '/admin/addsubcategory',
      '/admin/addbrand',
      '/admin/customers',
      '/admin/abandoned-carts',
      '/admin/reviews',
    ]);
  });
});
