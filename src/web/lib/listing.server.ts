import { pageSizes, SORT_OPTIONS } from '../../contract/constants';
import { toAsciiDigits } from '../../contract/digits';
import type { Query } from './api';
import { readChoice, readIds, readKeyword } from './list-url';

/*
 * The listing's state lives in the URL (/products?keyword=…&sort=-sold&category=ID&brand=ID
 * &priceFrom=100&priceTo=500&page=2), read as every product list reads it (list-url.ts).
 */

/** The highest page the API takes (src/contract/common.ts). */
const MAX_PAGE = 1_000_000;

export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

/** Why a typed price bound was not applied (docs/specification.md (Validation rules: Listing filters)). */
export type PriceIssue = 'notNumber' | 'notPositive' | 'notAboveMin';

export type Listing = {
  keyword: string;
  sort: SortValue;
  categories: string[];
  brands: string[];
  /** The price fields as typed, so the form shows them again. */
  priceFrom: string;
  priceTo: string;
  /** The bounds that apply, in major units. */
  minPrice?: number;
  maxPrice?: number;
  priceFromIssue?: PriceIssue;
  priceToIssue?: PriceIssue;
  page: number;
};

/** A 1-based page number; anything else is page 1. */
export function readPage(params: URLSearchParams): number {
  const raw = toAsciiDigits(params.get('page') ?? '').trim();
  if (!/^\d{1,16}$/.test(raw)) return 1;
  const page = Number(raw);
  return page < 1 ? 1 : Math.min(page, MAX_PAGE);
}

const SORT_VALUES: readonly SortValue[] = SORT_OPTIONS.map((option) => option.value);

/** A typed price: Arabic-Indic digits and the Arabic decimal mark accepted, thousands separators dropped. */
export function parsePrice(raw: string): number | 'notNumber' | undefined {
  const text = toAsciiDigits(raw)
    .trim()
    .replace(/[,٬\s]/g, '')
    .replace('٫', '.');
  if (text === '') return undefined;
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return 'notNumber';
  return Number(text);
}

/**
 * docs/specification.md (Validation rules: Listing filters): the minimum applies only if above 0; the maximum only if above 0 and above the
 * minimum. Bounds that do not apply are not sent; the issue tells the person why.
 */
export function priceBounds(priceFrom: string, priceTo: string) {
  const from = parsePrice(priceFrom);
  const to = parsePrice(priceTo);
  const result: Pick<Listing, 'minPrice' | 'maxPrice' | 'priceFromIssue' | 'priceToIssue'> = {};
  if (from === 'notNumber') result.priceFromIssue = 'notNumber';
  else if (from !== undefined && from <= 0) result.priceFromIssue = 'notPositive';
  else if (from !== undefined) result.minPrice = from;

  if (to === 'notNumber') result.priceToIssue = 'notNumber';
  else if (to !== undefined && to <= 0) result.priceToIssue = 'notPositive';
  else if (to !== undefined && result.minPrice !== undefined && to <= result.minPrice) {
    result.priceToIssue = 'notAboveMin';
  } else if (to !== undefined) result.maxPrice = to;
  return result;
}

/** The listing state of a /products URL. */
export function readListing(params: URLSearchParams): Listing {
  const priceFrom = (params.get('priceFrom') ?? '').slice(0, 32);
  const priceTo = (params.get('priceTo') ?? '').slice(0, 32);
  return {
    keyword: readKeyword(params),
    sort: readChoice(SORT_VALUES, params.get('sort'), ''),
    categories: readIds(params, 'category'),
    brands: readIds(params, 'brand'),
    priceFrom,
    priceTo,
    ...priceBounds(priceFrom, priceTo),
    page: readPage(params),
  };
}

/** The GET /api/v1/products query of a listing. */
export function productQuery(listing: Listing): Query {
  return {
    limit: pageSizes.products,
    page: listing.page,
    keyword: listing.keyword || undefined,
    sort: listing.sort || undefined,
    'category[in][]': listing.categories,
    'brand[in][]': listing.brands,
    'price[gte]': listing.minPrice,
    'price[lte]': listing.maxPrice,
  };
}

/** The listing's URL with only the values that apply, in a fixed order: the canonical link. */
export function listingPath(listing: Listing): string {
  const params = new URLSearchParams();
  if (listing.keyword) params.set('keyword', listing.keyword);
  if (listing.sort) params.set('sort', listing.sort);
  for (const id of [...listing.categories].sort()) params.append('category', id);
  for (const id of [...listing.brands].sort()) params.append('brand', id);
  if (listing.minPrice !== undefined) params.set('priceFrom', String(listing.minPrice));
  if (listing.maxPrice !== undefined) params.set('priceTo', String(listing.maxPrice));
  if (listing.page > 1) params.set('page', String(listing.page));
  const query = params.toString();
  return `/products${query ? `?${query}` : ''}`;
}
