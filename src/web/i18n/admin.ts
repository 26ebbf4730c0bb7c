/** Arabic texts of the admin area's frame: its sidebar and the words every admin screen shares. */
export const adminText = {
  nav: 'لوحة التحكم',
  orders: 'إدارة الطلبات',
  products: 'إدارة المنتجات',
  addBrand: 'إضافة ماركة',
  addCategory: 'إضافة تصنيف',
  addSubcategory: 'إضافة تصنيف فرعي',
  addProduct: 'إضافة منتج',
  addCoupon: 'إضافة كوبون',
  shippingZones: 'مناطق الشحن',
  settings: 'إعدادات المتجر',
  eInvoicing: 'الفوترة الإلكترونية',
  storePages: 'الصفحات',
};
