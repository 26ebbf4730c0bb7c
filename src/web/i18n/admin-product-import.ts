import {
  CSV_IMAGE_SEPARATOR,
  MAX_IMPORT_CSV_MB,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_ZIP_FILES,
  MAX_IMPORT_ZIP_MB,
  PRODUCT_CSV_COLUMNS,
} from '../../contract/constants';
import { formatNumber } from '../lib/format';
import type { PluralForms } from '../lib/plural';

/**
 * Arabic texts of the products CSV export link and the import screen (docs/product-import.md
 * § The admin screens). The failures' own words are the code table's (src/web/i18n/api-errors.ts).
 */
export const pi = {
  exportCsv: 'تصدير CSV',
  exportHint: 'كل المنتجات وأصنافها في ملف CSV يفتح في Excel',
  importCsv: 'استيراد CSV',

  title: 'استيراد المنتجات من ملف CSV',
  description: 'أنشئ المنتجات وأصنافها وحدّثها دفعة واحدة من ملف CSV بأعمدة ملف التصدير.',
  howTitle: 'كيف يعمل الاستيراد',
  how: [
    'كل صف في الملف صنف من منتج. يُعرف الصنف برمز SKU: ما كان رمزه في المتجر يُحدَّث، وما لم يكن يُنشأ.',
    'أسهل طريقة: صدّر المنتجات، وعدّل الملف في Excel، ثم احفظه CSV بترميز UTF-8 واستورده.',
    `لا تعدّل عمود «${PRODUCT_CSV_COLUMNS.exportedQuantity}»: به يعرف المتجر ما بيع منذ التصدير، فلا تُمحى المبيعات من الكمية إن لم تغيّرها.`,
    `الصور: رابط صورة من وسائط هذا المتجر (كما في ملف التصدير)، أو اسم ملف صورة في الملف المضغوط. تُفصل صور خانة «الصور» بالعلامة «${CSV_IMAGE_SEPARATOR.trim()}».`,
    `الحدود: ${formatNumber(MAX_IMPORT_ROWS)} صف على الأكثر، وملف CSV حتى ${formatNumber(MAX_IMPORT_CSV_MB)} ميغابايت، وملف مضغوط حتى ${formatNumber(MAX_IMPORT_ZIP_MB)} ميغابايت فيه ${formatNumber(MAX_IMPORT_ZIP_FILES)} صورة على الأكثر، كل صورة بحجم الرفع المسموح لصور المنتجات.`,
    'افحص الملف أولاً: الفحص لا يغيّر شيئاً ويذكر كل خطأ بصفه وعموده. والاستيراد يكتب الملف كله أو لا يكتب شيئاً.',
  ],
  columnsTitle: 'أعمدة الملف (بأي ترتيب، بعناوينها كما في ملف التصدير)',

  file: 'ملف CSV',
  fileHint: 'ملف CSV بأعمدة ملف التصدير، بترميز UTF-8',
  images: 'صور المنتجات (اختياري)',
  imagesHint: 'ملف مضغوط (ZIP) فيه الصور التي يذكرها الملف بأسمائها',
  chooseFile: 'اختيار ملف',
  changeFile: 'تغيير الملف',
  noFile: 'لم يُختر ملف بعد',
  check: 'فحص الملف',
  checking: 'جارٍ فحص الملف…',
  apply: 'استيراد',
  applying: 'جارٍ الاستيراد…',
  /** Before JavaScript loads, the question is this box, ticked with the press of «استيراد». */
  confirmBox: 'أؤكد الاستيراد: إنشاء المنتجات والأصناف الجديدة وتحديث الموجودة منها',
  confirmRequired: 'حدّد خانة التأكيد قبل الاستيراد، ثم اختر الملف مرة أخرى',
  confirmTitle: 'استيراد المنتجات',
  confirmQuestion:
    'سيُنشئ الاستيراد المنتجات والأصناف الجديدة في الملف، ويحدّث الموجودة منها برمز SKU (أسماءها وأسعارها وكمياتها وصورها). هل تريد المتابعة؟',
  confirm: 'نعم، استورد',
  cancel: 'إلغاء',

  checkedTitle: 'نتيجة الفحص',
  checkedClean: 'الملف سليم، ولم يتغير شيء بعد. اضغط «استيراد» لتنفيذ ما يلي:',
  checkedProblems: (problems: string) => `في الملف ${problems}، ولم يتغير شيء. صحّحها ثم افحص الملف مرة أخرى.`,
  appliedTitle: 'تم الاستيراد بنجاح',
  appliedSummary: 'كُتب الملف كله:',
  refusedTitle: 'لم يُستورد شيء',

  counts: {
    rows: {
      zero: 'لا صفوف في الملف',
      one: 'صف واحد في الملف',
      two: 'صفان في الملف',
      few: '{n} صفوف في الملف',
      many: '{n} صفاً في الملف',
      other: '{n} صف في الملف',
    },
    productsCreated: {
      zero: 'لا منتجات جديدة',
      one: 'منتج جديد واحد',
      two: 'منتجان جديدان',
      few: '{n} منتجات جديدة',
      many: '{n} منتجاً جديداً',
      other: '{n} منتج جديد',
    },
    productsUpdated: {
      zero: 'لا منتجات محدَّثة',
      one: 'منتج محدَّث واحد',
      two: 'منتجان محدَّثان',
      few: '{n} منتجات محدَّثة',
      many: '{n} منتجاً محدَّثاً',
      other: '{n} منتج محدَّث',
    },
    variantsCreated: {
      zero: 'لا أصناف جديدة',
      one: 'صنف جديد واحد',
      two: 'صنفان جديدان',
      few: '{n} أصناف جديدة',
      many: '{n} صنفاً جديداً',
      other: '{n} صنف جديد',
    },
    variantsUpdated: {
      zero: 'لا أصناف محدَّثة',
      one: 'صنف محدَّث واحد',
      two: 'صنفان محدَّثان',
      few: '{n} أصناف محدَّثة',
      many: '{n} صنفاً محدَّثاً',
      other: '{n} صنف محدَّث',
    },
    images: {
      zero: 'لا صور من الملف المضغوط',
      one: 'صورة واحدة من الملف المضغوط',
      two: 'صورتان من الملف المضغوط',
      few: '{n} صور من الملف المضغوط',
      many: '{n} صورة من الملف المضغوط',
      other: '{n} صورة من الملف المضغوط',
    },
  } satisfies Record<string, PluralForms>,
  problemCount: {
    zero: 'لا مشكلات',
    one: 'مشكلة واحدة',
    two: 'مشكلتان',
    few: '{n} مشكلات',
    many: '{n} مشكلة',
    other: '{n} مشكلة',
  } satisfies PluralForms,

  problems: {
    caption: 'مشكلات الملف',
    row: 'الصف',
    column: 'العمود',
    message: 'المشكلة',
    value: 'القيمة في الملف',
    wholeRow: 'الصف كله',
    empty: 'فارغة',
  },
};
