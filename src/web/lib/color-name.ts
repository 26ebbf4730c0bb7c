import { colorKey, colorNames } from '../../contract/colors';
import { pt } from '../i18n/product';
import { formatNumber } from './format';

/**
 * Arabic names for a product's colour choices. Two swatches of the same name are told apart by a
 * number ('أسود 1', 'أسود 2'); an unknown value becomes 'لون 3'.
 */
export function colorLabels(colors: readonly string[]): string[] {
  const names = colors.map((color, index) => {
    const key = colorKey(color);
    return key ? colorNames[key] : pt.colorNumber(formatNumber(index + 1));
  });
  const seen = new Map<string, number>();
  return names.map((name) => {
    const total = names.filter((other) => other === name).length;
    if (total === 1) return name;
    const nth = (seen.get(name) ?? 0) + 1;
    seen.set(name, nth);
    return `${name} ${formatNumber(nth)}`;
  });
}
