import { normalizeArabic } from './arabic-text.js';
import { MARKET_CITIES } from './market-cities.js';
import type { MarketCountry } from './markets.js';

/*
 * One key per city, whatever its spelling (docs/pricing.md § Shipping): a shipping zone's listed
 * city and an address's city are compared by it, so «الإسكندرية», «اسكندريه», «Alexandria» and
 * «El-Iskandariya» (with or without an invisible character inside) are one city.
 */

/** Latin articles written as a word of their own ("Al Khobar", "El-Giza", "Ar Riyadh"). */
const LATIN_ARTICLES = new Set(['al', 'el', 'ar', 'er', 'as', 'es', 'ash', 'ad', 'at', 'az', 'an']);
const ARABIC_ARTICLE = 'ال';
/** An article glued to a Latin name ("Alkhobar", "Elgiza"), tried when the name is not known as it is. */
const GLUED_LATIN_ARTICLE = /^(?:al|el)(?=.{3})/;

function foldWord(word: string): string {
  if (LATIN_ARTICLES.has(word) || word === ARABIC_ARTICLE) return '';
  // The Arabic article, when a name of at least two letters remains (الخبر → خبر).
  return word.startsWith(ARABIC_ARTICLE) && word.length > ARABIC_ARTICLE.length + 1 ? word.slice(2) : word;
}

/**
 * A city name as cities are compared: Arabic folding (invisible characters, alef forms, ة/ه, ى/ي,
 * tashkeel, punctuation; src/contract/arabic-text.ts), Latin accents and modifier letters dropped,
 * each word without its article (ال، al, el, ar…), and the words joined without spaces
 * («كفر الشيخ» = «كفرالشيخ», "Port Said" = "Portsaid").
 */
export const foldCityName = (name: string): string =>
  normalizeArabic(name)
    .normalize('NFD')
    .replace(/[\p{M}\p{Lm}]/gu, '')
    .split(' ')
    .map(foldWord)
    .join('');

/** Per market: each folded spelling of a known city → the folded name of that city. */
const spellingIndexes = new Map<MarketCountry, ReadonlyMap<string, string>>();

function spellingsOf(country: MarketCountry): ReadonlyMap<string, string> {
  const cached = spellingIndexes.get(country);
  if (cached) return cached;
  const index = new Map<string, string>();
  for (const [city, others] of Object.entries(MARKET_CITIES[country].citySpellings)) {
    const key = foldCityName(city);
    for (const spelling of [city, ...others]) index.set(foldCityName(spelling), key);
  }
  spellingIndexes.set(country, index);
  return index;
}

/** The key of a known city of `country` spelled `folded`, or undefined. */
function knownKey(country: MarketCountry, folded: string): string | undefined {
  const index = spellingsOf(country);
  return index.get(folded) ?? (GLUED_LATIN_ARTICLE.test(folded) ? index.get(folded.slice(2)) : undefined);
}

/** Keys already computed: every quote compares the address with every city of every zone. */
const keys = new Map<string, string>();
/** More than the zones can list (100 zones × 200 cities), and addresses besides. */
const MAX_REMEMBERED_KEYS = 50_000;

/**
 * The key a city is compared by in a shop of `country`: a known city's (any of its spellings gives
 * the same key), else the folded name itself.
 */
export function cityKey(country: MarketCountry, city: string): string {
  const remembered = keys.get(`${country} ${city}`);
  if (remembered !== undefined) return remembered;
  const folded = foldCityName(city);
  const key = knownKey(country, folded) ?? folded;
  if (keys.size >= MAX_REMEMBERED_KEYS) keys.clear();
  keys.set(`${country} ${city}`, key);
  return key;
}

/** Whether `city` is one of the cities `country`'s table knows, in any of its spellings. */
export const isKnownCity = (country: MarketCountry, city: string): boolean =>
  knownKey(country, foldCityName(city)) !== undefined;
