import { type SQL, sql } from 'drizzle-orm';
import { compactCode, normalizeArabic, searchWords, wholeWordForms, wordForms } from '../../../contract/arabic-text.js';
import { type Database, selectRows } from '../../../db/client.js';
import { products, searchSynonyms } from '../../../db/schema.js';
import { colorFamilyOfWord, colorFamilyTerms, isAttributeWord } from '../../../db/search-attributes.js';
import { closeCatalogueWords } from './spelling.js';

/** Words too common to narrow anything; dropped from a query that has other words. */
const STOP_WORDS = new Set([
  'في',
  'من',
  'مع',
  'علي',
  'الي',
  'عن',
  'او',
  'ذو',
  'ذات',
  'the',
  'for',
  'with',
  'and',
  'of',
]);
/** The last query word may be the start of a longer one ('سا' → سامسونج) from this many letters. */
const MIN_PREFIX = 2;
/** Any query word that matches no whole word may be the start of one ('سامس' → سامسونج) from this many letters. */
const MIN_START = 4;
/** A keyword is also tried as one SKU or barcode when it is this long and has at most this many parts. */
const MIN_CODE = 3;
const MAX_CODE_WORDS = 4;
/** Long pasted texts are cut: eight words say what someone is looking for. */
const MAX_WORDS = 8;
/** How many of the best full-text matches are also ranked by closeness of their name to the query. */
const CLOSENESS_WINDOW = 64;
// ts_rank's weights for D, C, B and A: the title counts most, the description least.
const RANK_WEIGHTS = sql.raw(`'{0.05, 0.2, 0.4, 1.0}'::real[]`);

export type KeywordSearch = {
  /** Rows that match the keyword. */
  where: SQL;
  /** How well a row matches: higher first. */
  rank: SQL<number>;
  /** The full-text part of `rank` alone: about as good, and much cheaper over many matches. */
  textRank: SQL<number>;
  /** How each query word matched. */
  words: WordMatch[];
};

/** The synonyms table is small and read on every search: it is kept in memory for a minute. */
const SYNONYMS_TTL_MS = 60_000;
type SynonymIndex = { loadedAt: number; groupOf: Map<string, string>; termsOf: Map<string, string[]> };
const synonymCache = new WeakMap<Database, SynonymIndex>();

async function synonymIndex(db: Database): Promise<SynonymIndex> {
  const cached = synonymCache.get(db);
  if (cached && Date.now() - cached.loadedAt < SYNONYMS_TTL_MS) return cached;
  const rows = await db.select().from(searchSynonyms);
  const index: SynonymIndex = { loadedAt: Date.now(), groupOf: new Map(), termsOf: new Map() };
  for (const { term, groupName } of rows) {
    index.groupOf.set(term, groupName);
    index.termsOf.set(groupName, [...(index.termsOf.get(groupName) ?? []), term]);
  }
  synonymCache.set(db, index);
  return index;
}

/** Every term that names the same thing as `word` (or, with `prefix`, as a term starting like it). */
function synonymsOf(index: SynonymIndex, word: string, prefix = false): string[] {
  const groups = new Set<string>();
  for (const [term, group] of index.groupOf) {
    if (term === word || (prefix && term.startsWith(word))) groups.add(group);
  }
  return [...groups].flatMap((group) => index.termsOf.get(group) ?? []);
}

/** The terms that may stand for a query word in the index. */
type Terms = {
  /** Exact terms: its forms, their synonyms and its colour family's words. */
  terms: string[];
  /** Terms that may be the start of a longer word (the last word, still being typed). */
  prefixes: string[];
};

/** A query word, its terms, and the narrower terms of its forms that keep the word whole (wholeWordForms). */
type QueryWord = Terms & { word: string; whole: Terms };

/**
 * A keyword as its words, each with the terms that may stand for it: its forms (light stemming),
 * their synonyms, every word of its colour family when it names a colour (src/db/search-attributes.ts),
 * and — for the last word when no space follows it — the words it may be the start of. Words that
 * only say "colour" or "size" are left out like stop words. Empty when the keyword holds no word at
 * all (only punctuation).
 */
export async function expandKeyword(db: Database, keyword: string): Promise<QueryWord[]> {
  const all = searchWords(keyword).slice(0, MAX_WORDS);
  if (all.length === 0) return [];
  const meaningful = all.filter((word) => !STOP_WORDS.has(word) && !isAttributeWord(word));
  const words = meaningful.length > 0 ? meaningful : all;
  const last = words[words.length - 1] ?? '';
  // A keyword still being typed (no space after it) may end in a partial word.
  const typing = !/\s$/.test(keyword) && last.length >= MIN_PREFIX ? last : undefined;
  const synonyms = await synonymIndex(db);
  return words.map((word, index) => {
    const family = colorFamilyOfWord(word);
    const isTyped = typing !== undefined && index === words.length - 1;
    const termsOf = (forms: string[]): Terms => {
      const terms = new Set([
        ...forms,
        ...forms.flatMap((form) => synonymsOf(synonyms, form)),
        ...(family ? colorFamilyTerms(family) : []),
      ]);
      if (isTyped) for (const term of synonymsOf(synonyms, word, true)) terms.add(term);
      return { terms: [...terms], prefixes: isTyped ? forms : [] };
    };
    return { word, ...termsOf(wordForms(word)), whole: termsOf(wholeWordForms(word)) };
  });
}

