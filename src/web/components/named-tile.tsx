import { Link } from 'react-router';
import { imageSrcSet } from '../lib/format';
import type { TileItem } from '../lib/named-tiles';

/** Fixed background colours for category tiles (docs/specification.md (Screens and routes: Public pages)), cycled by position. */
export const TILE_COLORS = [
  'bg-rose-100',
  'bg-amber-100',
  'bg-emerald-100',
  'bg-sky-100',
  'bg-violet-100',
  'bg-lime-100',
];

type NamedTileProps = { item: TileItem; href: string; colorIndex?: number };

/** A category or brand: its image and name, linking to its products. */
export function NamedTile({ item, href, colorIndex }: NamedTileProps) {
  const background = colorIndex === undefined ? 'bg-white' : TILE_COLORS[colorIndex % TILE_COLORS.length];
  return (
    <Link
      to={href}
      className={`flex flex-col items-center gap-2 rounded-xl border border-slate-200 p-3 text-center hover:shadow-md ${background}`}
    >
      <img
        src={item.image ?? '/placeholder.svg'}
        srcSet={imageSrcSet(item.imageSizes)}
        sizes="120px"
        width={96}
        height={96}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-20 rounded-full bg-white object-contain sm:size-24"
      />
      <span className="text-sm font-bold">{item.name}</span>
    </Link>
  );
}
