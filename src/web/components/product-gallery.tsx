import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { StoredImage } from '../../contract/types';
import { pt } from '../i18n/product';
import { formatNumber, imageSrcSet } from '../lib/format';
import { type CarouselSetup, useCarousel } from '../lib/use-carousel';

const SWIPE_PX = 40;
const IMAGE_PX = 960;

type ProductGalleryProps = {
  /** The stored pictures, the cover first. */
  images: readonly StoredImage[];
  title: string;
};

/**
 * The product's pictures: one at a time, swiped (right-to-left), stepped with the buttons, the
 * thumbnails or the arrow keys. Before JavaScript loads, the cover shows on its own.
 */
export function ProductGallery({ images: given, title }: ProductGalleryProps) {
  const images =
    given.length > 0
      ? given.map((image) => ({ src: image.large, srcSet: imageSrcSet(image) }))
      : [{ src: '/placeholder.svg', srcSet: undefined }];
  const many = images.length > 1;
  const [selected, setSelected] = useState(0);
  const total = formatNumber(images.length);
  // Before Embla is in, a step (a button, a thumbnail, a key, a swipe) moves the slides' track
  // itself, and Embla starts on the picture shown (its options are read when it starts).
  const track = useRef<HTMLDivElement>(null);
  const shownBeforeEmbla = useRef(0);
  const gallerySetup = useCallback<CarouselSetup>(
    async () => ({
      options: {
        direction: 'rtl',
        dragThreshold: SWIPE_PX,
        get startIndex() {
          return shownBeforeEmbla.current;
        },
      },
    }),
    [],
  );
  // Embla loads when the gallery is first used, and only when there is more than one picture.
  const [viewportRef, embla, startCarousel] = useCarousel(gallerySetup, many ? 'whenUsed' : 'never');
  const swipeFrom = useRef<number | null>(null);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const show = useCallback(
    (index: number) => {
      const wrapped = (index + images.length) % images.length;
      if (embla) {
        embla.scrollTo(wrapped);
        return;
      }
      shownBeforeEmbla.current = wrapped;
      // In right-to-left order the next picture lies to the left: the track moves right.
      if (track.current) track.current.style.transform = `translateX(${wrapped * 100}%)`;
      setSelected(wrapped);
      startCarousel();
    },
    [embla, images.length, startCarousel],
  );
  const previous = () => show(selected - 1);
  const next = () => show(selected + 1);

  // In right-to-left order the next picture lies to the left.
  const targetOf = (key: string): number | null => {
    if (key === 'ArrowLeft') return selected + 1;
    if (key === 'ArrowRight') return selected - 1;
    if (key === 'Home') return 0;
    if (key === 'End') return images.length - 1;
    return null;
  };
  // Before Embla listens, a swipe still steps: the pointer's way across the picture, as Embla reads
  // it (in right-to-left order a swipe to the right brings the next one).
  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = embla ? null : event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null || Math.abs(event.clientX - from) < SWIPE_PX) return;
    show(event.clientX > from ? selected + 1 : selected - 1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = targetOf(event.key);
    if (!many || target === null) return;
    event.preventDefault();
    show(target);
  };

  return (
    <section aria-roledescription="carousel" aria-label={pt.gallery} onKeyDown={onKeyDown} className="min-w-0">
      <div className="relative">
        <div
          ref={viewportRef}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          dir="rtl"
          className="overflow-hidden rounded-2xl border border-slate-200 bg-white"
          {...(many ? { tabIndex: 0, role: 'group', 'aria-label': pt.galleryViewport } : {})}
        >
          <div ref={track} className="flex touch-pan-y">
            {images.map(({ src, srcSet }, index) => (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group
              <div
                key={src}
                role="group"
                aria-roledescription="slide"
                aria-label={pt.imageOf(formatNumber(index + 1), total)}
                aria-hidden={many && index !== selected}
                className="min-w-0 flex-[0_0_100%]"
              >
                <img
                  src={src}
                  srcSet={srcSet}
                  sizes="(min-width: 1024px) 600px, 100vw"
                  width={IMAGE_PX}
                  height={IMAGE_PX}
                  alt={index === 0 ? title : pt.imageAlt(title, formatNumber(index + 1))}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  decoding={index === 0 ? 'sync' : 'async'}
                  draggable={false}
                  // A tablet held upright shows one column: a square as wide as the screen would push
                  // the title and the price below the first screen (docs/catalogue.md).
                  className="aspect-square w-full object-contain md:max-lg:max-h-[40vh]"
                />
              </div>
            ))}
          </div>
        </div>
        {many && (
          <>
            <button
              type="button"
              onClick={previous}
              aria-label={pt.previousImage}
              className="absolute start-2 top-1/2 -translate-y-1/2 rounded-full border border-slate-200 bg-white/90 p-2 text-slate-900 shadow hover:bg-white"
            >
              <ChevronRight aria-hidden="true" className="size-5 ltr:-scale-x-100" />
            </button>
            <button
              type="button"
              onClick={next}
              aria-label={pt.nextImage}
              className="absolute end-2 top-1/2 -translate-y-1/2 rounded-full border border-slate-200 bg-white/90 p-2 text-slate-900 shadow hover:bg-white"
            >
              <ChevronLeft aria-hidden="true" className="size-5 ltr:-scale-x-100" />
            </button>
          </>
        )}
      </div>
      {many && (
        <>
          <p aria-live="polite" className="sr-only">
            {pt.imageOf(formatNumber(selected + 1), total)}
          </p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {images.map(({ src, srcSet }, index) => (
              <li key={src}>
                <button
                  type="button"
                  onClick={() => show(index)}
                  aria-label={pt.showImage(formatNumber(index + 1))}
                  aria-current={index === selected}
                  className={`block overflow-hidden rounded-lg border-2 bg-white ${index === selected ? 'border-brand-600' : 'border-slate-200 hover:border-slate-400'}`}
                >
                  <img
                    src={src}
                    srcSet={srcSet}
                    sizes="80px"
                    width={80}
                    height={80}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="size-16 object-contain sm:size-20"
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
