import {
  type ComponentType,
  memo,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import type { VisitorsDoings } from './carry-over';
import { onFirstUse } from './first-use';
import { useHydrated } from './use-hydrated';

/**
 * A component whose code loads apart from the page's first files: `load()` asks for it (again is
 * harmless) and `loading` settles once it is in.
 */
export type LaterPart<Props> = {
  loaded?: ComponentType<Props>;
  loading: Promise<ComponentType<Props>>;
  load: () => void;
  /** In the browser: when the place it fills nears the viewport, or when it is first used. */
  when: 'nearViewport' | 'whenUsed';
};

/**
 * A part of a page below the fold whose code is not among the page's first files (docs/
 * architecture.md, "JavaScript a page loads"), declared where the route module is: in the browser
 * its code loads when its place nears the viewport (or it is used first, `onFirstUse`), so
 * a visitor who never scrolls to it never fetches it. Should the code fail to load (a deploy
 * replaced the file), the part is left out rather than the page failing.
 */
export const belowTheFold = <Props,>(load: () => Promise<ComponentType<Props>>): LaterPart<Props> =>
  laterPart(load, 'nearViewport');

/**
 * A part in sight whose code is needed only once it is used (the top bar's search box, a plain GET
 * form until its suggestions' code is in): in the browser it loads on its first use (`onFirstUse`:
 * a mouse or pen over it, a press, focus in it), or when the page asks for it with `load()` (the
 * search box where it has a word to show).
 */
export const whenUsed = <Props,>(load: () => Promise<ComponentType<Props>>): LaterPart<Props> =>
  laterPart(load, 'whenUsed');

function laterPart<Props>(load: () => Promise<ComponentType<Props>>, when: LaterPart<Props>['when']) {
  let ask = () => {};
  const asked = new Promise<void>((resolve) => {
    ask = resolve;
  });
  const part: LaterPart<Props> = {
    when,
    load: ask,
    loading: asked.then(load).then(
      (component) => {
        part.loaded = component;
        return component;
      },
      () => LeftOut,
    ),
  };
  // On the server every part loads at once, so it is in before the first page is drawn.
  if (typeof document === 'undefined') {
    part.load();
    partsLoading.push(part.loading);
  }
  return part;
}

const LeftOut = () => null;

/**
 * What carries the visitor's doings over from the server's HTML (lib/carry-over.ts): asked for
 * alongside the first kept part's code, not up front.
 */
type CarryOverCode = typeof import('./carry-over');
let carryOverLoading: Promise<CarryOverCode> | undefined;
const loadCarryOver = () => {
  carryOverLoading ??= import('./carry-over');
  return carryOverLoading;
};
const partsLoading: Promise<unknown>[] = [];

/**
 * Resolves once every part declared so far has loaded (or failed to): the server waits for it
 * before drawing a page (entry.server.tsx), so its HTML holds each part in place, never a
 * placeholder that only JavaScript would fill.
 */
export const laterPartsLoaded = (): Promise<unknown> => Promise.all(partsLoading);

/**
 * Draws a part declared with `belowTheFold` or `whenUsed`, in a `display: contents` holder
 * (laid out as if absent).
 *
 * As React takes the page over, the holder keeps the server's HTML as it is, out of React's hands
 * (an inner HTML React neither reads nor changes): its links and forms work as plain HTML, whole
 * page loads and posts. Once the part's code is in, React draws the part in its place, the same
 * markup, in one commit with no frame between, and what the visitor did in the server's HTML
 * carries over: the focus, and what they typed or chose in its fields (`carryOver`). Not in the
 * middle of a press, which would lose its click. Leaving the server's HTML to a React Suspense
 * boundary instead would let React hydrate it in place, but every navigation and form post changes
 * React Router's contexts, which React must take to such a boundary, and it held each of them until
 * the part's code came, skipping the states between (a heart's toast was lost).
 *
 * With no server HTML to keep (a later navigation), or drawn with other data than the server drew
 * it with (a navigation brought another product's), its code is asked for at once and it shows
 * when it is in, most often at once; should its code fail to load, it is left out. The server's
 * HTML, when the code fails, stays as it is.
 */
export const Later = memo(
  function Later<Props extends object>({ part, props }: LaterProps<Props>) {
    const holder = useRef<HTMLDivElement>(null);
    const hydrated = useHydrated();
    // Kept while React takes the page over; later mounts have no server HTML to keep.
    const [serverHtmlKept, setServerHtmlKept] = useState(!hydrated && !part.loaded);
    const serverProps = useRef(props);
    // Other data than the server drew it with: its HTML is out of date, for good.
    if (serverHtmlKept && !sameData(serverProps.current, props)) setServerHtmlKept(false);
    const carried = useRef<{ doings: VisitorsDoings; code: CarryOverCode } | null>(null);

    useEffect(() => {
      const element = holder.current;
      if (!serverHtmlKept || !element) {
        part.load();
        return;
      }
      let gone = false;
      let stopWaiting = () => {};
      part.loading
        .then(() => (part.loaded ? loadCarryOver() : undefined))
        .then(
          (code) => {
            // Its code failed to load: the server's HTML stays, working as plain HTML.
            if (gone || !code) return;
            stopWaiting = whenNotPressedOrComposing(element, () =>
              // In the task that reads what the visitor did: no keystroke can come between.
              flushSync(() => {
                carried.current = { doings: code.visitorsDoingsIn(element), code };
                setServerHtmlKept(false);
              }),
            );
          },
          // The carrying over's code failed to load: the same.
          () => {},
        );
      // The code carrying the visitor's doings over is asked for alongside the part's.
      const load = () => {
        part.load();
        loadCarryOver().catch(() => {});
      };
      // A part the server drew empty (its code failed there) has no place to watch.
      const stopWatching =
        element.childElementCount === 0
          ? loadNow(load)
          : part.when === 'nearViewport'
            ? loadWhenNear(element, load)
            : loadWhenUsed(element, load);
      return () => {
        gone = true;
        stopWatching();
        stopWaiting();
      };
    }, [part, serverHtmlKept]);

    // Drawn anew in place of the server's HTML: what the visitor did there carries over before the
    // new drawing is painted, and the fields again once the part's own effects have run (the search
    // box fills itself from storage in one).
    useLayoutEffect(() => {
      const visitors = carried.current;
      if (!serverHtmlKept && visitors && holder.current) visitors.code.carryOver(visitors.doings, holder.current);
    }, [serverHtmlKept]);
    useEffect(() => {
      const visitors = carried.current;
      carried.current = null;
      if (!serverHtmlKept && visitors && holder.current)
        visitors.code.carryOverFields(visitors.doings.fields, holder.current);
    }, [serverHtmlKept]);

    return serverHtmlKept ? (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so that React leaves the server's HTML in place
      <div ref={holder} className="contents" suppressHydrationWarning dangerouslySetInnerHTML={SERVER_HTML} />
    ) : (
      <div ref={holder} className="contents">
        <Suspense fallback={null}>
          <LoadedPart part={part} props={props} />
        </Suspense>
      </div>
    );
  },
  (before, after) => before.part === after.part && sameProps(before.props, after.props),
) as <Props extends object>(laterProps: LaterProps<Props>) => ReactNode;

type LaterProps<Props> = { part: LaterPart<Props>; props: Props };

/**
 * Hydrating, React leaves the children of an element drawn with an inner HTML as the server sent
 * them; equal on every render, it never writes it either.
 */
const SERVER_HTML = { __html: '' };

/** Whether two props objects hold the same values, as React compares a memo's props. */
function sameProps(before: object, after: object): boolean {
  const keys = Object.keys(before);
  return (
    keys.length === Object.keys(after).length &&
    keys.every(
      (key) =>
        Object.hasOwn(after, key) && Object.is(before[key as keyof typeof before], after[key as keyof typeof after]),
    )
  );
}

/**
 * Whether two values hold the same data (loader data: plain objects, arrays and primitives), so
 * that a revalidation bringing equal data anew leaves the server's HTML standing.
 */
function sameData(before: unknown, after: unknown): boolean {
  if (Object.is(before, after)) return true;
  if (typeof before !== 'object' || typeof after !== 'object' || before === null || after === null) return false;
  if (Array.isArray(before) !== Array.isArray(after)) return false;
  const keys = Object.keys(before);
  return (
    keys.length === Object.keys(after).length &&
    keys.every(
      (key) =>
        Object.hasOwn(after, key) && sameData(before[key as keyof typeof before], after[key as keyof typeof after]),
    )
  );
}

function LoadedPart<Props extends object>({ part, props }: { part: LaterPart<Props>; props: Props }) {
  const Component = part.loaded ?? use(part.loading);
  return <Component {...props} />;
}

/** Asks for a part's code now; nothing to stop. */
function loadNow(load: () => void): () => void {
  load();
  return () => {};
}

/**
 * Asks for a part's code in a task of its own: a press or focus that asked is answered first (each
 * `import()` adds its files to the head as preloads, some milliseconds of main thread).
 */
const loadSoon = (load: () => void) => setTimeout(load, 0);

/**
 * Loads a part on its first use (`onFirstUse`), or now if it is in use already: the pointer over
 * it or focus in it since before React took the page over. Returns what stops watching.
 */
function loadWhenUsed(holder: HTMLElement, load: () => void): () => void {
  if (holder.matches(':hover, :focus-within')) return loadNow(load);
  return onFirstUse(holder, () => loadSoon(load));
}

/** How far outside the viewport a part's place starts its code loading: a quarter screen. */
const NEAR_VIEWPORT = '25% 0px';

/**
 * Loads a part when one of the server's elements for it (`holder`'s children) comes within
 * NEAR_VIEWPORT of the viewport, or when it is used first (`onFirstUse`). Returns what stops
 * watching.
 */
function loadWhenNear(holder: HTMLElement, load: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return loadNow(load);
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadOnce();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  const stopWatchingUse = onFirstUse(holder, loadOnce);
  const stop = () => {
    observer.disconnect();
    stopWatchingUse();
  };
  function loadOnce() {
    stop();
    loadSoon(load);
  }
  for (const element of holder.children) observer.observe(element);
  return stop;
}

/**
 * Calls `swap` now, or when a press that began in `holder` has ended and its click been handled,
 * and no word is being composed in it (an input method's composition, which a new field would cut
 * off): drawn anew under the pointer, the pressed element would be gone before its click. Returns
 * what stops waiting.
 */
function whenNotPressedOrComposing(holder: HTMLElement, swap: () => void): () => void {
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const begin = () => {
    busy = true;
  };
  const end = () => {
    busy = false;
    clearTimeout(timer);
    // After the click that follows the release (and whatever it started) has run.
    timer = setTimeout(tryNow, 0);
  };
  const stop = () => {
    clearTimeout(timer);
    holder.removeEventListener('pointerdown', begin);
    holder.removeEventListener('compositionstart', begin);
    holder.removeEventListener('compositionend', end);
    window.removeEventListener('pointerup', end, true);
    window.removeEventListener('pointercancel', end, true);
  };
  function tryNow() {
    if (busy) return;
    // A press that began before this watch did: `:active` holds until it ends, and a touch's
    // lingers a moment after, with no event to say when it goes.
    if (holder.querySelector(':active')) {
      timer = setTimeout(tryNow, 100);
      return;
    }
    stop();
    swap();
  }
  holder.addEventListener('pointerdown', begin);
  holder.addEventListener('compositionstart', begin);
  holder.addEventListener('compositionend', end);
  window.addEventListener('pointerup', end, true);
  window.addEventListener('pointercancel', end, true);
  tryNow();
  return stop;
}
