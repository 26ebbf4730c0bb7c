import { sql } from 'drizzle-orm';
import { normalizeArabic } from '../../../contract/arabic-text.js';
import { type Database, selectRows } from '../../../db/client.js';
import { brands, products } from '../../../db/schema.js';
import { searchIndexGeneration } from '../../../db/search-index.js';

/*
 * Spelling against the catalogue's own words (docs/catalogue.md § Search): the words of the
 * published products' titles and of the brands' names, folded (normalizeArabic). A query word no product has is read as the closest of
 * them — one typing slip in a word of four to seven letters, two from eight — and, for «هل تقصد»,
 * as the most similar one by trigrams (pg_trgm's measure).
 */

/** Read again after a write in this process (searchIndexGeneration), or a minute after another's. */
const VOCABULARY_TTL_MS = 60_000;
/** Shorter words are one slip away from too many others. */
const MIN_WORD = 4;
/** From this length a word may have two slips. */
const TWO_SLIPS_FROM = 8;
/** The least trigram similarity a «هل تقصد» word must have to the typed one. */
const MIN_SIMILARITY = 0.3;

/**
 * Each folded word and how the catalogue writes it ('ساعه' → 'ساعة'). The load itself is kept, so
 * the words of one query, and requests at the same time, share one read of the catalogue.
 */
type Vocabulary = { loadedAt: number; generation: number; words: Promise<Map<string, string>> };
const vocabularies = new WeakMap<Database, Vocabulary>();

function catalogueWords(db: Database): Promise<Map<string, string>> {
  const cached = vocabularies.get(db);
  const generation = searchIndexGeneration();
  if (cached && cached.generation === generation && Date.now() - cached.loadedAt < VOCABULARY_TTL_MS) {
    return cached.words;
  }
  const words = loadCatalogueWords(db);
  vocabularies.set(db, { loadedAt: Date.now(), generation, words });
  // A failed read is not kept: the next search reads again.
  words.catch(() => {
    if (vocabularies.get(db)?.words === words) vocabularies.delete(db);
  });
  return words;
}

async function loadCatalogueWords(db: Database): Promise<Map<string, string>> {
  const rows = await selectRows<{ word: string }>(
    db,
    sql`SELECT DISTINCT unnest(regexp_split_to_array(${products.title}, '\\s+')) AS word FROM ${products}
      WHERE ${products.status} = 'active'
      UNION SELECT unnest(regexp_split_to_array(${brands.name}, '\\s+')) FROM ${brands}`,
  );
  const words = new Map<string, string>();
  for (const { word } of rows) {
    const folded = normalizeArabic(word);
    if ([...folded].length >= MIN_WORD - 1 && !folded.includes(' ') && !words.has(folded)) words.set(folded, word);
  }
  return words;
}

/**
 * The number of single-letter insertions, deletions, substitutions and swaps of neighbours that
 * turn `a` into `b` (optimal string alignment), or `limit + 1` once it is sure to exceed `limit`.
 */
export function typingDistance(first: string, second: string, limit: number): number {
  const a = [...first];
  const b = [...second];
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((rows[i - 1]?.[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (rows[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? limit + 1;
}

/** A word's trigrams as pg_trgm makes them: padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const letters = [...`  ${word} `];
  const set = new Set<string>();
  for (let i = 0; i + 3 <= letters.length; i++) set.add(letters.slice(i, i + 3).join(''));
  return set;
}

/** pg_trgm's similarity of two words: shared trigrams over all trigrams of both. */
export function trigramSimilarity(a: string, b: string): number {
  const ours = trigrams(a);
  const theirs = trigrams(b);
  let shared = 0;
  for (const trigram of ours) if (theirs.has(trigram)) shared++;
  return shared / (ours.size + theirs.size - shared);
}

/** The catalogue's words a slip of typing away from a folded query word (none for short words). */
export async function closeCatalogueWords(db: Database, word: string): Promise<string[]> {
  if ([...word].length < MIN_WORD) return [];
  const limit = [...word].length >= TWO_SLIPS_FROM ? 2 : 1;
  const words = await catalogueWords(db);
  return [...words.keys()].filter((candidate) => candidate !== word && typingDistance(word, candidate, limit) <= limit);
}

/**
 * The catalogue's word most like a folded query word by trigrams, as the catalogue writes it, when
 * one is like it enough.
 */
export async function likeliestCatalogueWord(db: Database, word: string): Promise<string | undefined> {
  let best: { written: string; similarity: number } | undefined;
  for (const [candidate, written] of await catalogueWords(db)) {
    const similarity = candidate === word ? 0 : trigramSimilarity(word, candidate);
    if (similarity >= MIN_SIMILARITY && similarity > (best?.similarity ?? 0)) best = { written, similarity };
  }
  return best?.written;
}
