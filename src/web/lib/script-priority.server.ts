import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/*
 * The page's JavaScript is fetched after what the first screen shows (docs/architecture.md,
 * "JavaScript a page loads"). React Router's <Scripts> names every module the page runs in
 * `<link rel="modulepreload">` elements, which React moves into the head, so a phone's browser
 * asked for 130 KB of scripts at high priority, alongside the fonts and the product's picture, and
 * drew the page only once they were in. Marked `fetchpriority="low"`, they are still fetched at
 * once and in parallel (no chain of imports), but after the picture and the fonts.
 */

const MODULE_PRELOAD = '<link rel="modulepreload" ';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low" ';

/** Where `text` ends with the start of a preload tag the next chunk may finish, or its length. */
function partialTagStart(text: string): number {
  for (let index = Math.max(0, text.length - (MODULE_PRELOAD.length - 1)); index < text.length; index++) {
    if (text[index] === '<' && MODULE_PRELOAD.startsWith(text.slice(index))) return index;
  }
  return text.length;
}

/** Rewrites the HTML React streams; a tag cut between two chunks is joined before it is read. */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8');
  const rewrite = (html: string) => html.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
  let held = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      const cut = partialTagStart(text);
      held = text.slice(cut);
      callback(null, rewrite(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()));
    },
  });
}
