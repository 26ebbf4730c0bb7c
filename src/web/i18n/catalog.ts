import { formatNumber } from '../lib/format';
import type { PluralForms } from '../lib/plural';
import { productsCount } from './counts';

/** Arabic texts of the catalogue browsing screens: listing, category/brand pages, all brands/categories. */
export const c = {
  allProductsTitle: 'كل المنتجات',
  allProductsDescription:
    'تصفّح كل منتجات المتجر: هواتف، حواسيب، أزياء، عطور وأجهزة منزلية، مع التصفية حسب التصنيف والماركة والسعر.',
  searchTitle: (keyword: string) => `نتائج البحث عن «${keyword}»`,
  searchDescription: (keyword: string) =>
    `منتجات تطابق «${keyword}» في المتجر، مع التصفية حسب التصنيف والماركة والسعر.`,
  searchedFor: 'نتائج البحث عن',
  /** A page title naming the page number past the first, so every page's title is its own. */
  withPage: (title: string, page: number) => (page > 1 ? `${title} — الصفحة ${formatNumber(page)}` : title),
  results: {
    zero: 'لا توجد نتائج',
    one: 'هناك نتيجة واحدة',
    two: 'هناك نتيجتان',
    few: 'هناك {n} نتائج',
    many: 'هناك {n} نتيجة',
    other: 'هناك {n} نتيجة',
  } satisfies PluralForms,
  /** `results` counted no further than a window past the page: a lower bound. */
  resultsAtLeast: 'هناك أكثر من {n} نتيجة',
  productsAtLeast: 'أكثر من {n} منتج',
  productCount: productsCount,

  categoryStrip: 'تصفّح حسب التصنيف',
  all: 'الكل',

  sortLabel: 'الترتيب',
  apply: 'تطبيق',
  filters: 'تصفية النتائج',
  activeFilters: (count: string) => `${count} مفعّلة`,
  clearFilters: 'مسح التصفية',
  filterCategory: 'التصنيف',
  filterBrand: 'الماركة',
  filterPrice: 'السعر',
  priceFrom: 'السعر من',
  priceTo: 'السعر إلى',
  priceNotNumber: 'أدخل السعر أرقاماً فقط، مثل 250 أو 99.5. تم تجاهل هذه القيمة.',
  priceFromNotPositive: 'يُطبَّق «السعر من» فقط إذا كان أكبر من صفر، لذا تم تجاهله.',
  priceToNotPositive: 'يُطبَّق «السعر إلى» فقط إذا كان أكبر من صفر، لذا تم تجاهله.',
  priceToNotAboveMin: 'يجب أن يكون «السعر إلى» أكبر من «السعر من»، لذا تم تجاهله.',
  firstPage: 'العودة إلى الصفحة الأولى',

  productsHeading: 'المنتجات',
  noMatchLead: 'لم نجد منتجات تطابق بحثك تماماً، لكن قد يعجبك ما يلي.',
  didYouMean: 'هل تقصد:',
  nearestHeading: (keyword: string) => `نتائج قريبة: «${keyword}»`,
  nearestAll: (keyword: string) => `كل نتائج «${keyword}»`,
  popularHeading: 'الأكثر مبيعاً',
  loading: 'جارٍ التحميل…',
  breadcrumb: 'مسار التنقل',
  categoryDescription: (name: string) => `تسوّق منتجات تصنيف ${name} بأفضل الأسعار.`,
  brandDescription: (name: string) => `تسوّق منتجات ماركة ${name} بأفضل الأسعار.`,

  allCategoriesTitle: 'كل التصنيفات',
  allCategoriesDescription: 'كل تصنيفات المتجر: اختر تصنيفاً لتصفّح منتجاته.',
  allBrandsTitle: 'كل الماركات',
  allBrandsDescription: 'كل الماركات المتوفرة في المتجر: اختر ماركة لتصفّح منتجاتها.',
  categoriesPager: 'صفحات التصنيفات',
  brandsPager: 'صفحات الماركات',
  productsPager: 'صفحات المنتجات',
} as const;
