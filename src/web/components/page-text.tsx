/** Typography of a store page's rendered Markdown (headings, paragraphs, lists, quotes, code, links). */
const pageTextClass =
  'space-y-4 leading-8 [&_a]:font-bold [&_a]:text-brand-800 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-slate-300 [&_blockquote]:ps-4 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6';

/** A store page's text as the API rendered it (docs/store-pages.md § Formatting). */
export function PageText({ html }: { html: string }) {
  return (
    <div
      className={pageTextClass}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the API renders it from Markdown with raw HTML escaped and links only to http(s), mailto, tel and the shop (docs/store-pages.md § Formatting)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
