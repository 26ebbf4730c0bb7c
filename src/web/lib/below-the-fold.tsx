import { type ComponentType, memo, type ReactNode, Suspense, use } from 'react';

/** A component whose code loads apart from the page's first files (`belowTheFold`). */
export type LaterPart<Props> = { loaded?: ComponentType<Props>; loading: Promise<ComponentType<Props>> };

/**
 * Starts loading a part of a page below the fold whose code is not among the page's first files
 * (docs/architecture.md, "JavaScript a page loads"); called where the route module declares it, so
 * on the server it is in before the first page is drawn. Should the code fail to load (a deploy
 * replaced the file), the part is left out rather than the page failing.
 */
export function belowTheFold<Props>(load: () => Promise<ComponentType<Props>>): LaterPart<Props> {
  const part: LaterPart<Props> = {
    loading: startLoading(load).then(
      (component) => {
        part.loaded = component;
        return component;
      },
      () => LeftOut,
    ),
  };
  partsLoading.push(part.loading);
  return part;
}

/**
 * On the server at once. In the browser in a task of its own: a route module declares its parts
 * while the page's modules run, in one task, and each import adds the part's files to the page as
 * preloads, some milliseconds of main thread that would lengthen that task.
 */
const startLoading = <Loaded,>(load: () => Promise<Loaded>): Promise<Loaded> =>
  typeof document === 'undefined' ? load() : new Promise((resolve) => setTimeout(resolve, 0)).then(load);

const LeftOut = () => null;
const partsLoading: Promise<unknown>[] = [];

/**
 * Resolves once every part declared so far has loaded (or failed to): the server waits for it
 * before drawing a page (entry.server.tsx), so its HTML holds each part in place, never a
 * placeholder that only JavaScript would fill.
 */
export const laterPartsLoaded = (): Promise<unknown> => Promise.all(partsLoading);

/**
 * Draws a `belowTheFold` part. In the browser the server's HTML for it stays as it is until its
 * code is in, then React hydrates it; on a later navigation it shows once its code is in, most
 * often at once. Drawn again with equal props (the page around it re-rendered), it is left alone:
 * React would otherwise draw a part still waiting for its code anew, without the server's HTML,
 * and it would vanish until its code came (the top bar's search box did, moving the page).
 */
export const Later = memo(
  function Later<Props extends object>({ part, props }: LaterProps<Props>) {
    return (
      <Suspense fallback={null}>
        <LoadedPart part={part} props={props} />
      </Suspense>
    );
  },
  (before, after) => before.part === after.part && sameProps(before.props, after.props),
) as <Props extends object>(laterProps: LaterProps<Props>) => ReactNode;

type LaterProps<Props> = { part: LaterPart<Props>; props: Props };

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
