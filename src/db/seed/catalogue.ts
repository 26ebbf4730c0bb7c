/**
 * The demo catalogue: plain data, no logic. Prices are in major units (the seed converts them
 * with the shop currency's digits). Products are listed newest first: the home page shows items
 * 1–4 of the default `-createdAt` listing as best sellers and 5–8 as the latest fashion.
 */

/**
 * The product types the demo draws, one picture each (src/db/seed/images.ts): every demo product
 * names the one it is, so a games console never shows toy blocks.
 */
export const motifs = [
  'phone',
  'earbuds',
  'charger',
  'laptop',
  'shirt',
  'tshirt',
  'polo',
  'jacket',
  'tracksuit',
  'jeans',
  'thobe',
  'dress',
  'abaya',
  'blouse',
  'handbag',
  'sneaker',
  'oxford',
  'slide',
  'sandal',
  'heel',
  'boot',
  'smartwatch',
  'fitnessBand',
  'digitalWatch',
  'wristwatch',
  'perfume',
  'attar',
  'perfumeSet',
  'incenseBurner',
  'robotVacuum',
  'stickVacuum',
  'airFryer',
  'shaver',
  'fridge',
  'kettle',
  'bricks',
  'woodenBlocks',
  'teddyBear',
  'console',
  'gamepad',
] as const;

export type Motif = (typeof motifs)[number];

/** Background gradient start and end, the object's colour and an accent colour. */
export type Palette = readonly [from: string, to: string, main: string, accent: string];

export type BrandShape = 'ring' | 'hexagon' | 'diamond' | 'triangle' | 'star' | 'bars' | 'dots' | 'wave';

export type DemoCategory = {
  name: string;
  /** The drawing of the category's own image. */
  motif: Motif;
  /** Palette of the category's own image. */
  palette: Palette;
  /**
   * Backdrops of the category's product pictures, taken in turn by the products of one type; a
   * product with colours is painted in them instead of `main` (src/db/seed/demo.ts).
   */
  productPalettes: readonly Palette[];
  subcategories: readonly string[];
};

export type DemoBrand = { name: string; colors: readonly [string, string]; shape: BrandShape };

export const demoCategories = [
  {
    name: 'هواتف ذكية',
    motif: 'phone',
    palette: ['#dbeafe', '#93c5fd', '#1e293b', '#38bdf8'],
    productPalettes: [
      ['#e0f2fe', '#7dd3fc', '#111827', '#6366f1'],
      ['#ede9fe', '#c4b5fd', '#334155', '#f472b6'],
      ['#fef3c7', '#fcd34d', '#0f172a', '#0ea5e9'],
    ],
    subcategories: ['هواتف أندرويد', 'هواتف آيفون', 'إكسسوارات الهواتف'],
  },
  {
    name: 'حواسيب محمولة',
    motif: 'laptop',
    palette: ['#e2e8f0', '#94a3b8', '#475569', '#22d3ee'],
    productPalettes: [
      ['#f1f5f9', '#cbd5e1', '#64748b', '#0ea5e9'],
      ['#ecfeff', '#67e8f9', '#1f2937', '#a855f7'],
      ['#fce7f3', '#f9a8d4', '#334155', '#22d3ee'],
    ],
    subcategories: ['حواسيب الألعاب', 'حواسيب الأعمال', 'أجهزة ماك بوك'],
  },
  {
    name: 'أزياء رجالية',
    motif: 'thobe',
    palette: ['#fef3c7', '#fcd34d', '#1e3a8a', '#f59e0b'],
    productPalettes: [
      ['#f5f5f4', '#d6d3d1', '#1d4ed8', '#fbbf24'],
      ['#ecfccb', '#bef264', '#365314', '#f8fafc'],
      ['#e0f2fe', '#7dd3fc', '#7c2d12', '#0f172a'],
    ],
    subcategories: ['قمصان', 'بناطيل', 'جاكيتات', 'ملابس رياضية'],
  },
  {
    name: 'أزياء نسائية',
    motif: 'dress',
    palette: ['#fce7f3', '#f9a8d4', '#be185d', '#fde68a'],
    productPalettes: [
      ['#fdf2f8', '#fbcfe8', '#9d174d', '#fef08a'],
      ['#f5f3ff', '#ddd6fe', '#1e1b4b', '#f0abfc'],
      ['#ecfdf5', '#a7f3d0', '#d6d3d1', '#b45309'],
    ],
    subcategories: ['فساتين', 'عبايات', 'بلوزات', 'حقائب يد'],
  },
  {
    name: 'أحذية',
    motif: 'sneaker',
    palette: ['#ffedd5', '#fdba74', '#c2410c', '#f8fafc'],
    productPalettes: [
      ['#fff7ed', '#fed7aa', '#0f172a', '#f97316'],
      ['#f0fdf4', '#bbf7d0', '#f8fafc', '#16a34a'],
      ['#eff6ff', '#bfdbfe', '#7f1d1d', '#334155'],
    ],
    subcategories: ['أحذية رياضية', 'أحذية رسمية', 'صنادل'],
  },
  {
    name: 'ساعات',
    motif: 'wristwatch',
    palette: ['#f5f5f4', '#a8a29e', '#292524', '#d4af37'],
    productPalettes: [
      ['#fafaf9', '#d6d3d1', '#1c1917', '#b45309'],
      ['#eff6ff', '#bfdbfe', '#0f172a', '#ef4444'],
      ['#f0fdf4', '#86efac', '#14532d', '#facc15'],
    ],
    subcategories: ['ساعات ذكية', 'ساعات رجالية', 'ساعات نسائية'],
  },
  {
    name: 'عطور',
    motif: 'perfume',
    palette: ['#fdf4ff', '#e9d5ff', '#7e22ce', '#d4af37'],
    productPalettes: [
      ['#fefce8', '#fde68a', '#92400e', '#1c1917'],
      ['#fdf2f8', '#f5d0fe', '#a21caf', '#d4af37'],
      ['#ecfeff', '#a5f3fc', '#0e7490', '#f8fafc'],
    ],
    subcategories: ['عطور رجالية', 'عطور نسائية', 'عطور شرقية'],
  },
  {
    name: 'أجهزة منزلية',
    motif: 'airFryer',
    palette: ['#ecfdf5', '#6ee7b7', '#f8fafc', '#047857'],
    productPalettes: [
      ['#f0fdfa', '#99f6e4', '#f8fafc', '#0f766e'],
      ['#f1f5f9', '#cbd5e1', '#e2e8f0', '#334155'],
      ['#fff7ed', '#fdba74', '#1f2937', '#ea580c'],
    ],
    subcategories: ['أجهزة المطبخ', 'أجهزة التنظيف', 'العناية الشخصية'],
  },
  {
    name: 'ألعاب',
    motif: 'teddyBear',
    palette: ['#fef9c3', '#fde047', '#2563eb', '#ef4444'],
    productPalettes: [
      ['#fefce8', '#fef08a', '#3b82f6', '#22c55e'],
      ['#fff1f2', '#fecdd3', '#8b5cf6', '#f97316'],
      ['#ecfdf5', '#6ee7b7', '#b45309', '#ef4444'],
    ],
    subcategories: ['ألعاب تعليمية', 'ألعاب الفيديو', 'ألعاب التركيب', 'دمى'],
  },
] as const satisfies readonly DemoCategory[];

