import {
  BadgePercent,
  FileText,
  FolderPlus,
  FolderTree,
  Package,
  PackagePlus,
  ReceiptText,
  Settings,
  ShieldCheck,
  Tags,
  Truck,
} from 'lucide-react';
import { productImportPath } from '../../contract/web';
import { adminText } from '../i18n/admin';

/** The admin sidebar's entries in the order of docs/specification.md (Screens and routes: Staff pages), with the pages that belong under each. */
export const adminPages = [
  { to: '/admin/allorders', label: adminText.orders, Icon: ReceiptText, under: ['/admin/orders/'] },
  {
    to: '/admin/allproducts',
    label: adminText.products,
    Icon: Package,
    under: ['/admin/editproducts/', '/admin/products/'],
  },
  { to: '/admin/addbrand', label: adminText.addBrand, Icon: Tags, under: ['/admin/editbrand/'] },
  { to: '/admin/addcategory', label: adminText.addCategory, Icon: FolderPlus, under: ['/admin/editcategory/'] },
  {
    to: '/admin/addsubcategory',
    label: adminText.addSubcategory,
    Icon: FolderTree,
    under: ['/admin/editsubcategory/'],
  },
  { to: '/admin/addproducts', label: adminText.addProduct, Icon: PackagePlus, under: [] },
  { to: '/admin/addCoupon', label: adminText.addCoupon, Icon: BadgePercent, under: ['/admin/edit-coupon/'] },
  // Not in the spec's list: the shop's money settings (docs/pricing.md).
  {
    to: '/admin/shipping-zones',
    label: adminText.shippingZones,
    Icon: Truck,
    under: ['/admin/shipping-zones/'],
  },
  { to: '/admin/settings', label: adminText.settings, Icon: Settings, under: [] },
  // Under the settings: ZATCA phase 2 (docs/invoices.md § On screen).
  { to: '/admin/e-invoicing', label: adminText.eInvoicing, Icon: ShieldCheck, under: [] },
  // The store's pages: terms, privacy, returns, about, contact (docs/store-pages.md).
  { to: '/admin/pages', label: adminText.storePages, Icon: FileText, under: ['/admin/pages/'] },
] as const;

/** How an entry marks itself: 'page' on its own page, 'true' on a page beneath it. */
export function adminMark(entry: (typeof adminPages)[number], pathname: string): 'page' | 'true' | undefined {
  if (pathname === entry.to) return 'page';
  return entry.under.some((prefix) => pathname.startsWith(prefix)) ? 'true' : undefined;
}

/** The products CSV: its download (routes/admin/products-export.ts) and the import screen (docs/product-import.md). */
export const productCsvPaths = { export: '/admin/products/export.csv', import: `/${productImportPath}` } as const;
