import type { SocialNetwork, StorePageSlug } from '../../contract/shop-pages';

/** The store's pages, the footer's links and their screens (docs/store-pages.md). */
export const sp = {
  /** Each page's name in the footer and the admin list (the page itself shows the owner's title). */
  pageNames: {
    about: 'من نحن',
    terms: 'الشروط والأحكام',
    privacy: 'سياسة الخصوصية',
    returns: 'سياسة الاسترجاع',
    contact: 'تواصل معنا',
  } satisfies Record<StorePageSlug, string>,
  networks: {
    instagram: 'إنستغرام',
    x: 'إكس',
    tiktok: 'تيك توك',
    snapchat: 'سناب شات',
    facebook: 'فيسبوك',
  } satisfies Record<SocialNetwork, string>,
  footerPages: 'صفحات المتجر',
  footerContact: 'تواصل معنا',
  footerPhone: 'اتصل بنا',
  footerEmail: 'راسلنا بالبريد',
  footerWhatsapp: 'واتساب',
  footerSocial: 'حساباتنا',
  /** The settings screen's section. */
  contactSection: 'روابط التواصل في أسفل المتجر',
  contactSectionHint:
    'يظهر في أسفل كل صفحة هاتف المتجر وبريده أعلاه، ورقم الواتساب وروابط الحسابات التي تكتبها هنا؛ اترك الحقل فارغاً لإخفائه.',
  whatsapp: 'رقم الواتساب',
  whatsappHint: 'رقم جوال، مثل 0501234567',
  socialLink: (network: string) => `رابط حساب ${network}`,
  socialLinkHint: 'الرابط كاملاً يبدأ بـ https',
  /** The admin screens. */
  adminTitle: 'صفحات المتجر',
  adminDescription: 'الشروط والخصوصية والاسترجاع ومن نحن وتواصل معنا: نصوص تظهر لعملائك.',
  adminIntro:
    'صفحات ثابتة يصل إليها العملاء من أسفل كل صفحة. يبدأ المتجر بنصوص افتراضية راجعها وعدّلها بما يناسب متجرك.',
  defaultText: 'النص الافتراضي',
  editedAt: (date: string) => `عُدّلت في ${date}`,
  edit: 'تعديل',
  view: 'عرض الصفحة',
  editTitle: (name: string) => `تعديل صفحة «${name}»`,
  title: 'العنوان',
  body: 'نص الصفحة',
  formattingHelp:
    'تنسيق بسيط: ## عنوان فرعي، **غامق**، *مائل*، سطر يبدأ بـ - لقائمة، و[نص الرابط](https://…) لرابط. يُترك سطر فارغ بين الفقرات.',
  save: 'حفظ الصفحة',
  saved: 'حُفظت الصفحة',
  preview: 'معاينة النص المحفوظ',
  backToPages: 'كل الصفحات',
  titleRequired: 'اكتب عنوان الصفحة',
  bodyRequired: 'اكتب نص الصفحة',
};
