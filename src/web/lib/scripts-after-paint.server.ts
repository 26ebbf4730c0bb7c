import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/*
 * The page's JavaScript is fetched once the first screen is drawn (docs/architecture.md,
 * "JavaScript a page loads"). React Router's <Scripts> names every module the page runs in
 * `<link rel="modulepreload">` elements, which React moves into the head, and starts them with an
 * inline module script. A browser then fetched 130 KB of scripts alongside the fonts and the
 * product's picture, and a phone often ran them before it drew anything: the shopper waited for
 * React to see the page the server had already sent.
 *
 * On the way out, this rewrite:
 * - drops the module preloads from the head, keeping their addresses;
 * - holds React Router's module script back (`type="matjar/after-first-paint"`, which no browser
 *   runs);
 * - writes a small script right after it that, once the browser reports its first contentful
 *   paint, preloads the same modules (at low priority, behind pictures still loading), runs the
 *   libraries React Router's entry imports (React and React Router, `framework`), starts the
 *   browser's Intl, then runs the held script. A tab opened in the background draws nothing: it
 *   starts after a few seconds.
 *
 * Each of those in a task of its own (docs/architecture.md, "In short tasks"): a browser runs a
 * module script's whole graph in one task, and the first Intl formatter starts ICU, in all 40–60 ms
 * of main thread under Lighthouse on the project's machine, during which a press waits (its Total
 * Blocking Time counts it). Running a module the graph imports earlier changes nothing else: it
 * runs once, and React's and React Router's code depends on none of ours.
 */

const HELD_TYPE = 'matjar/after-first-paint';
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/;
const SCRIPT_END = '</script>';

/**
 * Starts the held script (the one just before it) after the first contentful paint, the libraries
 * first, one task each (a script's load event comes in a task after it ran). Plain ES2017: no
 * `import()`, which would be a syntax error to an older browser. The 3 s fallback is set first, so
 * nothing that fails after it (a browser that knows PerformanceObserver but not its `type` option)
 * leaves the page without its scripts. A library that fails to load still lets the held script
 * run, which then fails as it would have.
 */
const START_AFTER_FIRST_PAINT = `(function (modules, libraries) {
  var held = document.currentScript.previousElementSibling;
  var started = false;
  function moduleScript() {
    var script = document.createElement('script');
    script.type = 'module';
    script.nonce = held.nonce;
    return script;
  }
  function runNext() {
    var library = libraries.shift();
    var script = moduleScript();
    if (library) {
      script.onload = script.onerror = function () { setTimeout(runNext, 0); };
      script.src = library;
      document.head.appendChild(script);
      return;
    }
    // The browser's own library: a page's first Intl formatter starts its ICU, 15 to 25 ms.
    try { new Intl.NumberFormat(document.documentElement.lang || undefined).format(0); } catch (error) {}
    setTimeout(function () {
      script.textContent = held.textContent;
      held.replaceWith(script);
    }, 0);
  }
  function start() {
    if (started || !held || held.type !== '${HELD_TYPE}') return;
    started = true;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.fetchPriority = 'low';
      link.href = href;
      document.head.appendChild(link);
    });
    runNext();
  }
  function soon() { setTimeout(start, 0); }
  setTimeout(start, 3000);
  var painted = function (list) { return list.getEntriesByName('first-contentful-paint').length > 0; };
  try {
    if (painted(performance)) return soon();
    new PerformanceObserver(function (list, self) {
      if (painted(list)) { self.disconnect(); soon(); }
    }).observe({ type: 'paint', buffered: true });
    if (PerformanceObserver.supportedEntryTypes.indexOf('paint') < 0) requestAnimationFrame(soon);
  } catch (error) {
    requestAnimationFrame(soon);
  }
})`;

/** Where `text` ends with a tag the next chunk may finish (a `<` with no `>` after it), or its length. */
function unfinishedTagStart(text: string): number {
  const lastOpen = text.lastIndexOf('<');
  return lastOpen >= 0 && text.indexOf('>', lastOpen) < 0 ? lastOpen : text.length;
}

/**
 * Rewrites the HTML React streams; a tag cut between two chunks is joined before it is read.
 * `libraries`: the modules React Router's entry imports (its manifest's `entry.imports`), run
 * before the held script; only those the page preloads.
 */
export function scriptsAfterFirstPaint(libraries: readonly string[] = []): Transform {
  const decoder = new StringDecoder('utf8');
  const modules: string[] = [];
  let held = '';
  let heldScriptOpen = false;
  let starterWritten = false;
  let nonceAttribute = '';

  const rewrite = (html: string): string => {
    // A preload after the starter is written is left as it is: the starter could not start it.
    if (starterWritten) return html;
    let out = html;
    const script = MODULE_SCRIPT.exec(out);
    if (script) {
      nonceAttribute = script[1] ?? '';
      heldScriptOpen = true;
      out = out.replace(MODULE_SCRIPT, `<script${nonceAttribute} type="${HELD_TYPE}">`);
    }
    const end = heldScriptOpen ? out.indexOf(SCRIPT_END, script?.index ?? 0) : -1;
    const cut = end < 0 ? out.length : end + SCRIPT_END.length;
    const upToTheStarter = out.slice(0, cut).replace(MODULE_PRELOAD, (_tag, href: string) => {
      modules.push(href);
      return '';
    });
    if (end < 0) return upToTheStarter;
    heldScriptOpen = false;
    starterWritten = true;
    const first = libraries.filter((href) => modules.includes(href));
    const starter = `<script${nonceAttribute}>${START_AFTER_FIRST_PAINT}(${JSON.stringify(modules)}, ${JSON.stringify(first)});</script>`;
    return upToTheStarter + starter + out.slice(cut);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      const cut = unfinishedTagStart(text);
      held = text.slice(cut);
      callback(null, rewrite(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()));
    },
  });
}
