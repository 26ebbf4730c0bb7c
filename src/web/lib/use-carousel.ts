import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from 'embla-carousel';
import { useEffect, useState } from 'react';

/** What a carousel starts with: Embla's options and plugins (the plugins' code loaded by the caller). */
export type CarouselSetup = () => Promise<{ options: EmblaOptionsType; plugins?: EmblaPluginType[] }>;

/**
 * An Embla carousel whose code loads after the page has shown, so no page ships it up front
 * (issue 31, docs/architecture.md): the server renders every slide, the first one shows at once,
 * and swiping and stepping start when Embla arrives. The carousel is rebuilt when `setup` changes:
 * keep it stable (module level, or useCallback over what it reads).
 */
export function useCarousel(setup: CarouselSetup): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!viewport) return;
    let carousel: EmblaCarouselType | undefined;
    let gone = false;
    void Promise.all([import('embla-carousel'), setup()]).then(([{ default: EmblaCarousel }, { options, plugins }]) => {
      if (gone) return;
      carousel = EmblaCarousel(viewport, options, plugins);
      setEmbla(carousel);
    });
    return () => {
      gone = true;
      carousel?.destroy();
      setEmbla(undefined);
    };
  }, [viewport, setup]);
  return [setViewport, embla];
}
