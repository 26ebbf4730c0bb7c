import MarkdownIt from 'markdown-it';

/*
 * The store pages' Markdown as safe HTML (docs/store-pages.md § Formatting). Safe by construction,
 * not by cleaning afterwards: raw HTML in the text is escaped (`html: false`), pictures are not
 * parsed at all, and a link goes only to an http(s), mailto or tel address or a path of the shop;
 * any other link (javascript:, data:, vbscript:, file:, //host) stays plain text.
 */

const markdown = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false });
markdown.disable(['image', 'html_inline', 'html_block']);

/** Absolute addresses of these schemes, or a path of the shop ('/pages/terms', '#top'). */
const SAFE_LINK = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

// markdown-it decodes entities and percent-escapes before asking, so `&#106;avascript:` is seen as what it is.
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

// Links out of the shop open without handing it the page (rel), as every external link of the shop does.
const renderLink = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token && /^https?:/i.test(String(token.attrGet('href') ?? '')))
    token.attrSet('rel', 'noopener noreferrer nofollow');
  return renderLink ? renderLink(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
};

/** The Markdown as HTML of a few tags (headings, paragraphs, lists, emphasis, quotes, code, links). */
export const renderMarkdown = (text: string): string => markdown.render(text);

/** The Markdown's words without its marks, each block on its own line (meta descriptions). */
export function markdownText(text: string): string {
  const blocks: string[] = [];
  for (const token of markdown.parse(text, {})) {
    if (token.type !== 'inline' || !token.children) continue;
    const words = token.children
      .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : ' '))
      .join('');
    blocks.push(words.replace(/\s+/g, ' ').trim());
  }
  return blocks.filter(Boolean).join('\n');
}
