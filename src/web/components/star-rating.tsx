import { Star, StarHalf } from 'lucide-react';

type StarRatingProps = {
  /** 0 to 5; shown to the nearest half star. */
  value: number;
  /** What a screen reader says instead of the five pictures, e.g. 'التقييم 4.5 من 5'. */
  label: string;
  className?: string;
};

/** Five stars with half steps, filling from the start side (the right in Arabic). */
export function StarRating({ value, label, className = 'size-4' }: StarRatingProps) {
  const halves = Math.round(Math.min(5, Math.max(0, value)) * 2);
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = halves >= star * 2 ? 'full' : halves === star * 2 - 1 ? 'half' : 'empty';
        return (
          <span key={star} className="relative inline-block" aria-hidden="true">
            <Star className={`${className} ${fill === 'full' ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`} />
            {fill === 'half' && (
              // Lucide draws the left half; in right-to-left text the filled half is the right one.
              <StarHalf className={`absolute inset-0 ${className} fill-amber-400 text-amber-400 rtl:-scale-x-100`} />
            )}
          </span>
        );
      })}
    </span>
  );
}
