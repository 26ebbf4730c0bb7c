import { PASSWORD_MAX, PASSWORD_MIN, RESET_CODE_LENGTH } from '../../contract/constants';
import { nationalExample, PHONE_COUNTRIES, type PhoneCountry } from '../../contract/phone';
import { plural } from '../lib/plural';

const letters = (count: number) =>
  plural(count, {
    zero: '{n} حرف',
    one: 'حرف واحد',
    two: 'حرفين',
    few: '{n} أحرف',
    many: '{n} حرفاً',
    other: '{n} حرف',
  });

const digits = (count: number) =>
  plural(count, {
    zero: '{n} رقم',
    one: 'رقم واحد',
    two: 'رقمين',
    few: '{n} أرقام',
    many: '{n} رقماً',
    other: '{n} رقم',
  });

const regionNames = new Intl.DisplayNames('ar', { type: 'region' });

/** A mobile number of each supported country, as a hint under the phone field. */
export const phoneExamples = Object.fromEntries(
  PHONE_COUNTRIES.map((country) => [country, nationalExample(country)]),
) as Record<PhoneCountry, string>;

/** Texts of the sign-in, sign-up, password recovery screens and the account menu. */
export const authText = {
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  name: 'الاسم',
  phone: 'رقم الجوال',
  passwordConfirm: 'تأكيد كلمة المرور',
  newPassword: 'كلمة المرور الجديدة',
  newPasswordConfirm: 'تأكيد كلمة المرور الجديدة',
  code: 'رمز التحقق',

  loginTitle: 'تسجيل الدخول',
  loginDescription: 'سجّل الدخول إلى حسابك لمتابعة سلتك وطلباتك ومفضلتك.',
  loginIntro: 'أهلاً بعودتك! أدخل بريدك الإلكتروني وكلمة المرور.',
  loginSubmit: 'تسجيل الدخول',
  forgotPasswordLink: 'نسيت كلمة المرور؟',
  noAccount: 'ليس لديك حساب؟',
  registerLink: 'أنشئ حساباً جديداً',
  loginIncorrect: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  loginLocked: 'محاولات دخول فاشلة كثيرة لهذا البريد، انتظر قليلاً ثم حاول مرة أخرى أو استعد كلمة المرور',
  loginSuccess: 'تم تسجيل الدخول بنجاح',

  registerTitle: 'إنشاء حساب جديد',
  registerDescription: 'أنشئ حسابك في المتجر لتحفظ سلتك وعناوينك وتتابع طلباتك.',
  registerIntro: 'املأ البيانات التالية لإنشاء حسابك.',
  registerSubmit: 'إنشاء الحساب',
  haveAccount: 'لديك حساب بالفعل؟',
  loginLink: 'سجّل الدخول',
  registerSuccess: 'تم إنشاء حسابك وتسجيل دخولك بنجاح',
  phoneExample: 'مثال:',
  passwordHint: `${letters(PASSWORD_MIN)} على الأقل`,

  nameRequired: 'الاسم مطلوب',
  emailRequired: 'البريد الإلكتروني مطلوب',
  phoneRequired: 'رقم الجوال مطلوب',
  passwordRequired: 'كلمة المرور مطلوبة',
  passwordConfirmRequired: 'تأكيد كلمة المرور مطلوب',
  passwordMismatch: 'كلمتا المرور غير متطابقتين',
  codeRequired: 'الرمز مطلوب',
  emailInUse: 'هذا البريد الإلكتروني مستخدم بالفعل',
  emailInvalid: 'البريد الإلكتروني غير صالح',
  phoneInvalid: (country: string) => `رقم الجوال غير صالح، أدخل رقم جوال من ${regionNames.of(country) ?? country}`,
  passwordTooShort: `يجب ألا تقل كلمة المرور عن ${letters(PASSWORD_MIN)}`,
  passwordTooLong: `يجب ألا تزيد كلمة المرور على ${letters(PASSWORD_MAX)}`,
  passwordTooCommon: 'كلمة المرور هذه شائعة وسهلة التخمين، اختر كلمة مرور أخرى',
  nameTooLong: 'الاسم طويل جداً',
  invalidValue: 'القيمة غير صالحة',
  tooManyRequests: 'محاولات كثيرة متتالية، انتظر دقيقة ثم حاول مرة أخرى',
  resetCodeTooMany: 'طلبت رموزاً كثيرة لهذا البريد، انتظر ربع ساعة ثم اطلب رمزاً جديداً',
  resetTriesExhausted: 'أُدخلت رموز خاطئة كثيرة لهذا الحساب، لحمايته أوقفنا المحاولات حتى الغد',
  resetCodeNeedsEmail: 'أُدخلت رموز خاطئة كثيرة، أدخل بريدك الإلكتروني مع الرمز',
  somethingWentWrong: 'تعذّر إتمام الطلب الآن، حاول مرة أخرى بعد قليل',

  forgotTitle: 'نسيت كلمة المرور',
  forgotDescription: 'استعد الوصول إلى حسابك: أدخل بريدك الإلكتروني لتصلك رسالة برمز التحقق.',
  forgotIntro: `أدخل البريد الإلكتروني المسجّل لديك وسنرسل إليك رمز تحقق من ${digits(RESET_CODE_LENGTH)}.`,
  forgotSubmit: 'إرسال الرمز',
  emailUnknown: 'هذا البريد الإلكتروني غير مسجّل لدينا',
  codeSent: 'تم إرسال رمز التحقق إلى بريدك الإلكتروني',
  backToLogin: 'العودة إلى تسجيل الدخول',

  verifyTitle: 'تأكيد رمز التحقق',
  verifyDescription: 'أدخل رمز التحقق الذي وصلك بالبريد الإلكتروني لإعادة تعيين كلمة المرور.',
  verifySentTo: `أرسلنا رمزاً من ${digits(RESET_CODE_LENGTH)} إلى`,
  verifySubmit: 'تأكيد الرمز',
  codeIncorrect: 'هذا الرمز غير صحيح، يرجى التحقق منه',
  codeConfirmed: 'تم تأكيد الرمز',
  requestNewCode: 'لم يصلك الرمز؟ اطلب رمزاً جديداً',
  startRecovery: 'أدخل بريدك الإلكتروني أولاً لنرسل إليك رمز التحقق',

  resetTitle: 'تعيين كلمة مرور جديدة',
  resetDescription: 'اختر كلمة مرور جديدة لحسابك.',
  resetIntro: `اختر كلمة مرور جديدة لا تقل عن ${letters(PASSWORD_MIN)}.`,
  resetSubmit: 'حفظ كلمة المرور',
  resetCodeIncorrect: 'الرمز غير صحيح',
  newCodeLink: 'اطلب رمزاً جديداً',
  passwordChanged: 'تم تغيير كلمة المرور وتسجيل دخولك',

  profile: 'الملف الشخصي',
  orders: 'طلباتي',
  favorites: 'المفضلة',
  addresses: 'العناوين',
  adminPanel: 'لوحة التحكم',
  logout: 'تسجيل الخروج',
  loggedOut: 'تم تسجيل الخروج',
} as const;
