import { describe, expect, it } from 'vitest';
import {
  ARABIC_FOLDING,
  indexedForms,
  markMatchedWords,
  normalizeArabic,
  searchWords,
  wordForms,
} from '../../src/contract/arabic-text';

describe('normalizeArabic', () => {
  it.each([
    ['أحذية', 'احذيه'],
    ['إطار', 'اطار'],
    ['آيفون', 'ايفون'],
    ['ٱلبيت', 'البيت'],
    ['مستشفى', 'مستشفي'],
    ['ساعة', 'ساعه'],
    ['مؤشر', 'موشر'],
    ['بيئة', 'بييه'],
  ])('folds the letters people type differently: %s → %s', (input, folded) => {
    expect(normalizeArabic(input)).toBe(folded);
  });

  it('removes tashkeel (including shadda and dagger alef) and tatweel', () => {
    expect(normalizeArabic('هَاتِفٌ ذَكِيٌّ')).toBe('هاتف ذكي');
    expect(normalizeArabic('رحمٰن')).toBe('رحمن');
    expect(normalizeArabic('فســـتان')).toBe('فستان');
  });

  it('turns Arabic-Indic and Eastern Arabic-Indic digits into ASCII', () => {
    expect(normalizeArabic('نوت ١٣ و ۴۵')).toBe('نوت 13 و 45');
  });

  it('lower-cases Latin, folds full-width letters and presentation forms', () => {
    expect(normalizeArabic('Galaxy S24 ULTRA')).toBe('galaxy s24 ultra');
    expect(normalizeArabic('Ｇalaxy')).toBe('galaxy');
    expect(normalizeArabic('ﻻ')).toBe('لا');
  });

  it('turns punctuation into single spaces', () => {
    expect(normalizeArabic('  سامسونغ!! S24-Ultra، (أسود)  ')).toBe('سامسونغ s24 ultra اسود');
    expect(normalizeArabic('!!!')).toBe('');
  });

  // The kinds of invisible characters that hid a city from its shipping zone (docs/pricing.md).
  it.each([
    ['zero-width space', '\u200B'],
    ['zero-width non-joiner', '\u200C'],
    ['zero-width joiner', '\u200D'],
    ['left-to-right mark', '\u200E'],
    ['right-to-left mark', '\u200F'],
    ['Arabic letter mark', '\u061C'],
    ['right-to-left embedding and pop', '\u202B\u202C'],
    ['left-to-right override', '\u202D'],
    ['right-to-left isolate and pop', '\u2067\u2069'],
    ['word joiner', '\u2060'],
    ['byte order mark', '\uFEFF'],
    ['soft hyphen', '\u00AD'],
    ['Mongolian vowel separator', '\u180E'],
    ['a tag character', '\u{E0041}'],
    ['combining grapheme joiner and a variation selector', '\u034F\uFE0F'],
  ])('drops a %s hidden inside a word', (_, hidden) => {
    expect(normalizeArabic(`الإسك${hidden}ندرية`)).toBe('الاسكندريه');
    expect(normalizeArabic(`${hidden}Alex${hidden}andria${hidden}`)).toBe('alexandria');
  });

  it('drops every format character (Unicode category Cf)', () => {
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      const character = String.fromCodePoint(codePoint);
      if (!/\p{Cf}/u.test(character)) continue;
      expect(normalizeArabic(`جد${character}ة`), codePoint.toString(16)).toBe('جده');
    }
  });

  it('is idempotent', () => {
    const once = normalizeArabic('أَحْذِيَةٌ رياضيّة — Nike');
    expect(normalizeArabic(once)).toBe(once);
  });
});

describe('searchWords', () => {
  it('splits the folded text into words', () => {
    expect(searchWords('حذاء  نايكي, إير')).toEqual(['حذاء', 'نايكي', 'اير']);
    expect(searchWords('—')).toEqual([]);
  });
});

