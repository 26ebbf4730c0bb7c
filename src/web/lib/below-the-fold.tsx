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
    const visitorsDoings = useRef<VisitorsDoings | null>(null);

    useEffect(() => {
      const element = holder.current;
      if (!serverHtmlKept || !element) {
        part.load();
        return;
      }
      let gone = false;
      let stopWaiting = () => {};
      void part.loading.then(() => {
        // Its code failed to load: the server's HTML stays, working as plain HTML.
        if (gone || !part.loaded) return;
        stopWaiting = whenNotPressed(element, () => {
          visitorsDoings.current = visitorsDoingsIn(element);
          setServerHtmlKept(false);
        });
      });
      // A part the server drew empty (its code failed there) has no place to watch.
      const stopWatching =
        part.when === 'nearViewport' && element.childElementCount > 0
          ? loadWhenNear(element, part.load)
          : loadNow(part);
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
      const doings = visitorsDoings.current;
      if (!serverHtmlKept && doings && holder.current) carryOver(doings, holder.current);
    }, [serverHtmlKept]);
    useEffect(() => {
      const doings = visitorsDoings.current;
      visitorsDoings.current = null;
      if (!serverHtmlKept && doings && holder.current) carryOverFields(doings.fields, holder.current);
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
    // In a task of its own: a press or focus is answered first (the import adds preloads to the head).
    setTimeout(load, 0);
  }
  for (const element of holder.children) observer.observe(element);
  holder.addEventListener('focusin', loadNow);
  holder.addEventListener('pointerdown', loadNow);
  return stop;
}

/**
 * Calls `swap` now, or when a press that began in `holder` has ended and its click been handled:
 * drawn anew under the pointer, the pressed element would be gone before its click. Returns what
 * stops waiting.
 */
function whenNotPressed(holder: HTMLElement, swap: () => void): () => void {
  let pressed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const press = () => {
    pressed = true;
  };
  const release = () => {
    pressed = false;
    clearTimeout(timer);
    // After the click that follows the release (and whatever it started) has run.
    timer = setTimeout(tryNow, 0);
  };
  const stop = () => {
    clearTimeout(timer);
    holder.removeEventListener('pointerdown', press);
    window.removeEventListener('pointerup', release, true);
    window.removeEventListener('pointercancel', release, true);
  };
  function tryNow() {
    if (pressed) return;
    stop();
    swap();
  }
  holder.addEventListener('pointerdown', press);
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
  // A press may have begun before this watch did: `:active` still holds then.
  pressed = holder.querySelector(':active') !== null;
  tryNow();
  return stop;
}

/** What the visitor did in the server's HTML of a part: where focus was, and what they changed in its fields. */
type VisitorsDoings = {
  /** The focused element's place among the part's elements, with its text selection if any. */
  focus: { index: number; tag: string; selection: [number, number] | null } | null;
  /** Each changed field's place among the part's fields, and what it holds. */
  fields: { index: number; tag: string; type: string; value: string; checked: boolean }[];
};

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const fieldsOf = (holder: HTMLElement) => [...holder.querySelectorAll<Field>('input, textarea, select')];
const isToggle = (field: Field) =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether a field holds something other than the server's HTML gave it. */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && isToggle(field)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

function visitorsDoingsIn(holder: HTMLElement): VisitorsDoings {
  const active = document.activeElement;
  const index = active && holder.contains(active) ? [...holder.querySelectorAll('*')].indexOf(active) : -1;
  const selection =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? textSelection(active) : null;
  return {
    focus: active && index >= 0 ? { index, tag: active.tagName, selection } : null,
    fields: fieldsOf(holder).flatMap((field, fieldIndex) =>
      changed(field)
        ? [
            {
              index: fieldIndex,
              tag: field.tagName,
              type: field.type,
              value: field.value,
              checked: field instanceof HTMLInputElement && field.checked,
            },
          ]
        : [],
    ),
  };
}

/** A text field's selection; null where the field has none (a number or an e-mail field throws). */
function textSelection(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return field.selectionStart === null || field.selectionEnd === null
      ? null
      : [field.selectionStart, field.selectionEnd];
  } catch {
    return null;
  }
}

/**
 * Gives the part React drew the visitor's changes and focus, as events React hears (so its state
 * follows, as if typed): a value through the field's own setter and an `input` or `change` event; a
 * box or a choice by a click. An element whose tag differs at that place is left alone.
 */
function carryOver({ focus, fields }: VisitorsDoings, holder: HTMLElement) {
  carryOverFields(fields, holder);
  if (!focus) return;
  const element = holder.querySelectorAll('*')[focus.index];
  if (!(element instanceof HTMLElement) || element.tagName !== focus.tag) return;
  element.focus({ preventScroll: true });
  if (focus.selection && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
    element.setSelectionRange(...focus.selection);
}

/** The fields' part of `carryOver`; a field already holding what it held is left alone. */
function carryOverFields(fields: VisitorsDoings['fields'], holder: HTMLElement) {
  const drawn = fieldsOf(holder);
  for (const was of fields) {
    const field = drawn[was.index];
    if (!field || field.tagName !== was.tag || field.type !== was.type) continue;
    if (isToggle(field)) {
      if ((field as HTMLInputElement).checked !== was.checked) field.click();
      continue;
    }
    if (field.value === was.value) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setValue?.call(field, was.value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}
