/** Arabic texts of the admin area's frame: its sidebar and the words every admin screen shares. */
export const adminText = {
  nav: 'لوحة التحكم',
  orders: 'الطلبات',
  products: 'المنتجات',
  categories: 'التصنيفات',
  subcategories: 'التصنيفات الفرعية',
  brands: 'الماركات',
  coupons: 'الكوبونات',
  shippingZones: 'مناطق الشحن',
  settings: 'إعدادات المتجر',
  eInvoicing: 'الفوترة الإلكترونية',
  dashboard: 'لوحة التحكم',
  reviews: 'المراجعات',
  customers: 'العملاء',
  reports: 'التقارير',
  abandonedCarts: 'السلال المتروكة',
  storePages: 'الصفحات',
};
