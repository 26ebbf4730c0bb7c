import { type PluralForms, plural } from '../../contract/plural';
import { formatNumber } from './format';

/** The server writes counts with the same rules (src/contract/plural.ts). */
export { type PluralForms, plural };

/**
 * A list's count; when the API counted no further than a window past the page (`resultsAtLeast`,
 * docs/catalogue.md § Counting), `atLeast` says "more than" it instead (`{n}` as in the forms).
 */
export function listCount(
  list: { results: number; resultsAtLeast?: true | undefined },
  forms: PluralForms,
  atLeast: string,
): string {
  return list.resultsAtLeast ? atLeast.replace('{n}', formatNumber(list.results)) : plural(list.results, forms);
}