describe('wordForms (light stemming)', () => {
  it('strips the article and the particles attached to it', () => {
    expect(wordForms('الساعه')).toContain('ساعه');
    expect(wordForms('والساعات')).toEqual(expect.arrayContaining(['ساعات', 'ساع']));
    expect(wordForms('بالسامسونج')).toContain('سامسونج');
    expect(wordForms('للرجال')).toContain('رجال');
    expect(wordForms('وسامسونج')).toContain('سامسونج');
  });

  it('strips feminine, feminine-plural and nisba endings to a shared stem', () => {
    expect(wordForms('ساعه')).toContain('ساع');
    expect(wordForms('ساعات')).toContain('ساع');
    expect(wordForms('رياضيه')).toEqual(expect.arrayContaining(['رياضي', 'رياض']));
    expect(wordForms('رجالي')).toContain('رجال');
  });

  it('never leaves a stem under three letters, and keeps the word itself first', () => {
    expect(wordForms('ذكي')).toEqual(['ذكي']);
    expect(wordForms('بنت')).toEqual(['بنت']);
    for (const form of wordForms('والبيت')) expect(form.length).toBeGreaterThanOrEqual(3);
    expect(wordForms('والبيت')[0]).toBe('والبيت');
  });

  it('leaves the masculine plural endings alone (زيتون is not زيت)', () => {
    expect(wordForms('زيتون')).toEqual(['زيتون']);
  });

  it('leaves Latin words and numbers as they are', () => {
    expect(wordForms('s24')).toEqual(['s24']);
    expect(wordForms('iphone')).toEqual(['iphone']);
    expect(wordForms('256')).toEqual(['256']);
  });
});

describe('indexedForms', () => {
  it('lists every form of every word once', () => {
    expect(indexedForms('ساعة الساعات').split(' ')).toEqual(['ساعه', 'ساع', 'الساعات', 'الساع', 'ساعات']);
  });
});

describe('markMatchedWords (highlighting the listing)', () => {
  const marked = (text: string, keyword: string) =>
    markMatchedWords(text, keyword)
      .filter((part) => part.matched)
      .map((part) => part.text);

  it('marks the words whatever their spelling, article, particle or ending, and keeps the text whole', () => {
    const title = 'حذاء نايكي إير ماكس 270 الرياضي للرجال';
    // A typo finds the product on the server but is not marked.
    expect(marked(title, 'حذاا رياضي')).toEqual(['الرياضي']);
    expect(marked(title, 'حذاء الرياضى')).toEqual(['حذاء', 'الرياضي']);
    expect(marked('ساعة كاسيو نسائية', 'السَّاعات')).toEqual(['ساعة']);
    expect(marked('مكنسة لاسلكية', 'مكنسه')).toEqual(['مكنسة']);
    expect(
      markMatchedWords(title, 'نايكي')
        .map((part) => part.text)
        .join(''),
    ).toBe(title);
  });

  it('the last word still being typed marks the words it starts; with a space after it, only itself', () => {
    expect(marked('هاتف سامسونج جالاكسي', 'سامس')).toEqual(['سامسونج']);
    expect(marked('هاتف سامسونج جالاكسي', 'سامس ')).toEqual([]);
    expect(marked('iPhone 15 Pro', 'ipho')).toEqual(['iPhone']);
  });

  it('a keyword without words marks nothing', () => {
    expect(markMatchedWords('قلاية هوائية', '!!')).toEqual([{ text: 'قلاية هوائية', start: 0, matched: false }]);
  });
});

describe('ARABIC_FOLDING (the order search folds names in SQL with it)', () => {
  /** PostgreSQL's \\UXXXXXXXX (a code point past U+FFFF) as JavaScript writes it. */
  const dropped = new RegExp(
    ARABIC_FOLDING.dropped.replace(/\\U([0-9A-F]{8})/g, (_, code: string) => `\\u{${code}}`),
    'gu',
  );
  /** What PostgreSQL's translate(lower(…)) and regexp_replace(…, dropped, '', 'g') do. */
  const fold = (text: string) =>
    [...text.toLowerCase()]
      .map((c) => {
        const at = ARABIC_FOLDING.from.indexOf(c);
        return at < 0 ? c : ARABIC_FOLDING.to[at];
      })
      .join('')
      .replace(dropped, '');

  it('folds a name as normalizeArabic folds the query', () => {
    for (const name of [
      'أحمد',
      'إيمان',
      'آمنة',
      'عُمَر',
      'مـــريم',
      'سلمى',
      'مؤمن',
      'هيئة',
      'Omar',
      'مر\u200Cيم',
      '\u200Fسا\u{E0020}رة\u00AD',
    ]) {
      expect(fold(name), name).toBe(normalizeArabic(name));
    }
  });
});
