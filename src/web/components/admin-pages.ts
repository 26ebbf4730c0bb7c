import {
  BadgePercent,
  Calculator,
  ChartColumn,
  FileText,
  FolderPlus,
  FolderTree,
  History,
  House,
  MessageSquareText,
  Package,
  ReceiptText,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Tags,
  Truck,
  UserCog,
  UsersRound,
} from 'lucide-react';
import { productImportPath } from '../../contract/web';
import { adminText } from '../i18n/admin';

/**
 * The admin sidebar: one entry per place, named for what is there (the specification's «إضافة ماركة»
 * and such named actions; docs/admin.md § The menu), with the pages that belong under each.
 */
export const adminPages = [
  // The owner's dashboard (docs/dashboard.md): marked on /admin itself only.
  { to: '/admin', label: adminText.dashboard, Icon: ChartColumn, under: [] },
  { to: '/admin/allorders', label: adminText.orders, Icon: ReceiptText, under: ['/admin/orders/'] },
  {
    to: '/admin/allproducts',
    label: adminText.products,
    Icon: Package,
    // Adding a product starts from the products list's own button.
    under: ['/admin/addproducts', '/admin/editproducts/', '/admin/products/'],
  },
  { to: '/admin/addcategory', label: adminText.categories, Icon: FolderPlus, under: ['/admin/editcategory/'] },
  {
    to: '/admin/addsubcategory',
    label: adminText.subcategories,
    Icon: FolderTree,
    under: ['/admin/editsubcategory/'],
  },
  { to: '/admin/addbrand', label: adminText.brands, Icon: Tags, under: ['/admin/editbrand/'] },
  { to: '/admin/addCoupon', label: adminText.coupons, Icon: BadgePercent, under: ['/admin/edit-coupon/'] },
  // The shop's customers (docs/customers.md).
  { to: '/admin/customers', label: adminText.customers, Icon: UsersRound, under: ['/admin/customers/'] },
  { to: '/admin/abandoned-carts', label: adminText.abandonedCarts, Icon: ShoppingCart, under: [] },
  // Review moderation (docs/reviews.md § Moderation).
  { to: '/admin/reviews', label: adminText.reviews, Icon: MessageSquareText, under: ['/admin/reviews/'] },
  // The shop's money settings (docs/pricing.md).
  {
    to: '/admin/shipping-zones',
    label: adminText.shippingZones,
    Icon: Truck,
    under: ['/admin/shipping-zones/'],
  },
  // The store's pages: terms, privacy, returns, about, contact (docs/store-pages.md).
  { to: '/admin/pages', label: adminText.storePages, Icon: FileText, under: ['/admin/pages/'] },
  // The home page's slides and featured categories and products (docs/home-page.md).
  { to: '/admin/home', label: adminText.homePage, Icon: House, under: ['/admin/home/'] },
  // The owner's reports: the VAT report (docs/invoices.md § The VAT report).
  { to: '/admin/reports/vat', label: adminText.reports, Icon: Calculator, under: ['/admin/reports/'] },
  { to: '/admin/settings', label: adminText.settings, Icon: Settings, under: [] },
  // Under the settings: ZATCA phase 2 (docs/invoices.md § On screen).
  { to: '/admin/e-invoicing', label: adminText.eInvoicing, Icon: ShieldCheck, under: [] },
  // Who changed what (docs/staff-actions.md).
  { to: '/admin/activity', label: adminText.activity, Icon: History, under: [] },
  // The owner's team: roles, invites, disabling (docs/staff.md).
  { to: '/admin/staff', label: adminText.staff, Icon: UserCog, under: [] },
] as const;

/**
 * The places a member of staff may open (docs/staff.md § What each role may do): orders, the
 * catalogue, customers, reviews and abandoned baskets. Every other place is the admins' alone, a
 * new one too until it is added here.
 */
const staffPlaces: ReadonlySet<string> = new Set([
  '/admin/allorders',
  '/admin/allproducts',
  '/admin/addcategory',
  '/admin/addsubcategory',
  '/admin/addbrand',
  '/admin/customers',
  '/admin/abandoned-carts',
  '/admin/reviews',
]);

/** The sidebar as someone of `role` sees it: everything for an admin, staff's places for staff. */
export const adminPagesFor = (role: string) =>
  role === 'admin' ? adminPages : adminPages.filter((entry) => staffPlaces.has(entry.to));

/** How an entry marks itself: 'page' on its own page, 'true' on a page beneath it. */
export function adminMark(entry: (typeof adminPages)[number], pathname: string): 'page' | 'true' | undefined {
  if (pathname === entry.to) return 'page';
  return entry.under.some((prefix) => pathname.startsWith(prefix)) ? 'true' : undefined;
}

/** The products CSV: its download (routes/admin/products-export.ts) and the import screen (docs/product-import.md). */
export const productCsvPaths = { export: '/admin/products/export.csv', import: `/${productImportPath}` } as const;
