import type { PluralForms } from '../lib/plural';
import { notEnoughStock } from './basket';

/** Arabic texts of the product page. */
export const pt = {
  /** A variant's stock-keeping code, shown on the product page and in the admin's variant editor. */
  sku: 'رمز المنتج',
  breadcrumb: 'مسار التنقل',
  home: 'الرئيسية',
  gallery: 'صور المنتج',
  galleryViewport: 'الصورة المعروضة، استخدم الأسهم للتنقل بين الصور',
  imageOf: (n: string, total: string) => `الصورة ${n} من ${total}`,
  showImage: (n: string) => `عرض الصورة ${n}`,
  imageAlt: (title: string, n: string) => `${title}، الصورة ${n}`,
  previousImage: 'الصورة السابقة',
  nextImage: 'الصورة التالية',
  brand: 'الماركة',
  rating: (value: string) => `التقييم ${value} من 5`,
  ratingsCount: {
    zero: 'لا توجد تقييمات',
    one: 'تقييم واحد',
    two: 'تقييمان',
    few: '{n} تقييمات',
    many: '{n} تقييماً',
    other: '{n} تقييم',
  } satisfies PluralForms,
  priceBefore: 'السعر قبل الخصم',
  discount: (percent: string) => `خصم ${percent}`,
  inStock: 'متوفر',
  outOfStock: 'غير متوفر حالياً',
  color: 'اللون',
  chosenColor: (name: string) => `اللون: ${name}`,
  colorNumber: (n: string) => `لون ${n}`,
  /** A product's option with the value picked: «المقاس: 42». */
  chosenOption: (name: string, value: string) => `${name}: ${value}`,
  /** A value no variant in stock has, given the other choices. */
  unavailableValue: (value: string) => `${value}، غير متوفر`,
  /** Shown only before JavaScript runs: sends the options' form so the page follows the choice. */
  updateChoice: 'تحديث الاختيار',
  /** Before a price while the options left open differ in price. */
  priceFrom: 'ابتداءً من',
  soldOut: 'نفد',
  chooseOption: (name: string) => `اختر ${name}`,
  addToCart: 'أضف إلى السلة',
  stickyCartBar: 'شريط الإضافة إلى السلة',
  adding: 'جارٍ الإضافة…',
  addedToCart: 'تمت إضافة المنتج إلى السلة',
  /** NOT_ENOUGH_STOCK on adding one more: the cart already holds every unit left (`left`: basket.ts's unitsLeft). */
  allLeftInCart: (left: string) => `${left}، وكلها في سلتك`,
  cartErrors: {
    chooseColor: 'يرجى اختيار اللون',
    outOfStock: 'نفدت كمية هذا المنتج، لا يمكن إضافته إلى السلة الآن.',
    productGone: 'هذا المنتج لم يعد متاحاً.',
    customersOnly: 'السلة متاحة لحسابات العملاء فقط.',
    tooManyRequests: 'طلبات كثيرة، حاول مرة أخرى بعد قليل.',
    notEnoughStock,
    /** Also the admin's variant editor's message (admin-products.ts). */
    variantGone: 'هذا الاختيار لم يعد متوفراً، اختر غيره',
    failed: 'تعذّرت إضافة المنتج إلى السلة. حاول مرة أخرى.',
  },
  descriptionHeading: 'الوصف',
  reviews: 'التقييمات',
  noReviews: 'لا توجد تقييمات بعد',
  loading: 'جارٍ التحميل…',
  reviewsPages: 'صفحات التقييمات',
  reviewsPageTitle: (n: string) => `التقييمات، صفحة ${n}`,
  reviewRating: (value: string) => `تقييم ${value} من 5`,
  related: 'منتجات قد تعجبك',
} as const;

/** Why adding failed: one of `pt.cartErrors`, or an option still to choose (`pt.chooseOption` names it). */
export type CartProblem = keyof typeof pt.cartErrors | 'chooseOption';