/** Brands in the order the brand strip shows them (oldest first). */
export const demoBrands = [
  { name: 'سامسونج', colors: ['#1428a0', '#3b82f6'], shape: 'ring' },
  { name: 'آبل', colors: ['#111827', '#6b7280'], shape: 'diamond' },
  { name: 'شاومي', colors: ['#ff6900', '#fb923c'], shape: 'bars' },
  { name: 'هواوي', colors: ['#c7000b', '#f43f5e'], shape: 'star' },
  { name: 'نايكي', colors: ['#0f172a', '#f97316'], shape: 'wave' },
  { name: 'أديداس', colors: ['#000000', '#475569'], shape: 'triangle' },
  { name: 'لينوفو', colors: ['#e2231a', '#b91c1c'], shape: 'hexagon' },
  { name: 'ديل', colors: ['#007db8', '#38bdf8'], shape: 'dots' },
  { name: 'زارا', colors: ['#1c1917', '#a8a29e'], shape: 'diamond' },
  { name: 'كاسيو', colors: ['#1e3a8a', '#0ea5e9'], shape: 'hexagon' },
  { name: 'ديور', colors: ['#3f3f46', '#d4af37'], shape: 'star' },
  { name: 'فيليبس', colors: ['#0b5ed7', '#60a5fa'], shape: 'wave' },
  { name: 'سوني', colors: ['#0f172a', '#2563eb'], shape: 'ring' },
  { name: 'ليغو', colors: ['#dc2626', '#facc15'], shape: 'dots' },
] as const satisfies readonly DemoBrand[];

export type CategoryName = (typeof demoCategories)[number]['name'];
export type BrandName = (typeof demoBrands)[number]['name'];

/** `phone`: which of the market's demo numbers (src/contract/phone.ts, demoPhone); 0 is the admin's. */
export type DemoUser = { key: ReviewerKey; name: string; email: string; phone: number };
export type ReviewerKey = 'customer' | 'sara' | 'mohammed' | 'noura';

/** Password of the demo customer; the other reviewers get a random one (they never sign in). */
export const demoCustomerPassword = 'Matjar-User-2026';

/** The demo customer's e-mail, published in the README with its password. */
export const demoCustomerEmail = 'customer@matjar.local';

export const demoUsers: readonly DemoUser[] = [
  { key: 'customer', name: 'عميل تجريبي', email: demoCustomerEmail, phone: 1 },
  { key: 'sara', name: 'سارة القحطاني', email: 'sara@matjar.local', phone: 2 },
  { key: 'mohammed', name: 'محمد الشهري', email: 'mohammed@matjar.local', phone: 3 },
  { key: 'noura', name: 'نورة العتيبي', email: 'noura@matjar.local', phone: 4 },
];

export type DemoReview = { by: ReviewerKey; rating: number; text: string };

export type DemoProduct = {
  title: string;
  description: string;
  category: CategoryName;
  /** What the product is: its picture's drawing. */
  motif: Motif;
  /**
   * The sizes a shoe or a garment comes in: the demo sells it per size, and per colour when it has
   * several (docs/variants.md, docs/architecture.md § Demo catalogue).
   */
  sizes?: readonly string[];
  /** Names of sub-categories of `category`. */
  subcategories: readonly string[];
  brand: BrandName | null;
  price: number;
  priceAfterDiscount?: number;
  quantity: number;
  sold: number;
  colors?: readonly string[];
  reviews?: readonly DemoReview[];
};

/** Size runs of the demo's clothing and shoes (see `DemoProduct.sizes`). */
const letterSizes = ['S', 'M', 'L', 'XL', 'XXL'];
const womenLetterSizes = ['XS', 'S', 'M', 'L', 'XL'];
const jeansWaists = ['30', '32', '34', '36', '38'];
/** Gulf abayas and thobes are sized by their length in inches. */
const abayaLengths = ['52', '54', '56', '58', '60'];
const thobeLengths = ['54', '56', '58', '60', '62'];
const menShoeSizes = ['39', '40', '41', '42', '43', '44', '45'];
const womenShoeSizes = ['36', '37', '38', '39', '40', '41'];
const kidsShoeSizes = ['28', '29', '30', '31', '32', '33', '34', '35'];

