/** XML text for documents the shop writes (invoices, the sitemap, the product feed). */

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or attribute content: the five XML specials escaped; characters XML 1.0 cannot hold dropped. */
export const xmlEscape = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 forbids
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
