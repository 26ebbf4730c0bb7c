import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isExternalSlideLink } from '../../contract/home-values';
import type { HomeSlide } from '../../contract/types';
import { t } from '../i18n/ar';
import { imageSrcSet } from '../lib/format';
import { type CarouselSetup, useCarousel } from '../lib/use-carousel';

const SLIDE_MS = 2000;
const SWIPE_PX = 40;
const backgrounds = [
  'bg-gradient-to-l from-brand-700 to-brand-500',
  'bg-gradient-to-l from-rose-700 to-rose-500',
  'bg-gradient-to-l from-violet-700 to-violet-500',
  'bg-gradient-to-l from-amber-700 to-amber-500',
];

/** One slide as shown: the owner's (with its picture and link) or one of the shop's fixed ones. */
type ShownSlide = { key: string; title: string; text: string; link: string; picture?: HomeSlide };

/** The owner's slides (docs/home-page.md), or the shop's four fixed ones when there are none. */
function shownSlides(slides: readonly HomeSlide[]): ShownSlide[] {
  if (slides.length === 0) return t.slides.map((slide) => ({ key: slide.title, ...slide, link: '/products' }));
  return slides.map((slide) => ({
    key: slide.id,
    title: slide.title,
    text: slide.text,
    link: slide.link,
    picture: slide,
  }));
}

const linkClass = 'mt-2 rounded-lg bg-white px-4 py-2 font-bold text-slate-900 hover:bg-slate-100';

/** A slide's link: the router's inside the shop, an ordinary one (opening nothing of ours) to an https address. */
function SlideLink({ link, focusable }: { link: string; focusable: boolean }) {
  const tabIndex = focusable ? 0 : -1;
  if (isExternalSlideLink(link)) {
    return (
      <a href={link} rel="noopener noreferrer" tabIndex={tabIndex} className={linkClass}>
        {t.shopNow}
      </a>
    );
  }
  return (
    <Link to={link} tabIndex={tabIndex} className={linkClass}>
      {t.shopNow}
    </Link>
  );
}

/** Follows the visitor's motion preference, also when it changes while the page is open. */
function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * The promotional slides: auto-advance every 2 s, wrap, pause on hover and focus, swipe, arrow keys.
 * The first slide's picture loads at once (it is the page's largest paint), the others lazily.
 */
export function PromoCarousel({ slides: saved = [] }: { slides?: readonly HomeSlide[] }) {
  const slides = shownSlides(saved);
  const reducedMotion = usePrefersReducedMotion();
  const setup = useCallback<CarouselSetup>(async () => {
    const { default: Autoplay } = await import('embla-carousel-autoplay');
    return {
      options: { loop: true, direction: 'rtl', watchDrag: false },
      // Pausing is ours (below): Embla's own hover and focus stops watch only the slides, not the
      // arrows and dots around them.
      plugins: [Autoplay({ delay: SLIDE_MS, stopOnInteraction: false, active: !reducedMotion })],
    };
  }, [reducedMotion]);
  const [viewportRef, embla] = useCarousel(setup);
  // Paused while the pointer is over the carousel or focus is anywhere inside it.
  const hovered = useRef(false);
  const focused = useRef(false);
  const updatePause = useCallback(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay || reducedMotion) return;
    if (hovered.current || focused.current) autoplay.stop();
    else autoplay.play();
  }, [embla, reducedMotion]);
  const pauseWhile = (flag: { current: boolean }, value: boolean) => {
    flag.current = value;
    updatePause();
  };
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  // With reduced motion the slides change without the sliding animation.
  const previous = useCallback(() => embla?.scrollPrev(reducedMotion), [embla, reducedMotion]);
  const next = useCallback(() => embla?.scrollNext(reducedMotion), [embla, reducedMotion]);
  // In RTL the next slide lies to the left.
  // Our own swipe: any horizontal move over 40 px changes the slide (docs/specification.md (States and transitions)), however slow.
  const swipeStart = useRef<number | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const moved = event.clientX - swipeStart.current;
    swipeStart.current = null;
    // Dragging to the right brings the next slide in from the left in RTL.
    if (moved > SWIPE_PX) next();
    else if (moved < -SWIPE_PX) previous();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') next();
    if (event.key === 'ArrowRight') previous();
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t.promotions}
      className="relative overflow-hidden rounded-2xl"
      onKeyDown={onKeyDown}
      onMouseEnter={() => pauseWhile(hovered, true)}
      onMouseLeave={() => pauseWhile(hovered, false)}
      onFocus={() => pauseWhile(focused, true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) pauseWhile(focused, false);
      }}
    >
      <div
        ref={viewportRef}
        className="touch-pan-y overflow-hidden"
        dir="rtl"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div className="flex">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={t.slideOf(index + 1, slides.length)}
              aria-hidden={index !== selected}
              className={`flex min-h-44 min-w-0 flex-[0_0_100%] items-center justify-between gap-4 px-8 py-8 text-white sm:min-h-56 sm:px-16 ${backgrounds[index % backgrounds.length]}`}
            >
              <div className="flex min-w-0 flex-col items-start justify-center gap-2">
                <p className="text-lg font-bold opacity-90">{slide.title}</p>
                {slide.text && <p className="text-2xl font-bold sm:text-4xl">{slide.text}</p>}
                <SlideLink link={slide.link} focusable={index === selected} />
              </div>
              {slide.picture && (
                <img
                  src={slide.picture.image.medium}
                  srcSet={imageSrcSet(slide.picture.image)}
                  sizes="(min-width: 640px) 192px, 112px"
                  width={slide.picture.width}
                  height={slide.picture.height}
                  alt={slide.picture.alt}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  className="size-28 shrink-0 rounded-xl bg-white object-cover sm:size-48"
                />
              )}
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        onClick={previous}
        aria-label={t.previousSlide}
        className="absolute start-2 top-1/2 hidden -translate-y-1/2 rounded-full bg-white/80 p-1.5 text-slate-900 hover:bg-white sm:block"
      >
        <ChevronRight aria-hidden="true" className="size-5 ltr:-scale-x-100" />
      </button>
      <button
        type="button"
        onClick={next}
        aria-label={t.nextSlide}
        className="absolute end-2 top-1/2 hidden -translate-y-1/2 rounded-full bg-white/80 p-1.5 text-slate-900 hover:bg-white sm:block"
      >
        <ChevronLeft aria-hidden="true" className="size-5 ltr:-scale-x-100" />
      </button>
      <div className="absolute inset-x-0 bottom-0 flex justify-center">
        {slides.map((slide, index) => (
          <button
            key={slide.key}
            type="button"
            onClick={() => embla?.scrollTo(index, reducedMotion)}
            aria-label={t.slideOf(index + 1, slides.length)}
            aria-current={index === selected}
            // A small dot inside a 32 px target, easy to hit with a finger; its focus ring is white
            // and inside the target, so it shows on the slide and is not cut by the carousel's edge.
            className="group grid size-8 place-items-center rounded-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white"
          >
            <span
              aria-hidden="true"
              className={`size-2.5 rounded-full group-hover:bg-white ${index === selected ? 'bg-white' : 'bg-white/50'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