export const demoProducts: readonly DemoProduct[] = [
  // 1–4: best sellers.
  {
    title: 'هاتف سامسونج جالاكسي S24 ألترا 256 جيجابايت',
    description:
      'هاتف رائد بشاشة 6.8 بوصة وقلم S Pen مدمج وكاميرا رئيسية بدقة 200 ميجابكسل. يعمل بمعالج سنابدراغون 8 الجيل الثالث مع ميزات الذكاء الاصطناعي من جالاكسي. بطارية 5000 مللي أمبير تدوم طوال اليوم مع شحن سريع 45 واط.',
    category: 'هواتف ذكية',
    motif: 'phone',
    subcategories: ['هواتف أندرويد'],
    brand: 'سامسونج',
    price: 4899,
    priceAfterDiscount: 4499,
    quantity: 35,
    sold: 412,
    colors: ['#1f2937', '#a8a29e', '#7c3aed'],
    reviews: [
      { by: 'customer', rating: 5, text: 'هاتف ممتاز والكاميرا مذهلة خاصة في التصوير الليلي. وصل خلال يومين.' },
      { by: 'sara', rating: 4.5, text: 'أداء سريع جداً والبطارية تكفي يوماً كاملاً، لكن الحجم كبير قليلاً.' },
      { by: 'mohammed', rating: 4.5, text: 'الشاشة رائعة والقلم مفيد في الملاحظات السريعة، والسعر بعد الخصم مناسب.' },
      { by: 'noura', rating: 5, text: 'اشتريته هدية لأخي وأعجبه كثيراً، التغليف ممتاز والتوصيل سريع.' },
    ],
  },
  {
    title: 'حاسوب آبل ماك بوك إير 13 بوصة بمعالج M3',
    description:
      'حاسوب خفيف ونحيف بوزن 1.24 كجم وشاشة ليكويد ريتينا مشرقة. معالج M3 مع ذاكرة 8 جيجابايت وتخزين 256 جيجابايت لأداء سلس في العمل والدراسة. بطارية تصل إلى 18 ساعة دون مروحة ودون ضجيج.',
    category: 'حواسيب محمولة',
    motif: 'laptop',
    subcategories: ['أجهزة ماك بوك'],
    brand: 'آبل',
    price: 5299,
    quantity: 22,
    sold: 318,
    colors: ['#c0c0c0', '#1e293b'],
    reviews: [
      { by: 'mohammed', rating: 4.5, text: 'خفيف وسريع والبطارية خرافية، مثالي للجامعة.' },
      { by: 'customer', rating: 4, text: 'جهاز رائع لكن أتمنى لو كانت الذاكرة 16 جيجابايت بنفس السعر.' },
    ],
  },
  {
    title: 'ساعة آبل الذكية Series 9 مقاس 45 ملم',
    description:
      'ساعة ذكية بشاشة أكثر سطوعاً وميزة النقر المزدوج للتحكم بيد واحدة. تتابع معدل ضربات القلب والنوم والأكسجين في الدم وتدعم تتبع أكثر من 20 رياضة. مقاومة للماء حتى عمق 50 متراً.',
    category: 'ساعات',
    motif: 'smartwatch',
    subcategories: ['ساعات ذكية'],
    brand: 'آبل',
    price: 1899,
    priceAfterDiscount: 1649,
    quantity: 60,
    sold: 287,
    colors: ['#000000', '#f5f5f4', '#be123c'],
    reviews: [{ by: 'noura', rating: 5, text: 'أفضل ساعة استخدمتها، متابعة النوم دقيقة والشاشة واضحة تحت الشمس.' }],
  },
  {
    title: 'عطر ديور سوفاج أو دو بارفان 100 مل',
    description:
      'عطر رجالي منعش بنفحات البرغموت الكالابري والفانيليا وخشب العنبر. ثبات يدوم لساعات طويلة وفوحان مميز يناسب النهار والمساء. يأتي في زجاجة أنيقة مع علبة هدايا.',
    category: 'عطور',
    motif: 'perfume',
    subcategories: ['عطور رجالية'],
    brand: 'ديور',
    price: 649,
    priceAfterDiscount: 559,
    quantity: 80,
    sold: 265,
    reviews: [{ by: 'customer', rating: 4.5, text: 'رائحة فخمة وثباتها ممتاز، أصلي ومغلف بشكل جيد.' }],
  },
  // 5–8: the latest fashion.
  {
    title: 'قميص زارا رجالي كتان بأكمام طويلة',
    description:
      'قميص من الكتان الطبيعي بقصة مريحة وياقة كلاسيكية. خامة خفيفة تسمح بمرور الهواء ومناسبة لأجواء الصيف. يُغسل في الغسالة على درجة حرارة منخفضة.',
    category: 'أزياء رجالية',
    motif: 'shirt',
    sizes: letterSizes,
    subcategories: ['قمصان'],
    brand: 'زارا',
    price: 199,
    quantity: 120,
    sold: 96,
    colors: ['#ffffff', '#93c5fd', '#d6d3d1'],
  },
  {
    title: 'فستان زارا نسائي ميدي بنقشة زهور',
    description:
      'فستان بطول متوسط بنقشة زهور ناعمة وخصر محدد بحزام من نفس القماش. قماش فسكوز انسيابي ومريح طوال اليوم. مثالي للمناسبات النهارية والنزهات.',
    category: 'أزياء نسائية',
    motif: 'dress',
    sizes: womenLetterSizes,
    subcategories: ['فساتين'],
    brand: 'زارا',
    price: 299,
    priceAfterDiscount: 229,
    quantity: 45,
    sold: 74,
    colors: ['#fda4af', '#1e3a8a'],
  },
  {
    title: 'حذاء نايكي إير ماكس 270 الرياضي للرجال',
    description:
      'حذاء رياضي بوحدة هواء كبيرة في الكعب تمنح توسيداً مريحاً طوال اليوم. الجزء العلوي من شبك قابل للتنفس بتصميم عصري. نعل مطاطي يمنح ثباتاً على مختلف الأسطح.',
    category: 'أحذية',
    motif: 'sneaker',
    sizes: menShoeSizes,
    subcategories: ['أحذية رياضية'],
    brand: 'نايكي',
    price: 649,
    priceAfterDiscount: 519,
    quantity: 70,
    sold: 150,
    colors: ['#000000', '#ffffff', '#dc2626'],
    reviews: [{ by: 'mohammed', rating: 4, text: 'مريح جداً في المشي، المقاس مطابق للجدول.' }],
  },
  {
    title: 'عباية سوداء كريب بتطريز يدوي',
    description:
      'عباية من قماش الكريب الفاخر بتطريز يدوي على الأكمام. قصة واسعة ومريحة مع طرحة مطابقة. تصميم أنيق يجمع بين الأصالة والحداثة.',
    category: 'أزياء نسائية',
    motif: 'abaya',
    sizes: abayaLengths,
    subcategories: ['عبايات'],
    brand: null,
    price: 389,
    quantity: 0,
    sold: 58,
    colors: ['#000000'],
  },
  // The rest of the catalogue, older.
  {
    title: 'هاتف آبل آيفون 15 برو 128 جيجابايت',
    description:
      'هاتف بإطار من التيتانيوم وشريحة A17 برو وزر إجراءات قابل للتخصيص. كاميرا احترافية بدقة 48 ميجابكسل مع تقريب بصري ثلاثي. منفذ USB-C بسرعات نقل عالية.',
    category: 'هواتف ذكية',
    motif: 'phone',
    subcategories: ['هواتف آيفون'],
    brand: 'آبل',
    price: 4599,
    quantity: 18,
    sold: 230,
    colors: ['#57534e', '#e7e5e4', '#1c1917'],
    reviews: [{ by: 'sara', rating: 3.5, text: 'الهاتف جميل لكن يسخن قليلاً أثناء الألعاب الثقيلة.' }],
  },
  {
    title: 'حاسوب لينوفو ليجن 5 للألعاب بكرت RTX 4060',
    description:
      'حاسوب ألعاب بمعالج رايزن 7 وبطاقة رسوميات RTX 4060 وشاشة 16 بوصة بتردد 165 هرتز. نظام تبريد متطور يحافظ على الأداء في الجلسات الطويلة. لوحة مفاتيح بإضاءة RGB.',
    category: 'حواسيب محمولة',
    motif: 'laptop',
    subcategories: ['حواسيب الألعاب'],
    brand: 'لينوفو',
    price: 6999,
    priceAfterDiscount: 6299,
    quantity: 12,
    sold: 64,
  },
  {
    title: 'مكنسة شاومي الروبوتية الذكية S10',
    description:
      'مكنسة روبوت تكنس وتمسح في وقت واحد مع ملاحة بالليزر لرسم خريطة المنزل. تتحكم بها من التطبيق وتحدد مناطق التنظيف. قوة شفط 4000 باسكال وبطارية تكفي 130 دقيقة.',
    category: 'أجهزة منزلية',
    motif: 'robotVacuum',
    subcategories: ['أجهزة التنظيف'],
    brand: 'شاومي',
    price: 1299,
    priceAfterDiscount: 999,
    quantity: 40,
    sold: 133,
    colors: ['#ffffff'],
  },
  {
    title: 'مجموعة ليغو سيتي محطة الإطفاء 540 قطعة',
    description:
      'مجموعة تركيب تضم محطة إطفاء وشاحنة ودراجة وأربع شخصيات. تنمي مهارات الخيال والتفكير لدى الأطفال من عمر 6 سنوات. تتوافق مع جميع مجموعات ليغو الأخرى.',
    category: 'ألعاب',
    motif: 'bricks',
    subcategories: ['ألعاب التركيب'],
    brand: 'ليغو',
    price: 449,
    quantity: 25,
    sold: 81,
  },
  {
    title: 'جاكيت أديداس رياضي بسحاب للرجال',
    description:
      'جاكيت رياضي بالخطوط الثلاثة الشهيرة وجيوب جانبية بسحاب. قماش مرن ومعاد التدوير يناسب التمرين والإطلالات اليومية. قصة عادية مريحة.',
    category: 'أزياء رجالية',
    motif: 'jacket',
    sizes: letterSizes,
    subcategories: ['جاكيتات', 'ملابس رياضية'],
    brand: 'أديداس',
    price: 279,
    quantity: 90,
    sold: 112,
    colors: ['#000000', '#1e40af'],
  },
  {
    title: 'ساعة كاسيو جي شوك رقمية مقاومة للصدمات',
    description:
      'ساعة متينة مقاومة للصدمات والماء حتى 200 متر. تضم منبهاً وساعة إيقاف وإضاءة LED للشاشة. بطارية تدوم حتى سبع سنوات.',
    category: 'ساعات',
    motif: 'digitalWatch',
    subcategories: ['ساعات رجالية'],
    brand: 'كاسيو',
    price: 549,
    quantity: 55,
    sold: 176,
    colors: ['#000000', '#65a30d'],
  },
  {
    title: 'هاتف شاومي ريدمي نوت 13 برو 256 جيجابايت',
    description:
      'هاتف بشاشة أموليد 6.67 بوصة بتردد 120 هرتز وكاميرا 200 ميجابكسل. ذاكرة 8 جيجابايت وسعة تخزين 256 جيجابايت. شحن سريع 67 واط يملأ البطارية في أقل من ساعة.',
    category: 'هواتف ذكية',
    motif: 'phone',
    subcategories: ['هواتف أندرويد'],
    brand: 'شاومي',
    price: 1199,
    priceAfterDiscount: 1049,
    quantity: 150,
    sold: 340,
    colors: ['#000000', '#7c3aed', '#0ea5e9'],
  },
  {
    title: 'عطر عود ملكي شرقي 75 مل',
    description:
      'عطر شرقي فاخر يمزج العود الكمبودي بالورد الطائفي والعنبر. فوحان قوي وثبات طويل يناسب المناسبات والأعياد. صناعة عربية أصيلة.',
    category: 'عطور',
    motif: 'attar',
    subcategories: ['عطور شرقية'],
    brand: null,
    price: 349,
    quantity: 65,
    sold: 143,
  },
  {
    title: 'حقيبة يد زارا جلدية متوسطة الحجم',
    description:
      'حقيبة يد بتصميم عملي من الجلد الصناعي الناعم مع حزام كتف قابل للفصل. تحتوي على جيب داخلي بسحاب ومساحة تتسع لأغراضك اليومية. مناسبة للعمل والخروجات.',
    category: 'أزياء نسائية',
    motif: 'handbag',
    subcategories: ['حقائب يد'],
    brand: 'زارا',
    price: 249,
    quantity: 38,
    sold: 52,
    colors: ['#78350f', '#000000', '#f5f5dc'],
  },
  {
    title: 'حذاء أديداس ألترا بوست للجري',
    description:
      'حذاء جري بتقنية بوست التي تعيد الطاقة مع كل خطوة. جزء علوي من نسيج برايمنت يحتضن القدم براحة. مثالي للمسافات الطويلة والتمرين اليومي.',
    category: 'أحذية',
    motif: 'sneaker',
    sizes: menShoeSizes,
    subcategories: ['أحذية رياضية'],
    brand: 'أديداس',
    price: 749,
    quantity: 44,
    sold: 97,
    colors: ['#ffffff', '#111827'],
  },
  {
    title: 'قلاية فيليبس الهوائية XXL سعة 7.3 لتر',
    description:
      'قلاية هوائية تطهو بدهون أقل بنسبة تصل إلى 90% بفضل تقنية دوران الهواء السريع. سعة كبيرة تكفي عائلة كاملة. أجزاء قابلة للغسل في غسالة الصحون.',
    category: 'أجهزة منزلية',
    motif: 'airFryer',
    subcategories: ['أجهزة المطبخ'],
    brand: 'فيليبس',
    price: 1099,
    priceAfterDiscount: 899,
    quantity: 52,
    sold: 210,
    colors: ['#000000'],
  },
  {
    title: 'حاسوب ديل إكس بي إس 13 بمعالج إنتل كور i7',
    description:
      'حاسوب أعمال فاخر بهيكل من الألمنيوم وشاشة 13.4 بوصة بحواف نحيفة. معالج إنتل كور i7 وذاكرة 16 جيجابايت وقرص SSD بسعة 512 جيجابايت. كاميرا بدقة عالية لاجتماعات الفيديو.',
    category: 'حواسيب محمولة',
    motif: 'laptop',
    subcategories: ['حواسيب الأعمال'],
    brand: 'ديل',
    price: 7499,
    quantity: 9,
    sold: 41,
    colors: ['#c0c0c0'],
  },
  {
    title: 'يد تحكم سوني دول سنس لبلايستيشن 5',
    description:
      'يد تحكم لاسلكية باهتزاز لمسي وأزرار تكيفية تنقل إحساس اللعبة إلى يديك. ميكروفون مدمج ولوحة لمس. تشحن عبر منفذ USB-C.',
    category: 'ألعاب',
    motif: 'gamepad',
    subcategories: ['ألعاب الفيديو'],
    brand: 'سوني',
    price: 349,
    priceAfterDiscount: 299,
    quantity: 100,
    sold: 188,
    colors: ['#ffffff', '#000000'],
  },
  {
    title: 'ساعة هواوي جي تي 4 الذكية 46 ملم',
    description:
      'ساعة ذكية بتصميم كلاسيكي وبطارية تدوم حتى 14 يوماً. تراقب الصحة واللياقة وتدعم أكثر من 100 وضع رياضي. متوافقة مع أندرويد وiOS.',
    category: 'ساعات',
    motif: 'smartwatch',
    subcategories: ['ساعات ذكية'],
    brand: 'هواوي',
    price: 999,
    quantity: 48,
    sold: 121,
    colors: ['#000000', '#a16207'],
  },
  {
    title: 'بنطال جينز رجالي بقصة مستقيمة',
    description:
      'بنطال جينز من القطن المرن بقصة مستقيمة مريحة. خمسة جيوب وسحاب معدني متين. يناسب الإطلالات اليومية مع القمصان والتيشيرتات.',
    category: 'أزياء رجالية',
    motif: 'jeans',
    sizes: jeansWaists,
    subcategories: ['بناطيل'],
    brand: null,
    price: 159,
    quantity: 200,
    sold: 205,
    colors: ['#1e3a8a', '#000000'],
  },
  {
    title: 'هاتف هواوي نوفا 12 إس 256 جيجابايت',
    description:
      'هاتف أنيق بتصميم نحيف وكاميرا أمامية 60 ميجابكسل للصور الذاتية. شاشة منحنية 6.7 بوصة وشحن فائق 66 واط. ذاكرة 8 جيجابايت وتخزين 256 جيجابايت.',
    category: 'هواتف ذكية',
    motif: 'phone',
    subcategories: ['هواتف أندرويد'],
    brand: 'هواوي',
    price: 1499,
    priceAfterDiscount: 1299,
    quantity: 0,
    sold: 77,
    colors: ['#000000', '#dbeafe'],
  },
  {
    title: 'عطر ديور جادور أو دو بارفان للنساء 100 مل',
    description:
      'عطر نسائي زهري بنفحات الياسمين والورد والمسك. أنوثة راقية وثبات يدوم طوال اليوم. زجاجة أيقونية على شكل قطرة ذهبية.',
    category: 'عطور',
    motif: 'perfume',
    subcategories: ['عطور نسائية'],
    brand: 'ديور',
    price: 699,
    quantity: 34,
    sold: 129,
  },
  {
    title: 'بلوزة نسائية شيفون بأكمام منفوخة',
    description:
      'بلوزة من الشيفون الخفيف بأكمام منفوخة وأزرار أمامية. تنسق بسهولة مع البناطيل والتنانير. مناسبة للعمل والمناسبات البسيطة.',
    category: 'أزياء نسائية',
    motif: 'blouse',
    sizes: womenLetterSizes,
    subcategories: ['بلوزات'],
    brand: 'زارا',
    price: 129,
    quantity: 75,
    sold: 39,
    colors: ['#ffffff', '#fbcfe8', '#a7f3d0'],
  },
  {
    title: 'ماكينة حلاقة فيليبس سيريس 5000 الكهربائية',
    description:
      'ماكينة حلاقة بشفرات ذاتية الشحذ تمنح حلاقة قريبة وناعمة. تعمل جافة أو مع الرغوة ومقاومة للماء. بطارية تكفي 60 دقيقة بعد شحن ساعة واحدة.',
    category: 'أجهزة منزلية',
    motif: 'shaver',
    subcategories: ['العناية الشخصية'],
    brand: 'فيليبس',
    price: 299,
    priceAfterDiscount: 249,
    quantity: 85,
    sold: 160,
  },
  {
    title: 'حذاء رسمي جلد طبيعي للرجال',
    description:
      'حذاء رسمي من الجلد الطبيعي بتصميم أكسفورد كلاسيكي. بطانة داخلية ناعمة ونعل مريح. مثالي للعمل والمناسبات الرسمية.',
    category: 'أحذية',
    motif: 'oxford',
    sizes: menShoeSizes,
    subcategories: ['أحذية رسمية'],
    brand: null,
    price: 429,
    quantity: 30,
    sold: 46,
    colors: ['#000000', '#78350f'],
  },
  {
    title: 'مكعبات تعليمية ملونة للأطفال 100 قطعة',
    description:
      'مكعبات خشبية ملونة بحروف وأرقام تساعد الطفل على التعلم باللعب. ألوان آمنة وغير سامة وحواف مصقولة. مناسبة للأطفال من عمر سنتين.',
    category: 'ألعاب',
    motif: 'woodenBlocks',
    subcategories: ['ألعاب تعليمية'],
    brand: null,
    price: 89,
    quantity: 140,
    sold: 233,
  },
  {
    title: 'حاسوب هواوي ميت بوك D16 بمعالج إنتل كور i5',
    description:
      'حاسوب بشاشة كبيرة 16 بوصة ونسبة عرض 16:10 مريحة للعين. ذاكرة 16 جيجابايت وتخزين 512 جيجابايت. زر تشغيل ببصمة الإصبع لتسجيل دخول سريع.',
    category: 'حواسيب محمولة',
    motif: 'laptop',
    subcategories: ['حواسيب الأعمال'],
    brand: 'هواوي',
    price: 2899,
    quantity: 27,
    sold: 58,
    colors: ['#9ca3af'],
  },
  {
    title: 'سماعات آبل إيربودز برو الجيل الثاني',
    description:
      'سماعات لاسلكية بإلغاء نشط للضوضاء ضعف الجيل السابق. وضع الشفافية التكيفي وصوت محيطي مخصص. علبة شحن بمنفذ USB-C ومكبر صوت لتحديد مكانها.',
    category: 'هواتف ذكية',
    motif: 'earbuds',
    subcategories: ['إكسسوارات الهواتف'],
    brand: 'آبل',
    price: 999,
    priceAfterDiscount: 849,
    quantity: 95,
    sold: 390,
    colors: ['#ffffff'],
  },
  {
    title: 'ساعة كاسيو نسائية كلاسيكية بسوار معدني',
    description:
      'ساعة نسائية أنيقة بميناء صغير وسوار معدني قابل للتعديل. مقاومة للماء في الاستخدام اليومي. هدية مثالية بسعر مناسب.',
    category: 'ساعات',
    motif: 'wristwatch',
    subcategories: ['ساعات نسائية'],
    brand: 'كاسيو',
    price: 249,
    quantity: 42,
    sold: 63,
    colors: ['#d4af37', '#c0c0c0'],
  },
  {
    title: 'تيشيرت نايكي دراي فيت رياضي للرجال',
    description:
      'تيشيرت رياضي بتقنية دراي فيت التي تطرد العرق وتبقيك جافاً. قماش خفيف ومرن يتحرك معك. مناسب للجري والتمارين في الصالة.',
    category: 'أزياء رجالية',
    motif: 'tshirt',
    sizes: letterSizes,
    subcategories: ['ملابس رياضية'],
    brand: 'نايكي',
    price: 129,
    quantity: 180,
    sold: 254,
    colors: ['#000000', '#ffffff', '#16a34a'],
  },
  {
    title: 'ثلاجة سامسونج بابين بتقنية الإنفرتر 18 قدم',
    description:
      'ثلاجة بتقنية الضاغط الرقمي الموفر للطاقة والهادئ. تبريد متعدد يحافظ على نضارة الطعام لفترة أطول. رفوف زجاجية مقواة وموزع ماء داخلي.',
    category: 'أجهزة منزلية',
    motif: 'fridge',
    subcategories: ['أجهزة المطبخ'],
    brand: 'سامسونج',
    price: 3999,
    priceAfterDiscount: 3499,
    quantity: 7,
    sold: 29,
    colors: ['#c0c0c0', '#000000'],
  },
  {
    title: 'فستان سهرة ساتان طويل',
    description:
      'فستان سهرة من الساتان اللامع بقصة انسيابية وظهر مكشوف بسيط. بطانة ناعمة وسحاب مخفي. يبرز أناقتك في الحفلات والأعراس.',
    category: 'أزياء نسائية',
    motif: 'dress',
    sizes: womenLetterSizes,
    subcategories: ['فساتين'],
    brand: null,
    price: 549,
    quantity: 15,
    sold: 21,
    colors: ['#7f1d1d', '#0f172a', '#065f46'],
  },
  {
    title: 'مسك أبيض مركز 12 مل',
    description:
      'زيت مسك أبيض مركز بدون كحول برائحة نظيفة وناعمة. يدوم طويلاً على الجسم والملابس. عبوة صغيرة سهلة الحمل.',
    category: 'عطور',
    motif: 'attar',
    subcategories: ['عطور شرقية', 'عطور نسائية'],
    brand: null,
    price: 49,
    quantity: 160,
    sold: 198,
  },
  {
    title: 'صندل نايكي فيكتوري للرجال',
    description: 'صندل خفيف بإسفنج ناعم يمنح راحة بعد التمرين. حزام عريض ونعل مانع للانزلاق. مثالي للشاطئ والنادي.',
    category: 'أحذية',
    motif: 'slide',
    sizes: menShoeSizes,
    subcategories: ['صنادل'],
    brand: 'نايكي',
    price: 149,
    quantity: 110,
    sold: 87,
    colors: ['#000000', '#1d4ed8'],
  },
  {
    title: 'جهاز ألعاب سوني بلايستيشن 5 سليم',
    description:
      'الإصدار الأنحف من بلايستيشن 5 مع قرص SSD بسعة 1 تيرابايت. رسوميات مذهلة حتى 4K وتحميل شبه فوري للألعاب. يأتي مع يد تحكم دول سنس.',
    category: 'ألعاب',
    motif: 'console',
    subcategories: ['ألعاب الفيديو'],
    brand: 'سوني',
    price: 2199,
    priceAfterDiscount: 1999,
    quantity: 14,
    sold: 142,
    colors: ['#ffffff'],
  },
  {
    title: 'حاسوب لينوفو آيديا باد 3 بشاشة 15.6 بوصة',
    description:
      'حاسوب عملي للدراسة والعمل بمعالج إنتل كور i5 وذاكرة 8 جيجابايت. شاشة فل إتش دي مضادة للتوهج. كاميرا بغطاء خصوصية.',
    category: 'حواسيب محمولة',
    motif: 'laptop',
    subcategories: ['حواسيب الأعمال'],
    brand: 'لينوفو',
    price: 2199,
    quantity: 33,
    sold: 95,
    colors: ['#6b7280'],
  },
  {
    title: 'هاتف سامسونج جالاكسي A55 128 جيجابايت',
    description:
      'هاتف بإطار معدني وشاشة سوبر أموليد 6.6 بوصة. كاميرا ثلاثية بدقة 50 ميجابكسل مع تثبيت بصري. مقاوم للماء والغبار بمعيار IP67.',
    category: 'هواتف ذكية',
    motif: 'phone',
    subcategories: ['هواتف أندرويد'],
    brand: 'سامسونج',
    price: 1599,
    priceAfterDiscount: 1399,
    quantity: 88,
    sold: 276,
    colors: ['#1e3a8a', '#a5f3fc', '#000000'],
  },
  {
    title: 'سوار شاومي الذكي باند 8',
    description:
      'سوار رياضي بشاشة أموليد 1.62 بوصة وبطارية تدوم 16 يوماً. يقيس نبض القلب والأكسجين ومراحل النوم. أكثر من 150 وضعاً رياضياً.',
    category: 'ساعات',
    motif: 'fitnessBand',
    subcategories: ['ساعات ذكية'],
    brand: 'شاومي',
    price: 199,
    priceAfterDiscount: 149,
    quantity: 200,
    sold: 367,
    colors: ['#000000', '#f472b6'],
  },
  {
    title: 'قميص بولو رجالي قطن بيكيه',
    description:
      'قميص بولو من قطن البيكيه الناعم بياقة مضلعة. قصة مريحة تحافظ على شكلها بعد الغسيل. يناسب الإطلالات الكاجوال والعمل.',
    category: 'أزياء رجالية',
    motif: 'polo',
    sizes: letterSizes,
    subcategories: ['قمصان'],
    brand: 'زارا',
    price: 149,
    quantity: 95,
    sold: 118,
    colors: ['#ffffff', '#0f172a', '#b91c1c'],
  },
  {
    title: 'مكنسة سامسونج لاسلكية جيت 75',
    description:
      'مكنسة عصا لاسلكية بقوة شفط 200 واط وفلتر متعدد الطبقات. بطارية قابلة للفصل تعمل حتى 60 دقيقة. محطة تفريغ تلقائي للغبار.',
    category: 'أجهزة منزلية',
    motif: 'stickVacuum',
    subcategories: ['أجهزة التنظيف'],
    brand: 'سامسونج',
    price: 2499,
    quantity: 19,
    sold: 54,
  },
  {
    title: 'عباية كتان ملونة بأكمام واسعة',
    description:
      'عباية يومية من الكتان الخفيف بأكمام واسعة وجيوب جانبية. ألوان هادئة تناسب الصيف. سهلة العناية وسريعة الجفاف.',
    category: 'أزياء نسائية',
    motif: 'abaya',
    sizes: abayaLengths,
    subcategories: ['عبايات'],
    brand: null,
    price: 279,
    quantity: 36,
    sold: 48,
    colors: ['#d6d3d1', '#52525b'],
  },
  {
    title: 'مجموعة هدايا عطور رجالية 4 قطع',
    description:
      'أربعة عطور رجالية بأحجام السفر في علبة هدايا فاخرة. تشكيلة بين الخشبي والمنعش والشرقي. هدية مثالية للمناسبات.',
    category: 'عطور',
    motif: 'perfumeSet',
    subcategories: ['عطور رجالية'],
    brand: null,
    price: 299,
    quantity: 26,
    sold: 71,
  },
  {
    title: 'حذاء أديداس ستان سميث الكلاسيكي',
    description:
      'حذاء أيقوني من الجلد بتصميم بسيط يناسب كل الإطلالات. نعل مطاطي مريح وبطانة ناعمة. لمسة خضراء مميزة على الكعب.',
    category: 'أحذية',
    motif: 'sneaker',
    sizes: menShoeSizes,
    subcategories: ['أحذية رياضية'],
    brand: 'أديداس',
    price: 449,
    quantity: 58,
    sold: 134,
    colors: ['#ffffff', '#15803d'],
  },
  {
    title: 'ليغو تكنيك سيارة سباق 1580 قطعة',
    description:
      'مجموعة تركيب متقدمة لسيارة سباق بمحرك ومقود وناقل حركة يعمل. تحدٍّ ممتع لعشاق الميكانيكا من عمر 10 سنوات. تصبح قطعة عرض رائعة بعد التركيب.',
    category: 'ألعاب',
    motif: 'bricks',
    subcategories: ['ألعاب التركيب'],
    brand: 'ليغو',
    price: 599,
    quantity: 21,
    sold: 39,
  },
  {
    title: 'حاسوب ديل إنسبايرون 15 بمعالج رايزن 7',
    description:
      'حاسوب بشاشة 15.6 بوصة ولوحة أرقام كاملة لسهولة العمل على الجداول. ذاكرة 16 جيجابايت وتخزين 512 جيجابايت. تصميم نحيف بمفصل يفتح حتى 135 درجة.',
    category: 'حواسيب محمولة',
    motif: 'laptop',
    subcategories: ['حواسيب الأعمال'],
    brand: 'ديل',
    price: 3299,
    priceAfterDiscount: 2899,
    quantity: 16,
    sold: 73,
    colors: ['#1f2937'],
  },
  {
    title: 'شاحن سامسونج سريع 45 واط مع كابل',
    description:
      'شاحن جداري بتقنية الشحن فائق السرعة 2.0 ومنفذ USB-C. يشحن الهاتف بسرعة وأمان مع حماية من الحرارة الزائدة. يأتي مع كابل بطول متر واحد.',
    category: 'هواتف ذكية',
    motif: 'charger',
    subcategories: ['إكسسوارات الهواتف'],
    brand: 'سامسونج',
    price: 149,
    priceAfterDiscount: 119,
    quantity: 190,
    sold: 402,
    colors: ['#000000', '#ffffff'],
  },
  {
    title: 'ساعة سامسونج جالاكسي ووتش 6 مقاس 44 ملم',
    description:
      'ساعة ذكية بشاشة سافير كريستال أكبر وحواف أنحف. تحليل لتكوين الجسم ومتابعة متقدمة للنوم. تتكامل بسلاسة مع هواتف جالاكسي.',
    category: 'ساعات',
    motif: 'smartwatch',
    subcategories: ['ساعات ذكية'],
    brand: 'سامسونج',
    price: 1199,
    quantity: 31,
    sold: 88,
    colors: ['#000000', '#c0c0c0'],
  },
  {
    title: 'بدلة رياضية أديداس للرجال قطعتين',
    description:
      'بدلة رياضية من جاكيت وبنطال بقماش تريكو ناعم. أساور مطاطية عند الأكمام والكاحلين. مريحة للتمرين والسفر.',
    category: 'أزياء رجالية',
    motif: 'tracksuit',
    sizes: letterSizes,
    subcategories: ['ملابس رياضية', 'جاكيتات'],
    brand: 'أديداس',
    price: 349,
    quantity: 64,
    sold: 92,
    colors: ['#000000', '#1f2937'],
  },
  {
    title: 'غلاية ماء كهربائية فيليبس 1.7 لتر',
    description:
      'غلاية من الستانلس ستيل بقوة 2200 واط تغلي الماء في دقائق. إطفاء تلقائي وحماية من التشغيل دون ماء. قاعدة دوارة 360 درجة.',
    category: 'أجهزة منزلية',
    motif: 'kettle',
    subcategories: ['أجهزة المطبخ'],
    brand: 'فيليبس',
    price: 179,
    quantity: 130,
    sold: 221,
    colors: ['#c0c0c0'],
  },
  {
    title: 'دمية دب محشوة ناعمة 60 سم',
    description: 'دب محشو بفرو ناعم جداً وحشوة قطنية آمنة. حجم كبير مثالي للعناق والهدايا. قابل للغسل يدوياً.',
    category: 'ألعاب',
    motif: 'teddyBear',
    subcategories: ['دمى'],
    brand: null,
    price: 99,
    quantity: 75,
    sold: 66,
    colors: ['#a16207', '#f5f5f4'],
  },
  {
    title: 'حاسوب آبل ماك بوك برو 16 بوصة بمعالج M3 Max',
    description:
      'أقوى ماك بوك لمحترفي المونتاج والتصميم بمعالج M3 Max وذاكرة 36 جيجابايت. شاشة ليكويد ريتينا XDR بسطوع يصل إلى 1600 شمعة. بطارية تدوم حتى 22 ساعة.',
    category: 'حواسيب محمولة',
    motif: 'laptop',
    subcategories: ['أجهزة ماك بوك'],
    brand: 'آبل',
    price: 9999,
    quantity: 5,
    sold: 12,
    colors: ['#1e293b', '#c0c0c0'],
  },
  {
    title: 'بلوزة نسائية قطنية مخططة',
    description:
      'بلوزة قطنية بخطوط عرضية وياقة دائرية. خامة ناعمة تسمح بمرور الهواء. تنسق مع الجينز لإطلالة يومية مريحة.',
    category: 'أزياء نسائية',
    motif: 'blouse',
    sizes: womenLetterSizes,
    subcategories: ['بلوزات'],
    brand: null,
    price: 99,
    quantity: 110,
    sold: 84,
    colors: ['#1e3a8a', '#ffffff'],
  },
  {
    title: 'صندل نسائي جلد بكعب منخفض',
    description:
      'صندل أنيق من الجلد بأحزمة رفيعة وكعب منخفض مريح. نعل داخلي مبطن للمشي الطويل. يناسب الصيف والمناسبات البسيطة.',
    category: 'أحذية',
    motif: 'sandal',
    sizes: womenShoeSizes,
    subcategories: ['صنادل'],
    brand: null,
    price: 189,
    quantity: 47,
    sold: 57,
    colors: ['#d6a77a', '#000000'],
  },
  {
    title: 'ثوب رجالي سعودي قماش ياباني بياقة مرتفعة',
    description:
      'ثوب رجالي بتفصيل سعودي وياقة مرتفعة وأزرار مخفية. قماش ياباني ناعم مقاوم للتجعد يناسب الدوام والمناسبات. جيب صدر وجيبان جانبيان بسحاب.',
    category: 'أزياء رجالية',
    motif: 'thobe',
    sizes: thobeLengths,
    subcategories: [],
    brand: null,
    price: 259,
    priceAfterDiscount: 219,
    quantity: 140,
    sold: 188,
    colors: ['#ffffff', '#e7e5e4', '#bfdbfe'],
  },
  {
    title: 'حذاء نسائي بكعب عالٍ جلد لامع',
    description:
      'حذاء نسائي أنيق بمقدمة مدببة وكعب رفيع بارتفاع 9 سم. جلد صناعي لامع وبطانة مبطنة تخفف الضغط على القدم. يكمل إطلالات السهرات والأعراس.',
    category: 'أحذية',
    motif: 'heel',
    sizes: womenShoeSizes,
    subcategories: ['أحذية رسمية'],
    brand: null,
    price: 329,
    priceAfterDiscount: 279,
    quantity: 34,
    sold: 61,
    colors: ['#000000', '#be123c', '#d6a77a'],
  },
  {
    title: 'حذاء تشيلسي بوت جلد سويدي للرجال',
    description:
      'حذاء بوت بطول الكاحل من الجلد السويدي مع جوانب مطاطية سهلة الارتداء. نعل متين مانع للانزلاق وحلقة سحب خلفية. يناسب أجواء الشتاء والسفر.',
    category: 'أحذية',
    motif: 'boot',
    sizes: menShoeSizes,
    subcategories: ['أحذية رسمية'],
    brand: null,
    price: 499,
    quantity: 26,
    sold: 38,
    colors: ['#78350f', '#1c1917'],
  },
  {
    title: 'حذاء نايكي ريفوليوشن 7 للأطفال',
    description:
      'حذاء رياضي خفيف للأطفال بإغلاق لاصق يسهل ارتداؤه دون مساعدة. نعل مرن يتحمل الركض والقفز طوال اليوم. جزء علوي من شبك يسمح بمرور الهواء.',
    category: 'أحذية',
    motif: 'sneaker',
    sizes: kidsShoeSizes,
    subcategories: ['أحذية رياضية'],
    brand: 'نايكي',
    price: 189,
    priceAfterDiscount: 159,
    quantity: 90,
    sold: 143,
    colors: ['#2563eb', '#f472b6'],
  },
  {
    title: 'نعال رجالي شرقي جلد طبيعي',
    description:
      'نعال شرقي مصنوع يدوياً من الجلد الطبيعي بنعل مريح ومتين. يكمل إطلالة الثوب في الأعياد والمناسبات. متوفر بالأسود والبني.',
    category: 'أحذية',
    motif: 'sandal',
    sizes: menShoeSizes,
    subcategories: ['صنادل'],
    brand: null,
    price: 169,
    quantity: 120,
    sold: 215,
    colors: ['#1c1917', '#92400e'],
  },
  {
    title: 'مبخرة خشبية مطعمة بالنحاس',
    description:
      'مبخرة تراثية من خشب الساج المطعم بنقوش نحاسية ذهبية. وعاء معدني لجمر البخور والعود يحمي الخشب من الحرارة. قطعة ديكور جميلة للمجالس.',
    category: 'عطور',
    motif: 'incenseBurner',
    subcategories: ['عطور شرقية'],
    brand: null,
    price: 129,
    quantity: 60,
    sold: 97,
  },
];

