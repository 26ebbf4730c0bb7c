import { normalizeArabic } from '../../../contract/arabic-text.js';
import type { Database } from '../../../db/client.js';
import type { WordMatch } from './keyword-search.js';
import { likeliestCatalogueWord } from './spelling.js';

/** Products each part of the answer to a search that found nothing shows. */
export const NO_MATCH_PRODUCTS = 8;
/** Shorter keywords tried for the nearest matches, at most. */
const MAX_TRIES = 8;

/** The first NO_MATCH_PRODUCTS products a keyword finds (the listing's own filters and order). */
type Find<Row> = (keyword: string) => Promise<Row[]>;

export type NoMatch<Row> = {
  didYouMean: string | null;
  nearest: { keyword: string; rows: Row[] } | null;
  popular: Row[];
};

/**
 * The keyword with every word that matched no product, or only through a typing slip, replaced by
 * the catalogue's word most like it (spelling.ts); undefined when no word needs it or none is close.
 */
async function respelled(db: Database, keyword: string, words: WordMatch[]): Promise<string | undefined> {
  const replacements = new Map<string, string>();
  for (const { word, how } of words) {
    if (how !== 'spelling' && how !== 'none') continue;
    const likeliest = await likeliestCatalogueWord(db, word);
    if (likeliest) replacements.set(word, likeliest);
  }
  if (replacements.size === 0) return undefined;
  return keyword
    .trim()
    .split(/\s+/)
    .map((part) => replacements.get(normalizeArabic(part)) ?? part)
    .join(' ');
}

/**
 * Shorter keywords, nearest first, made of the words the search used (stop words and the words
 * that only announce a colour or a size already left out, at most its first words), as the
 * customer typed them: each with one word left out (a word that matched nothing first, then the
 * last ones), then each word alone (the longest first).
 */
function shorterKeywords(keyword: string, words: WordMatch[]): string[] {
  const typed = new Map(
    keyword
      .trim()
      .split(/\s+/)
      .map((part) => [normalizeArabic(part), part] as const),
  );
  const parts = words.map(({ word }) => typed.get(word) ?? word);
  if (parts.length < 2) return [];
  const dropOrder = parts.map((_, index) => index).reverse();
  dropOrder.sort((a, b) => Number(words[b]?.how === 'none') - Number(words[a]?.how === 'none'));
  const withoutOne = dropOrder.map((dropped) => parts.filter((_, index) => index !== dropped).join(' '));
  const alone = [...parts].sort((a, b) => b.length - a.length);
  return [...new Set([...withoutOne, ...alone])].slice(0, MAX_TRIES);
}

/**
 * What a keyword search that found nothing offers instead (docs/catalogue.md § Search): the
 * keyword (whose `words` matched as keywordSearch found) respelled as the catalogue spells it when
 * that finds something, the nearest matches
 * (the respelled keyword's, or a shorter keyword's) and the best sellers.
 */
export async function noMatchHelp<Row>(
  db: Database,
  keyword: string,
  words: WordMatch[],
  find: Find<Row>,
  bestSellers: () => Promise<Row[]>,
): Promise<NoMatch<Row>> {
  const respelling = await respelled(db, keyword, words);
  const respellingRows = respelling ? await find(respelling) : [];
  const didYouMean = respelling && respellingRows.length > 0 ? respelling : null;
  let nearest: NoMatch<Row>['nearest'] = didYouMean ? { keyword: didYouMean, rows: respellingRows } : null;
  for (const shorter of nearest ? [] : shorterKeywords(keyword, words)) {
    const rows = await find(shorter);
    if (rows.length > 0) {
      nearest = { keyword: shorter, rows };
      break;
    }
  }
  return { didYouMean, nearest, popular: await bestSellers() };
}
