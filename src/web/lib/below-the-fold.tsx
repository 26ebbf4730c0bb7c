import { type ComponentType, memo, type ReactNode, Suspense, use, useEffect, useRef, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A component whose code loads apart from the page's first files: `load()` asks for it (again is
 * harmless) and `loading` settles once it is in.
 */
export type LaterPart<Props> = {
  loaded?: ComponentType<Props>;
  loading: Promise<ComponentType<Props>>;
  load: () => void;
  /** In the browser: when the place it fills nears the viewport, or as soon as the page has run. */
  when: 'nearViewport' | 'afterFirstFiles';
};

/**
 * A part of a page below the fold whose code is not among the page's first files (docs/
 * architecture.md, "JavaScript a page loads"), declared where the route module is: in the browser
 * its code loads when its place nears the viewport (or something in it is focused or pressed), so
 * a visitor who never scrolls to it never fetches it. Should the code fail to load (a deploy
 * replaced the file), the part is left out rather than the page failing.
 */
export const belowTheFold = <Props,>(load: () => Promise<ComponentType<Props>>): LaterPart<Props> =>
  laterPart(load, 'nearViewport');

/**
 * A part near the top whose code need not come first (the top bar's search box, a plain form
 * until its suggestions' code is in): in the browser it loads as soon as the page's modules have
 * run, in a task of its own (each `import()` adds its files to the head as preloads, some
 * milliseconds of main thread that would lengthen the task running the page's modules).
 */
export const afterFirstFiles = <Props,>(load: () => Promise<ComponentType<Props>>): LaterPart<Props> =>
  laterPart(load, 'afterFirstFiles');

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
  } else if (when === 'afterFirstFiles') setTimeout(part.load, 0);
  return part;
}

const LeftOut = () => null;
const partsLoading: Promise<unknown>[] = [];

/**
 * Resolves once every part declared so far has loaded (or failed to): the server waits for it
 * before drawing a page (entry.server.tsx), so its HTML holds each part in place, never a
 * placeholder that only JavaScript would fill.
 */
export const laterPartsLoaded = (): Promise<unknown> => Promise.all(partsLoading);

/**
 * Draws a part declared with `belowTheFold` or `afterFirstFiles`, in a `display: contents` holder
 * (laid out as if absent).
 *
 * As React takes the page over, the holder keeps the server's HTML as it is, out of React's hands
 * (an inner HTML React neither reads nor changes): its links and forms work as plain HTML. Once
 * the part's code is in, React draws the part in its place, the same markup, in one step with no
 * frame between. Not while focus is in it (the swap would drop it), and never once a field in it
 * has been typed in: that form then posts as plain HTML. Leaving the server's HTML to a React
 * Suspense boundary instead would let React hydrate it in place, but every navigation and form
 * post changes React Router's contexts, which React must take to such a boundary, and it held each
 * of them until the part's code came, skipping the states between (a heart's toast was lost).
 *
 * With no server HTML to keep (a later navigation), its code is asked for at once and it shows
 * when it is in, most often at once. Drawn with other props than the server's (a navigation
 * brought other data), its code is asked for at once too, and the server's HTML stays until it is
 * in rather than leaving a gap.
 */
export const Later = memo(
  function Later<Props extends object>({ part, props }: LaterProps<Props>) {
    const holder = useRef<HTMLDivElement>(null);
    const hydrated = useHydrated();
    // Kept while React takes the page over; later mounts have no server HTML to keep.
    const [serverHtmlKept, setServerHtmlKept] = useState(!hydrated && !part.loaded);
    const drawnWith = useRef(props);
    // The server's HTML is out of date (a navigation brought other data): its code is wanted now.
    const outOfDate = !sameProps(drawnWith.current, props);

    useEffect(() => {
      const element = holder.current;
      if (!serverHtmlKept || !element) {
        part.load();
        return;
      }
      let gone = false;
      let stopWaiting = () => {};
      void part.loading.then(() => {
        if (!gone) stopWaiting = whenFreeToSwap(element, () => setServerHtmlKept(false));
      });
      // A part the server drew empty (its code failed there) has no place to watch.
      const stopWatching =
        part.when === 'nearViewport' && element.childElementCount > 0 && !outOfDate
          ? loadWhenNear(element, part.load)
          : loadNow(part);
      return () => {
        gone = true;
        stopWatching();
        stopWaiting();
      };
    }, [part, serverHtmlKept, outOfDate]);

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

function LoadedPart<Props extends object>({ part, props }: { part: LaterPart<Props>; props: Props }) {
  const Component = part.loaded ?? use(part.loading);
  return <Component {...props} />;
}

/** Asks for a part's code now (`load`); nothing to stop. */
function loadNow({ load }: { load: () => void }): () => void {
  load();
  return () => {};
}

/** How far outside the viewport a part's place starts its code loading: a quarter screen. */
const NEAR_VIEWPORT = '25% 0px';

/**
 * Loads a part when one of the server's elements for it (`holder`'s children) comes within
 * NEAR_VIEWPORT of the viewport, or when something in it is focused or pressed first. Returns
 * what stops watching.
 */
function loadWhenNear(holder: HTMLElement, load: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    load();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadNow();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  const stop = () => {
    observer.disconnect();
    holder.removeEventListener('focusin', loadNow);
    holder.removeEventListener('pointerdown', loadNow);
  };
  function loadNow() {
    stop();
    load();
  }
  for (const element of holder.children) observer.observe(element);
  holder.addEventListener('focusin', loadNow);
  holder.addEventListener('pointerdown', loadNow);
  return stop;
}

/**
 * Calls `swap` once nothing in `holder` would be lost by drawing it anew: at once, or when focus
 * leaves it; never once one of its fields was typed in or changed. Returns what stops waiting.
 */
function whenFreeToSwap(holder: HTMLElement, swap: () => void): () => void {
  const tryNow = () => {
    if (holder.contains(document.activeElement) || fieldsChanged(holder)) return;
    holder.removeEventListener('focusout', later);
    swap();
  };
  // Focus leaving one element of the part may be moving to another of it: look once it has landed.
  const later = () => setTimeout(tryNow, 0);
  holder.addEventListener('focusout', later);
  tryNow();
  return () => holder.removeEventListener('focusout', later);
}

/** Whether a field in `holder` holds something other than the server's HTML gave it. */
function fieldsChanged(holder: HTMLElement): boolean {
  for (const field of holder.querySelectorAll('input, textarea, select')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) return true;
    } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (field.value !== field.defaultValue) return true;
    } else if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) return true;
    }
  }
  return false;
}
