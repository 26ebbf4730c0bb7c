/** URL slug that keeps Arabic letters: 'هواتف ذكية' → 'هواتف-ذكية'. */
export const slugify = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
