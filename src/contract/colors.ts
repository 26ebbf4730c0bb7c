/**
 * Colours as the API stores them (hex codes or CSS words, lower case) and their everyday Arabic
 * names, for screens, e-mails and documents alike: a swatch is announced 'أسود', not '#1c1917'.
 */

/** The Arabic name of each colour a swatch may show (`colorKey` picks one). */
export const colorNames = {
  black: 'أسود',
  white: 'أبيض',
  lightGray: 'رمادي فاتح',
  silver: 'فضي',
  gray: 'رمادي',
  darkGray: 'رمادي داكن',
  red: 'أحمر',
  maroon: 'عنابي',
  pink: 'وردي',
  orange: 'برتقالي',
  brown: 'بني',
  beige: 'بيج',
  gold: 'ذهبي',
  yellow: 'أصفر',
  olive: 'زيتي',
  green: 'أخضر',
  darkGreen: 'أخضر داكن',
  turquoise: 'تركوازي',
  skyBlue: 'سماوي',
  lightBlue: 'أزرق فاتح',
  blue: 'أزرق',
  navy: 'كحلي',
  purple: 'بنفسجي',
} as const;

export type ColorKey = keyof typeof colorNames;

/** CSS colour words the API accepts besides hex codes (it stores them lower case). */
const CSS_WORDS: Record<string, ColorKey> = {
  black: 'black',
  white: 'white',
  gray: 'gray',
  grey: 'gray',
  silver: 'silver',
  red: 'red',
  maroon: 'maroon',
  pink: 'pink',
  orange: 'orange',
  brown: 'brown',
  beige: 'beige',
  gold: 'gold',
  yellow: 'yellow',
  olive: 'olive',
  green: 'green',
  turquoise: 'turquoise',
  cyan: 'skyBlue',
  blue: 'blue',
  navy: 'navy',
  purple: 'purple',
  violet: 'purple',
};

type Hsl = { h: number; s: number; l: number };

function hexToHsl(hex: string): Hsl | null {
  const match = hex.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s, l };
}

/**
 * The everyday name of a colour, so a swatch can be announced and titled ('أسود', not '#1c1917').
 * Buckets of hue and lightness, tuned on the colours shops use; null when the value is unknown.
 */
export function colorKey(value: string): ColorKey | null {
  const word = CSS_WORDS[value.trim().toLowerCase()];
  if (word) return word;
  const hsl = hexToHsl(value.trim());
  if (!hsl) return null;
  const { h, s, l } = hsl;
  if (l >= 0.94) return 'white';
  if (l <= 0.12 || (l < 0.2 && s < 0.4)) return 'black';
  if (s < 0.15) {
    if (l >= 0.8) return 'lightGray';
    if (l >= 0.72) return 'silver';
    return l >= 0.4 ? 'gray' : 'darkGray';
  }
  if (h < 15 || h >= 345) return l < 0.35 ? 'maroon' : l > 0.75 ? 'pink' : 'red';
  if (h < 45) return l < 0.4 ? 'brown' : l > 0.85 || (s < 0.6 && l > 0.55) ? 'beige' : 'orange';
  if (h < 70) return l > 0.85 ? 'beige' : l < 0.3 ? 'olive' : s >= 0.8 ? 'yellow' : 'gold';
  if (h < 165) return l < 0.25 ? (h < 100 ? 'olive' : 'darkGreen') : 'green';
  if (h < 185) return 'turquoise';
  if (h < 205) return 'skyBlue';
  if (h < 250) return l < 0.35 ? 'navy' : l > 0.75 ? 'lightBlue' : 'blue';
  if (h < 290) return 'purple';
  if (h < 320) return l < 0.45 ? 'purple' : 'pink';
  return 'pink';
}

/** The Arabic name of a stored colour, or null when the value is unknown. */
export function colorName(value: string): string | null {
  const key = colorKey(value);
  return key ? colorNames[key] : null;
}

/**
 * The search's colour families (docs/catalogue.md § Search): the swatch names of each family and
 * the words shoppers type for it — both genders, spellings without hamza, shades and Latin names.
 * A query word that is one of them finds the products whose colours (`availableColors`, a colour
 * option's values) fall in the family, and the products whose text says any word of it.
 */
const colorFamilies = {
  red: {
    keys: ['red', 'maroon'],
    words: ['أحمر', 'حمراء', 'حمرا', 'عنابي', 'خمري', 'نبيتي', 'قرمزي', 'ماروني', 'كرزي', 'red', 'maroon', 'burgundy'],
  },
  pink: { keys: ['pink'], words: ['وردي', 'زهري', 'فوشي', 'فوشيا', 'بمبي', 'pink', 'fuchsia'] },
  orange: { keys: ['orange'], words: ['برتقالي', 'orange'] },
  brown: { keys: ['brown'], words: ['بني', 'كستنائي', 'قهوائي', 'جملي', 'شوكولاتي', 'brown'] },
  beige: { keys: ['beige'], words: ['بيج', 'كريمي', 'خاكي', 'beige', 'cream', 'khaki'] },
  gold: { keys: ['gold'], words: ['ذهبي', 'gold', 'golden'] },
  yellow: { keys: ['yellow'], words: ['أصفر', 'صفراء', 'صفرا', 'ليموني', 'خردلي', 'yellow'] },
  green: {
    keys: ['olive', 'green', 'darkGreen'],
    words: ['أخضر', 'خضراء', 'خضرا', 'زيتي', 'فستقي', 'زمردي', 'green', 'olive'],
  },
  blue: {
    keys: ['turquoise', 'skyBlue', 'lightBlue', 'blue', 'navy'],
    words: ['أزرق', 'زرقاء', 'زرقا', 'كحلي', 'سماوي', 'نيلي', 'لبني', 'تركوازي', 'فيروزي', 'blue', 'navy', 'turquoise'],
  },
  purple: { keys: ['purple'], words: ['بنفسجي', 'موف', 'ليلكي', 'أرجواني', 'purple', 'violet', 'lilac'] },
  black: { keys: ['black'], words: ['أسود', 'سوداء', 'سودا', 'black'] },
  white: { keys: ['white'], words: ['أبيض', 'بيضاء', 'بيضا', 'ثلجي', 'عاجي', 'white', 'ivory'] },
  gray: { keys: ['lightGray', 'gray', 'darkGray'], words: ['رمادي', 'رصاصي', 'فحمي', 'gray', 'grey'] },
  silver: { keys: ['silver'], words: ['فضي', 'silver'] },
} as const satisfies Record<string, { keys: readonly ColorKey[]; words: readonly string[] }>;

export type ColorFamily = keyof typeof colorFamilies;

const familyOfKey = new Map<ColorKey, ColorFamily>(
  Object.entries(colorFamilies).flatMap(([family, { keys }]) => keys.map((key) => [key, family as ColorFamily])),
);

/** The family of a stored colour (a hex code or a CSS word), or null when the value is unknown. */
export function colorFamilyOf(value: string): ColorFamily | null {
  const key = colorKey(value);
  return key ? (familyOfKey.get(key) ?? null) : null;
}

/** Every family with the words that name it, as written in the table (the search folds them). */
export const colorFamilyWords = (): [ColorFamily, readonly string[]][] =>
  Object.entries(colorFamilies).map(([family, { words }]) => [family as ColorFamily, words]);