/** Word lists the bulk generator builds product titles from, per demo category. */
export type WordList = {
  nouns: readonly string[];
  variants: readonly string[];
  specs: readonly string[];
  /** Price range in major units. */
  price: readonly [min: number, max: number];
};

export const bulkWords: Record<string, WordList> = {
  'هواتف ذكية': {
    nouns: ['هاتف ذكي', 'هاتف', 'هاتف جوال'],
    variants: ['برو', 'ماكس', 'لايت', 'بلس', 'ألترا', 'نيو', 'إيدج', 'فليب'],
    specs: ['128 جيجابايت', '256 جيجابايت', '512 جيجابايت', 'بشاشة 6.7 بوصة', 'بكاميرا 108 ميجابكسل', 'ثنائي الشريحة'],
    price: [499, 5999],
  },
  'حواسيب محمولة': {
    nouns: ['حاسوب محمول', 'لابتوب', 'حاسوب'],
    variants: ['برو', 'إير', 'بلس', 'للألعاب', 'للأعمال', 'نحيف'],
    specs: ['بمعالج i5', 'بمعالج i7', 'بمعالج رايزن 5', 'ذاكرة 16 جيجابايت', 'بشاشة 14 بوصة', 'بشاشة 15.6 بوصة'],
    price: [1499, 9999],
  },
  'أزياء رجالية': {
    nouns: ['قميص رجالي', 'بنطال رجالي', 'جاكيت رجالي', 'تيشيرت رجالي', 'هودي رجالي'],
    variants: ['قطني', 'كتان', 'رياضي', 'كلاسيكي', 'شتوي', 'صيفي'],
    specs: ['بقصة مريحة', 'بقصة ضيقة', 'بأكمام طويلة', 'بأكمام قصيرة', 'مقاس واسع'],
    price: [59, 499],
  },
  'أزياء نسائية': {
    nouns: ['فستان نسائي', 'عباية', 'بلوزة نسائية', 'تنورة', 'حقيبة يد'],
    variants: ['ميدي', 'طويل', 'كاجوال', 'سهرة', 'مطرز', 'بنقشة زهور'],
    specs: ['من الشيفون', 'من الكريب', 'من القطن', 'من الساتان', 'بحزام'],
    price: [79, 899],
  },
  أحذية: {
    nouns: ['حذاء رياضي', 'حذاء رسمي', 'صندل', 'حذاء جري', 'حذاء كاجوال'],
    variants: ['رجالي', 'نسائي', 'للأطفال', 'خفيف', 'جلد طبيعي'],
    specs: ['بنعل مريح', 'مقاوم للماء', 'بتوسيد هوائي', 'برباط', 'بدون رباط'],
    price: [99, 899],
  },
  ساعات: {
    nouns: ['ساعة ذكية', 'ساعة يد', 'سوار ذكي', 'ساعة رياضية'],
    variants: ['رجالية', 'نسائية', 'كلاسيكية', 'رقمية', 'أنالوج'],
    specs: ['مقاومة للماء', 'بسوار جلد', 'بسوار معدني', 'مقاس 42 ملم', 'مقاس 46 ملم'],
    price: [99, 2999],
  },
  عطور: {
    nouns: ['عطر', 'دهن عود', 'مسك', 'بخور'],
    variants: ['رجالي', 'نسائي', 'شرقي', 'فرنسي', 'فاخر'],
    specs: ['50 مل', '75 مل', '100 مل', 'أو دو بارفان', 'أو دو تواليت'],
    price: [49, 999],
  },
  'أجهزة منزلية': {
    nouns: ['خلاط كهربائي', 'مكنسة كهربائية', 'قلاية هوائية', 'ماكينة قهوة', 'مكواة بخار', 'محضرة طعام'],
    variants: ['ذكية', 'لاسلكية', 'منزلية', 'احترافية', 'صغيرة'],
    specs: ['بقوة 1200 واط', 'بقوة 2000 واط', 'سعة 1.5 لتر', 'سعة 5 لتر', 'موفرة للطاقة'],
    price: [99, 3999],
  },
  ألعاب: {
    nouns: ['مجموعة تركيب', 'لعبة تعليمية', 'دمية', 'سيارة تحكم عن بعد', 'لعبة ألغاز'],
    variants: ['للأطفال', 'ملونة', 'خشبية', 'تفاعلية', 'ممتعة'],
    specs: ['100 قطعة', '250 قطعة', '500 قطعة', 'من عمر 3 سنوات', 'من عمر 8 سنوات'],
    price: [49, 1499],
  },
};

