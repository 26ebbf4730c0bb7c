import { indexedForms, normalizeArabic, searchWords, wordForms } from '../contract/arabic-text.js';
import { type ColorFamily, colorFamilyOf, colorFamilyWords } from '../contract/colors.js';
import { isColorOption } from '../contract/constants.js';

/*
 * What the search understands of a product's colours and choices (docs/catalogue.md § Search):
 * the index holds one term per colour family of the product, and the values of its other options
 * (sizes such as 42 or XL); a query's colour word stands for every word of its family.
 */

/** The family's folded words; the first one is the term the index holds for it ('احمر'). */
const wordsOfFamily = new Map<ColorFamily, string[]>(
  colorFamilyWords().map(([family, words]) => [family, [...new Set(words.map(normalizeArabic))]]),
);
const familyOfWord = new Map<string, ColorFamily>(
  [...wordsOfFamily].flatMap(([family, words]) => words.map((word) => [word, family])),
);

/** Words that only announce a colour or a size («بلون احمر», «مقاس 42»): left out of a query with other words. */
const ATTRIBUTE_WORDS = new Set(['لون', 'الوان', 'مقاس', 'مقاسات', 'قياس', 'size', 'color', 'colour']);

/** Whether a folded query word only says "colour" or "size". */
export const isAttributeWord = (word: string): boolean => wordForms(word).some((form) => ATTRIBUTE_WORDS.has(form));

/** The colour family a folded word names, in any of its forms ('الحمراء', 'عنابيه'), or null. */
export function colorFamilyOfWord(word: string): ColorFamily | null {
  for (const form of wordForms(word)) {
    const family = familyOfWord.get(form);
    if (family) return family;
  }
  return null;
}

/** Every folded word of a family: the search terms a colour word stands for. */
export const colorFamilyTerms = (family: ColorFamily): string[] => wordsOfFamily.get(family) ?? [];

const familyTerm = (family: ColorFamily): string => colorFamilyTerms(family)[0] ?? family;

/**
 * The search terms of a product's colours and choices: one term per colour family of its swatches
 * and of its colour option's values (hex codes, CSS words or Arabic names), and every form of its
 * other options' values (sizes).
 */
export function attributeTerms(
  availableColors: readonly string[],
  options: readonly { name: string; values: readonly string[] }[],
): string {
  const families = new Set<ColorFamily>();
  const addColor = (value: string) => {
    const family =
      colorFamilyOf(value) ??
      searchWords(value)
        .map(colorFamilyOfWord)
        .find((found) => found !== null);
    if (family) families.add(family);
  };
  availableColors.forEach(addColor);
  const choices: string[] = [];
  for (const option of options) {
    if (isColorOption(option.name)) option.values.forEach(addColor);
    else choices.push(...option.values);
  }
  return [...[...families].map(familyTerm), indexedForms(choices.join(' '))].filter(Boolean).join(' ');
}
