import { formatNumber } from './format';

/** The six Arabic plural forms of CLDR; `{n}` in a form is replaced by the formatted count. */
export type PluralForms = Record<Intl.LDMLPluralRule, string>;

const rules = new Intl.PluralRules('ar');

/** `plural(3, { few: '{n} نتائج', … })` → '3 نتائج'. */
export function plural(count: number, forms: PluralForms): string {
  return forms[rules.select(count)].replace('{n}', formatNumber(count));
}

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