/** For categories an admin created that have no word list of their own. */
export const genericWords: WordList = {
  nouns: ['منتج', 'قطعة', 'طقم'],
  variants: ['أصلي', 'فاخر', 'عملي', 'جديد', 'مميز'],
  specs: ['بجودة عالية', 'بتصميم عصري', 'بضمان سنة', 'إصدار محدود'],
  price: [49, 999],
};

/** Colour names a bulk title ends with, and the colour offered for them. */
export const colourNames: readonly (readonly [name: string, hex: string])[] = [
  ['أسود', '#000000'],
  ['أبيض', '#ffffff'],
  ['فضي', '#c0c0c0'],
  ['أزرق', '#1d4ed8'],
  ['أحمر', '#dc2626'],
  ['أخضر', '#16a34a'],
  ['ذهبي', '#d4af37'],
  ['رمادي', '#6b7280'],
  ['وردي', '#f472b6'],
  ['بني', '#78350f'],
];

/** Sentences a bulk description is assembled from (after one naming the product). */
export const bulkSentences: readonly string[] = [
  'مصنوع من خامات عالية الجودة ليدوم طويلاً.',
  'تصميم عصري يناسب الاستخدام اليومي.',
  'يأتي بضمان لمدة سنة كاملة من الوكيل.',
  'توصيل سريع إلى جميع المدن والإرجاع مجاني خلال 14 يوماً.',
  'خيار مثالي للهدايا في المناسبات.',
  'سهل الاستخدام والعناية.',
  'حاصل على تقييمات ممتازة من عملائنا.',
  'سعر منافس وجودة مضمونة.',
];
