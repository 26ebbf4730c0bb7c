import { describe, expect, it } from 'vitest';
import { normalizeArabic } from '../../src/contract/arabic-text.js';
import { colorFamilyOf } from '../../src/contract/colors.js';
import {
  attributeTerms,
  colorFamilyOfWord,
  colorFamilyTerms,
  isAttributeWord,
} from '../../src/db/search-attributes.js';
import { trigramSimilarity, typingDistance } from '../../src/server/modules/catalog/spelling.js';

const family = (typed: string) => colorFamilyOfWord(normalizeArabic(typed));

describe('the colour table of the search', () => {
  it('knows a colour in both genders, with and without hamza, with the article and attached particles', () => {
    for (const typed of ['أحمر', 'احمر', 'حمراء', 'حمرا', 'الأحمر', 'الحمراء', 'بالأحمر'])
      expect(family(typed), typed).toBe('red');
    for (const typed of ['أزرق', 'ازرق', 'زرقاء', 'الزرقاء']) expect(family(typed), typed).toBe('blue');
    for (const typed of ['أسود', 'سوداء', 'أبيض', 'بيضاء', 'أخضر', 'خضراء', 'أصفر', 'صفراء'])
      expect(family(typed), typed).not.toBeNull();
    expect(family('سوداء')).toBe('black');
    expect(family('بيضاء')).toBe('white');
    expect(family('خضراء')).toBe('green');
    expect(family('صفراء')).toBe('yellow');
  });

  it('puts shades under their family, feminine nisba forms included', () => {
    for (const typed of ['عنابي', 'خمري', 'نبيتي', 'عنابية']) expect(family(typed), typed).toBe('red');
    for (const typed of ['كحلي', 'سماوي', 'كحلية']) expect(family(typed), typed).toBe('blue');
    expect(family('بيج')).toBe('beige');
    expect(family('وردية')).toBe('pink');
    expect(family('red')).toBe('red');
  });

  it('is no colour for ordinary words', () => {
    for (const typed of ['فستان', 'ورد', 'حذاء', 'بن', '42', 'ملونة']) expect(family(typed), typed).toBeNull();
  });

  it('stores swatches by family: hex codes and CSS words', () => {
    expect(colorFamilyOf('#7f1d1d')).toBe('red'); // maroon, «عنابي»
    expect(colorFamilyOf('#dc2626')).toBe('red');
    expect(colorFamilyOf('#1e3a8a')).toBe('blue'); // navy, «كحلي»
    expect(colorFamilyOf('#000000')).toBe('black');
    expect(colorFamilyOf('navy')).toBe('blue');
    expect(colorFamilyOf('not a colour')).toBeNull();
  });

  it('every word of a family is one of its search terms, folded', () => {
    expect(colorFamilyTerms('red')).toEqual(expect.arrayContaining(['احمر', 'حمراء', 'عنابي', 'red']));
    expect(colorFamilyTerms('red')[0]).toBe('احمر');
  });
});

describe('what the index holds of colours and choices', () => {
  it('one term per colour family of the swatches and of a colour option, and the other options’ values', () => {
    const terms = attributeTerms(
      ['#7f1d1d', '#dc2626'],
      [
        { name: 'اللون', values: ['أزرق سماوي', '#ffffff'] },
        { name: 'المقاس', values: ['42', 'XL'] },
      ],
    ).split(' ');
    expect(terms).toEqual(expect.arrayContaining(['احمر', 'ازرق', 'ابيض', '42', 'xl']));
    expect(terms.filter((term) => term === 'احمر')).toHaveLength(1);
  });

  it('«لون» and «مقاس» only announce a colour or a size', () => {
    for (const word of ['لون', 'بلون', 'اللون', 'مقاس', 'المقاس', 'size'])
      expect(isAttributeWord(normalizeArabic(word)), word).toBe(true);
    expect(isAttributeWord('فستان')).toBe(false);
  });
});

describe('spelling against the catalogue’s words', () => {
  it('counts typing slips: a letter changed, added, dropped, or two neighbours swapped', () => {
    expect(typingDistance('فسطان', 'فستان', 2)).toBe(1);
    expect(typingDistance('جادوور', 'جادور', 2)).toBe(1);
    expect(typingDistance('جادر', 'جادور', 2)).toBe(1);
    expect(typingDistance('سامسنوج', 'سامسونج', 2)).toBe(1);
    expect(typingDistance('بيتزا', 'بيت', 1)).toBe(2);
    expect(typingDistance('فستان', 'ستان', 0)).toBe(1);
  });

  it('measures trigram similarity as pg_trgm does', () => {
    expect(trigramSimilarity('فستان', 'فستان')).toBe(1);
    // «  ف», « فس», «ان » shared of 9 distinct trigrams: pg_trgm says similarity('فسططان', 'فستان') = 0.3.
    expect(trigramSimilarity('فسططان', 'فستان')).toBeCloseTo(0.3, 5);
    expect(trigramSimilarity('word', 'other')).toBe(0);
  });
});
