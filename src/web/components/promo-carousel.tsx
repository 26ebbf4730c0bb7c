import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { t } from '../i18n/ar';

const SLIDE_MS = 2000;
const SWIPE_PX = 40;
const backgrounds = [
  'bg-gradient-to-l from-brand-700 to-brand-500',
  'bg-gradient-to-l from-rose-700 to-rose-500',
  'bg-gradient-to-l from-violet-700 to-violet-500',
  'bg-gradient-to-l from-amber-700 to-amber-500',
];

/** Four promotional slides: auto-advance every 2 s, wrap, pause on hover and focus, swipe, arrow keys. */
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

export function PromoCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, direction: 'rtl', watchDrag: false }, [
    // Pausing is ours (below): Embla's own hover and focus stops watch only the slides, not the
    // arrows and dots around them.
    Autoplay({ delay: SLIDE_MS, stopOnInteraction: false, active: !reducedMotion }),
  ]);
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
          {t.slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group
            <div
              key={slide.title}
              role="group"
              aria-roledescription="slide"
              aria-label={t.slideOf(index + 1, t.slides.length)}
              aria-hidden={index !== selected}
              className={`flex min-h-44 min-w-0 flex-[0_0_100%] flex-col items-start justify-center gap-2 px-8 py-8 text-white sm:min-h-56 sm:px-16 ${backgrounds[index]}`}
            >
              <p className="text-lg font-bold opacity-90">{slide.title}</p>
              <p className="text-2xl font-bold sm:text-4xl">{slide.text}</p>
              <Link
                to="/products"
                tabIndex={index === selected ? 0 : -1}
                className="mt-2 rounded-lg bg-white px-4 py-2 font-bold text-slate-900 hover:bg-slate-100"
              >
                {t.shopNow}
              </Link>
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
        {t.slides.map((slide, index) => (
          <button
            key={slide.title}
            type="button"
            onClick={() => embla?.scrollTo(index, reducedMotion)}
            aria-label={t.slideOf(index + 1, t.slides.length)}
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
