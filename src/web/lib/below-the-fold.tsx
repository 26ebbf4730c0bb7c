import { type ComponentType, Suspense, use } from 'react';

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
    loading: load().then(
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
 * often at once.
 */
export function Later<Props extends object>({ part, props }: { part: LaterPart<Props>; props: Props }) {
  return (
    <Suspense fallback={null}>
      <LoadedPart part={part} props={props} />
    </Suspense>
  );
}

function LoadedPart<Props extends object>({ part, props }: { part: LaterPart<Props>; props: Props }) {
  const Component = part.loaded ?? use(part.loading);
  return <Component {...props} />;
}
