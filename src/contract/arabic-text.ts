import { toAsciiDigits } from './digits.js';

/**
 * Arabic-aware text folding for search, shared by indexing (server), querying (server) and
 * highlighting (web), so that all three see the same words; city names are compared through it
 * too (src/contract/cities.ts).
 */

/**
 * What shows nothing but can sit inside a word: every format character (Unicode category Cf —
 * zero-width space and joiners, left-to-right and right-to-left marks, embeddings, overrides and
 * isolates, the Arabic letter mark, the soft hyphen, word joiner and invisible operators, the byte
 * order mark, the Mongolian vowel separator, tags…), the combining grapheme joiner and the
 * variation selectors. Folding drops them, so «الإسكندرية» with one hidden inside is «الإسكندرية».
 * Code point ranges, written below in JavaScript's and in PostgreSQL's notation.
 */
const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x0600, 0x0605],
  [0x061c, 0x061c],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
  [0xe0100, 0xe01ef],
];
const hex = (codePoint: number, width: number) => codePoint.toString(16).toUpperCase().padStart(width, '0');
/** The ranges inside a bracket expression, each code point as `written`. */
const invisibleRanges = (written: (codePoint: number) => string) =>
  INVISIBLE_RANGES.map(([from, to]) => (from === to ? written(from) : `${written(from)}-${written(to)}`)).join('');
const INVISIBLE = new RegExp(`[${invisibleRanges((c) => `\\u{${hex(c, 4)}}`)}]`, 'gu');

const TASHKEEL = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED]/g;
const TATWEEL = /\u0640/g;
const LETTER_FOLDS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ى: 'ي',
  ة: 'ه',
  ؤ: 'و',
  ئ: 'ي',
  // Persian and Urdu shapes Arabic keyboards sometimes produce.
  ی: 'ي',
  ک: 'ك',
  ۀ: 'ه',
};
const FOLDABLE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');

/**
 * The letter folds and the marks dropped, for SQL that folds a stored column the way
 * `normalizeArabic` folds a query (translate() and regexp_replace(); the order search does).
 */
export const ARABIC_FOLDING = {
  from: Object.keys(LETTER_FOLDS).join(''),
  to: Object.values(LETTER_FOLDS).join(''),
  /** A bracket expression of the tashkeel, the tatweel and the invisible characters, as PostgreSQL reads it. */
  dropped: `[${TASHKEEL.source.slice(1, -1)}\\u0640${invisibleRanges((c) => (c > 0xffff ? `\\U${hex(c, 8)}` : `\\u${hex(c, 4)}`))}]`,
} as const;
// Everything that is not a letter or a digit separates words.
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/**
 * Folds what people type differently but mean the same: invisible characters removed (INVISIBLE),
 * alef forms (أ إ آ ٱ → ا), ى → ي, ة → ه, ؤ → و, ئ → ي, tashkeel and tatweel removed, Arabic-Indic
 * digits → ASCII, Latin lower-cased, punctuation → spaces. The result is single-spaced words.
 */
export function normalizeArabic(text: string): string {
  // NFKC turns presentation forms (ﻻ, ﷲ, full-width Latin) into plain letters.
  const folded = text
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .replace(TASHKEEL, '')
    .replace(TATWEEL, '')
    .replace(FOLDABLE, (c) => LETTER_FOLDS[c] ?? c);
  return toAsciiDigits(folded).toLowerCase().replace(SEPARATORS, ' ').trim();
}

/** The folded words of a text, in order. */
export const searchWords = (text: string): string[] => {
  const normalized = normalizeArabic(text);
  return normalized ? normalized.split(' ') : [];
};

const isArabic = (word: string) => /[\u0621-\u064A]/.test(word);
/** Shortest stem a prefix or suffix may leave: shorter remains are other words, not stems. */
const MIN_STEM = 3;
// The article with the particles that attach to it, longest first; then the one-letter particles.
const ARTICLES = ['وبال', 'وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const PARTICLES = ['و', 'ف', 'ب', 'ل', 'ك'];
// Feminine, feminine plural and nisba endings (after folding ة is ه). The masculine plural's ون/ين
// are left alone: in a shop they end more words than they inflect (زيتون is not زيت).
const SUFFIXES = ['ات', 'يه', 'ه', 'ي'];

function withoutPrefixes(word: string, particles: boolean): string[] {
  const forms = [word];
  const article = ARTICLES.find((a) => word.startsWith(a) && word.length - a.length >= MIN_STEM);
  if (article) forms.push(word.slice(article.length));
  if (!particles) return forms;
  const particle = PARTICLES.find((p) => word.startsWith(p) && word.length - 1 >= MIN_STEM);
  if (particle) {
    const rest = word.slice(1);
    forms.push(rest);
    const inner = ARTICLES.find((a) => rest.startsWith(a) && rest.length - a.length >= MIN_STEM);
    if (inner) forms.push(rest.slice(inner.length));
  }
  return forms;
}

function withoutSuffixes(word: string): string[] {
  const forms = [word];
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_STEM) forms.push(word.slice(0, -suffix.length));
  }
  return forms;
}

/**
 * A light stemmer: the word and what remains without its attached particles and article
 * (و ف ب ل ك، ال) and its feminine, plural and nisba endings. Indexing every form and querying with
 * any of them makes 'والساعات', 'ساعة' and 'الساعه' meet without a dictionary. Latin words and
 * numbers stay as they are.
 */
export function wordForms(word: string): string[] {
  if (!isArabic(word)) return [word];
  return [...new Set(withoutPrefixes(word, true).flatMap(withoutSuffixes))];
}

/**
 * `wordForms` without cutting a one-letter particle off the front: the forms in which the word is
 * still itself. The search tries these first, since a particle's letter often begins a word
 * (فستان is not ف + ستان).
 */
export function wholeWordForms(word: string): string[] {
  if (!isArabic(word)) return [word];
  return [...new Set(withoutPrefixes(word, false).flatMap(withoutSuffixes))];
}

/**
 * A SKU or barcode as one search term: its letters and digits only, folded (`SH-42/B` → `sh42b`), so
 * it is found whole however it is typed, and its parts never match ordinary words (docs/variants.md).
 */
export const compactCode = (code: string): string => searchWords(code).join('');

/** Every form of every word of a text, space-separated: what the search index holds for it. */
export const indexedForms = (text: string): string => [...new Set(searchWords(text).flatMap(wordForms))].join(' ');

/** A piece of a text, where it starts in it, and whether it is a word the search matched. */
export type TextPart = { text: string; start: number; matched: boolean };

/**
 * Splits a title into its words and the spaces between them, marking the words a keyword search
 * matched: one of their forms is a form of a query word, or starts with the last query word while
 * it is still being typed (as the search does). Synonyms are the server's; they are not marked.
 */
export function markMatchedWords(text: string, keyword: string): TextPart[] {
  const queryWords = searchWords(keyword);
  if (queryWords.length === 0) return [{ text, start: 0, matched: false }];
  const forms = new Set(queryWords.flatMap(wordForms));
  const last = queryWords[queryWords.length - 1];
  const typing = last !== undefined && last.length >= 2 && !/\s$/.test(keyword) ? wordForms(last) : [];
  const matches = (word: string) =>
    wordForms(word).some((form) => forms.has(form) || typing.some((prefix) => form.startsWith(prefix)));
  return [...text.matchAll(/\s+|\S+/g)].map((found) => ({
    text: found[0],
    start: found.index,
    matched: searchWords(found[0]).some(matches),
  }));
}