/**
 * Whether any product matches `query` by full text. Asked as `LIMIT 1`, the planner expects an
 * early hit and reads the whole table when there is none — exactly the typo case this asks about.
 * A materialised CTE is planned for all its rows (the full-text index), and EXISTS still stops at
 * the first one.
 */
async function hasFullTextMatch(db: Database, query: SQL, among: SQL): Promise<boolean> {
  const [row] = await selectRows<{ found: boolean }>(
    db,
    sql`WITH matches AS MATERIALIZED (SELECT 1 FROM ${products} WHERE ${products.searchVector} @@ ${query} AND ${among})
      SELECT EXISTS (SELECT 1 FROM matches) AS found`,
  );
  return row?.found === true;
}

/**
 * How a query word matched: by the terms of its whole forms, by all its terms, by its Arabic stem, as
 * the start of a word, as a catalogue word a slip away, or not at all.
 */
export type WordMatch = { word: string; query: SQL; how: 'whole' | 'terms' | 'stem' | 'start' | 'spelling' | 'none' };

/** Folded terms as one tsquery of alternatives; terms hold only letters and digits, so they are safe operands. */
const anyTerm = ({ terms, prefixes }: Terms) =>
  sql`to_tsquery('simple', ${[...terms, ...prefixes.map((prefix) => `${prefix}:*`)].join(' | ')})`;

/**
 * How each word of a keyword is to match, the strictest way some product allows (docs/catalogue.md
 * § Search): by the terms of its whole forms; else with a particle cut off its front (وعطر → عطر);
 * else by the Snowball Arabic stem, which finds more but also cuts particles off whole words
 * (فستان → ستان, a shoe's name); else, from four letters, as the start of a word (سامس → سامسونج);
 * else as the catalogue's words a typing slip away (spelling.ts), which forgives a typo without
 * matching inside longer words. A word that matches nowhere keeps its stem query and finds nothing.
 */
export async function matchWords(db: Database, keyword: string, among: SQL): Promise<WordMatch[]> {
  const words = await expandKeyword(db, keyword);
  const matches = (query: SQL) => hasFullTextMatch(db, query, among);
  return Promise.all(
    words.map(async ({ word, whole, ...all }): Promise<WordMatch> => {
      const wholeQuery = anyTerm(whole);
      if (await matches(wholeQuery)) return { word, query: wholeQuery, how: 'whole' };
      const exact = anyTerm(all);
      if (await matches(exact)) return { word, query: exact, how: 'terms' };
      const stem = sql`(${exact} || to_tsquery('arabic', ${word}))`;
      if (await matches(stem)) return { word, query: stem, how: 'stem' };
      if ([...word].length >= MIN_START) {
        const start = anyTerm({ terms: [], prefixes: wholeWordForms(word) });
        if (await matches(start)) return { word, query: start, how: 'start' };
      }
      const close = await closeCatalogueWords(db, word);
      if (close.length > 0)
        return { word, query: anyTerm({ terms: close.flatMap(wholeWordForms), prefixes: [] }), how: 'spelling' };
      return { word, query: stem, how: 'none' };
    }),
  );
}

/**
 * The keyword filter and its relevance (docs/catalogue.md § Search): every query word must match
 * (matchWords) against the title, brand, category, description, colours and options. `among` is
 * what the caller may show (published products for the public): only those decide how strictly a
 * word matches, so a draft neither hides a typo's correction nor tells that it holds a word.
 */
export async function keywordSearch(db: Database, keyword: string, among: SQL = sql`true`): Promise<KeywordSearch> {
  const words = await matchWords(db, keyword, among);
  // Only punctuation ('_', '!!'): nothing is named like that.
  if (words.length === 0) {
    return { where: sql`false`, rank: sql<number>`0::real`, textRank: sql<number>`0::real`, words };
  }
  const wordMatches = words.map(({ query }) => sql`${products.searchVector} @@ ${query}`);
  // A SKU or barcode is one term however it was typed (`sh-42b`, `SH 42B`): docs/variants.md.
  const code = compactCode(keyword);
  const codeMatch =
    code.length >= MIN_CODE && words.length <= MAX_CODE_WORDS
      ? sql` OR ${products.searchVector} @@ to_tsquery('simple', ${code})`
      : sql``;
  const where = sql`(${sql.join(wordMatches, sql` AND `)}${codeMatch})`;
  const anyWord = sql.join(
    words.map(({ query }) => query),
    sql` || `,
  );
  const textRank = sql<number>`ts_rank(${RANK_WEIGHTS}, ${products.searchVector}, ${anyWord})`;
  // Names closer to the whole query come first too, but word similarity costs a lot per row: it is
  // only worked out for the best full-text matches (best sellers first among equals). They keep their lead over the
  // rest, so the order stays total and pages stay stable.
  const inWindow = sql`(${textRank}, ${products.sold}, ${products.id}) >= (SELECT ${textRank}, ${products.sold}, ${products.id} FROM ${products} WHERE ${where} ORDER BY 1 DESC, 2 DESC, 3 DESC OFFSET ${CLOSENESS_WINDOW - 1} LIMIT 1) IS NOT FALSE`;
  return {
    where,
    words,
    textRank,
    rank: sql<number>`CASE WHEN ${inWindow} THEN ${textRank} + word_similarity(${normalizeArabic(keyword)}, ${products.searchNames}) ELSE ${textRank} END`,
  };
}
