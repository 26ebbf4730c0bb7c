import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { imageFormPaths, productImportPath } from '../contract/web';

export default [
  index('routes/home.tsx'),
  route('products/:id', 'routes/product.tsx'),
  // The store's pages: terms, privacy, returns, about, contact (docs/store-pages.md).
  route('pages/:slug', 'routes/store-page.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('feeds/google.xml', 'routes/product-feed.ts'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('user/forgetPassword', 'routes/forget-password.tsx'),
  route('user/verify-code', 'routes/verify-code.tsx'),
  route('user/reset-password', 'routes/reset-password.tsx'),
  // The customer's account area; the three password-recovery pages above stay public.
  layout('routes/user-layout.tsx', [
    route('user/allOrders', 'routes/user-orders.tsx'),
    route('user/orders/:id', 'routes/user-order.tsx'),
    route('user/favorite', 'routes/user-favorites.tsx'),
    route('user/address', 'routes/user-addresses.tsx'),
    route('user/add-address', 'routes/add-address.tsx'),
    route('user/edit-address/:id', 'routes/edit-address.tsx'),
    route('user/user-profile', 'routes/user-profile.tsx'),
  ]),
  // Staff only (docs/specification.md (Screens and routes: Staff pages)): the layout's loader guards every page beneath it.
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/dashboard.tsx'),
    route('admin/allorders', 'routes/admin/orders.tsx'),
    route('admin/orders/:id', 'routes/admin/order.tsx'),
    // The shop's customers with their orders' figures (docs/customers.md).
    route('admin/customers', 'routes/admin/customers.tsx'),
    route('admin/customers/:id', 'routes/admin/customer.tsx'),
    route('admin/allproducts', 'routes/admin/products.tsx'),
    // Products from a CSV and a zip of pictures: a larger post than the other pages (src/contract/web.ts).
    route(productImportPath, 'routes/admin/product-import.tsx'),
    route(imageFormPaths.addProduct, 'routes/admin/add-product.tsx'),
    route(imageFormPaths.editProduct, 'routes/admin/edit-product.tsx'),
    // One module each for adding and editing brands and categories (a name and an image). The pages
    // that upload pictures take larger posts than the others (src/contract/web.ts).
    route(imageFormPaths.addBrand, 'routes/admin/add-group.tsx', { id: 'admin-add-brand' }),
    route(imageFormPaths.addCategory, 'routes/admin/add-group.tsx', { id: 'admin-add-category' }),
    route(imageFormPaths.editBrand, 'routes/admin/edit-group.tsx', { id: 'admin-edit-brand' }),
    route(imageFormPaths.editCategory, 'routes/admin/edit-group.tsx', { id: 'admin-edit-category' }),
    route('admin/addsubcategory', 'routes/admin/add-subcategory.tsx'),
    route('admin/editsubcategory/:id', 'routes/admin/edit-subcategory.tsx'),
    route('admin/addCoupon', 'routes/admin/coupons.tsx'),
    route('admin/edit-coupon/:id', 'routes/admin/edit-coupon.tsx'),
    route('admin/shipping-zones', 'routes/admin/shipping-zones.tsx'),
    route('admin/shipping-zones/:id', 'routes/admin/edit-shipping-zone.tsx'),
    route('admin/settings', 'routes/admin/settings.tsx'),
    // ZATCA phase 2: onboarding and reporting (docs/invoices.md § On screen).
    route('admin/e-invoicing', 'routes/admin/e-invoicing.tsx'),
    // Review moderation and its log (docs/reviews.md § Moderation).
    route('admin/reviews', 'routes/admin/reviews.tsx'),
    route('admin/reviews/log', 'routes/admin/review-log.tsx'),
    // A period's VAT to file the return (docs/invoices.md § The VAT report).
    route('admin/reports/vat', 'routes/admin/vat-report.tsx'),
    // Customers' baskets untouched past the reminder delay (docs/abandoned-baskets.md).
    route('admin/abandoned-carts', 'routes/admin/abandoned-carts.tsx'),
    // The log of staff actions (docs/staff-actions.md).
    route('admin/activity', 'routes/admin/activity.tsx'),
    // The store's pages' texts (docs/store-pages.md).
    route('admin/pages', 'routes/admin/pages.tsx'),
    route('admin/pages/:slug', 'routes/admin/edit-page.tsx'),
    // The home page's slides and featured categories and products (docs/home-page.md).
    route('admin/home', 'routes/admin/home.tsx'),
    route(imageFormPaths.addSlide, 'routes/admin/edit-slide.tsx', { id: 'admin-add-slide' }),
    route(imageFormPaths.editSlide, 'routes/admin/edit-slide.tsx', { id: 'admin-edit-slide' }),
    // The owner's team: roles, invites, disabling (docs/staff.md).
    route('admin/staff', 'routes/admin/staff.tsx'),
  ]),
  // An invite's link: the invitee makes their staff account (docs/staff.md § Invites).
  route('staff/invite/:token', 'routes/staff-invite.tsx'),
  // An order's printable packing slip, outside the admin layout so it prints without the staff's
  // navigation (docs/orders.md § The packing slip; the loader guards itself).
  route('admin/orders/:id/packing-slip', 'routes/admin/packing-slip.tsx'),
  // The admin orders list's CSV export (a download; the loader guards itself).
  route('admin/orders/export.csv', 'routes/admin/orders-export.ts'),
  // The admin products screen's CSV export (a download; the loader guards itself).
  route('admin/products/export.csv', 'routes/admin/products-export.ts'),
  // The VAT report's CSV (a download; the loader guards itself).
  route('admin/reports/vat.csv', 'routes/admin/vat-report-export.ts'),
  // The product form's sub-category choices (data only; the loader guards itself).
  route('admin/categories/:id/subcategories', 'routes/admin/subcategories.ts'),
  // The product cards' hearts post here.
  route('wishlist', 'routes/wishlist.ts'),
  route('products', 'routes/products.tsx'),
  // One screen for a category's and a brand's products.
  route('products/allCategory/:id', 'routes/group-products.tsx', { id: 'category-products' }),
  route('products/allBrand/:id', 'routes/group-products.tsx', { id: 'brand-products' }),
  route('allcategory', 'routes/all-categories.tsx'),
  route('allbrands', 'routes/all-brands.tsx'),
  route('cart', 'routes/cart.tsx'),
  // A basket reminder's unsubscribe link: a GET shows a button, only its POST unsubscribes.
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  route('order/paymethoud', 'routes/payment.tsx'),
  // An order's tax invoice, for its customer and staff (the API decides; docs/invoices.md).
  route('orders/:id/invoice', 'routes/invoice.tsx'),
  // The payment screen's quote (data only; the loader guards itself).
  route('order/quote', 'routes/order-quote.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
