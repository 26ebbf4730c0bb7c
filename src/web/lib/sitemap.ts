import { xmlEscape as escapeXml } from '../../contract/xml';
/** sitemap.xml and robots.txt of the storefront, as plain text builders. */

export type SitemapEntry = { path: string; lastmod?: string | undefined };

/** A sitemap holds at most 50,000 URLs (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.slice(0, SITEMAP_MAX_URLS).map(({ path, lastmod }) => {
    const date = lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : '';
    return `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${date}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Private areas stay out of search engines; everything else is open. */
export const ROBOTS_DISALLOW = ['/admin', '/user', '/cart', '/order'] as const;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
