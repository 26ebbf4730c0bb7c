import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from 'embla-carousel';
import { useCallback, useEffect, useState } from 'react';
import { onFirstUse } from './first-use';

/** What a carousel starts with: Embla's options and plugins (the plugins' code loaded by the caller). */
export type CarouselSetup = () => Promise<{ options: EmblaOptionsType; plugins?: EmblaPluginType[] }>;

/** When a carousel's code loads: once the page has shown, when it is first used, or not at all (one slide). */
export type CarouselStart = 'afterPaint' | 'whenUsed' | 'never';

/**
 * An Embla carousel whose code loads after the page has shown, so no page ships it up front
 * (issue 31, docs/architecture.md): the server renders every slide, the first one shows at once,
 * and swiping and stepping start when Embla arrives. With `whenUsed` it loads only when the
 * carousel is first used (a product's gallery, which most visitors never swipe; `onFirstUse`: a
 * touch is not use, as most start a scroll), and the returned `startNow` asks for it from
 * elsewhere too (a button beside it, a swipe the caller reads). The carousel is rebuilt when
 * `setup` changes: keep it stable (module level, or useCallback over what it reads).
 */
export function useCarousel(
  setup: CarouselSetup,
  start: CarouselStart = 'afterPaint',
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined, () => void] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  const [wanted, setWanted] = useState(start === 'afterPaint');
  const startNow = useCallback(() => setWanted(start !== 'never'), [start]);
  useEffect(() => {
    if (!viewport || wanted || start !== 'whenUsed') return;
    return onFirstUse(viewport, startNow);
  }, [viewport, wanted, start, startNow]);
  useEffect(() => {
    if (!viewport || !wanted) return;
    let carousel: EmblaCarouselType | undefined;
    let gone = false;
    // Should its code fail to load (a deploy replaced the file), the slides stay as they are.
    Promise.all([import('embla-carousel'), setup()]).then(
      ([{ default: EmblaCarousel }, { options, plugins }]) => {
        if (gone) return;
        carousel = EmblaCarousel(viewport, options, plugins);
        setEmbla(carousel);
      },
      () => {},
    );
    return () => {
      gone = true;
      carousel?.destroy();
      setEmbla(undefined);
    };
  }, [viewport, setup, wanted]);
  return [setViewport, embla, startNow];
}
