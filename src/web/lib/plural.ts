import { formatNumber } from './format';

/** The six Arabic plural forms of CLDR; `{n}` in a form is replaced by the formatted count. */
export type PluralForms = Record<Intl.LDMLPluralRule, string>;

const rules = new Intl.PluralRules('ar');

/** `plural(3, { few: '{n} نتائج', … })` → '3 نتائج'. */
export function plural(count: number, forms: PluralForms): string {
  return forms[rules.select(count)].replace('{n}', formatNumber(count));
}
