import { REVIEW_MAX_LENGTH } from '../../contract/constants';
import { formatNumber } from '../lib/format';
import type { PluralForms } from '../lib/plural';

/** Arabic texts of writing, editing and deleting reviews on the product page. */
export const rt = {
  formHeading: 'أضف تقييمك',
  reviewLabel: 'نص التقييم',
  reviewPlaceholder: 'ما رأيك في هذا المنتج؟',
  ratingLabel: 'عدد النجوم',
  submit: 'أضف التقييم',
  submitting: 'جارٍ الإرسال…',
  added: 'تمت إضافة التقييم بنجاح',

  guestPrompt: 'هل جرّبت هذا المنتج؟ شاركنا رأيك.',
  signInToReview: 'سجّل الدخول لكتابة تقييم',
  staffNotAllowed: 'لا يُسمح للمسؤولين بإضافة تقييم',

  yourReview: 'تقييمك',
  edit: 'تعديل',
  delete: 'حذف',
  editTitle: 'تعديل تقييمك',
  save: 'حفظ التعديل',
  saving: 'جارٍ الحفظ…',
  cancel: 'إلغاء',
  edited: 'تم تعديل التقييم بنجاح',
  unchanged: 'لم تغيّر شيئاً',
  deleteTitle: 'حذف التقييم',
  deleteQuestion: 'هل تريد حذف تقييمك لهذا المنتج؟ لا يمكن التراجع عن الحذف.',
  confirmDelete: 'نعم، احذف التقييم',
  deleting: 'جارٍ الحذف…',
  deleted: 'تم حذف التقييم',
  /** The author's own review, hidden by staff (docs/reviews.md § Moderation). */
  hiddenByShop: 'أخفى المتجر تقييمك: لا يراه غيرك ولا يُحسب في متوسط التقييم.',
  hiddenNoDelete: 'أخفى المتجر هذا التقييم، فيمكنك تعديله لا حذفه',

  /** docs/specification.md (Validation rules: Reviews): 'you must enter a review' (adding) and 'you must write a review' (editing). */
  reviewRequired: 'يجب كتابة تقييم',
  ratingRequired: 'يجب اختيار عدد النجوم',
  reviewTooLong: `التقييم طويل جداً، الحد الأقصى ${formatNumber(REVIEW_MAX_LENGTH)} حرف`,
  ratingInvalid: 'اختر من نصف نجمة إلى 5 نجوم',
  duplicate: 'لقد قيّمت هذا المنتج من قبل',
  notYours: 'يمكنك تعديل تقييمك أنت فقط',
  reviewGone: 'هذا التقييم لم يعد موجوداً، ربما حُذف من قبل.',
  productGone: 'هذا المنتج لم يعد متاحاً.',

  /** Names of the half-step ratings: whole stars, and whole stars and a half. */
  stars: {
    zero: 'بلا نجوم',
    one: 'نجمة واحدة',
    two: 'نجمتان',
    few: '{n} نجوم',
    many: '{n} نجمة',
    other: '{n} نجمة',
  } satisfies PluralForms,
  starsAndHalf: {
    zero: 'نصف نجمة',
    one: 'نجمة ونصف',
    two: 'نجمتان ونصف',
    few: '{n} نجوم ونصف',
    many: '{n} نجمة ونصف',
    other: '{n} نجمة ونصف',
  } satisfies PluralForms,
} as const;
