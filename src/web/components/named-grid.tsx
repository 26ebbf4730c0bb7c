import type { ListEnvelope } from '../../contract/types';
import type { TileItem } from '../lib/named-tiles';
import { usePageHref } from '../lib/page-href';
import { BusyRegion, useLoadingHere } from './busy-region';
import { NamedTile } from './named-tile';
import { Pagination } from './pagination';

type NamedGridProps = {
  items: TileItem[];
  hrefFor: (item: TileItem) => string;
  emptyText: string;
  /** Position of the first item in the whole list: categories keep their colour on every page. */
  colorOffset?: number;
};

/** A grid of category or brand tiles, or the empty text. */
export function NamedGrid({ items, hrefFor, emptyText, colorOffset }: NamedGridProps) {
  if (items.length === 0) return <p className="py-8 text-center text-slate-600">{emptyText}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {items.map((item, index) => (
        <li key={item.id}>
          <NamedTile
            item={item}
            href={hrefFor(item)}
            colorIndex={colorOffset === undefined ? undefined : colorOffset + index}
          />
        </li>
      ))}
    </ul>
  );
}

type NamedListPageProps = {
  title: string;
  pagerLabel: string;
  list: ListEnvelope<TileItem>;
  hrefFor: (item: TileItem) => string;
  emptyText: string;
  /** Categories sit on fixed background colours (docs/specification.md (Screens and routes: Public pages)); brands on white. */
  colored?: boolean;
};

/** The /allbrands and /allcategory screens: heading, tiles, pager. */
export function NamedListPage({ title, pagerLabel, list, hrefFor, emptyText, colored = false }: NamedListPageProps) {
  const busy = useLoadingHere();
  const pageHrefFor = usePageHref();
  const { currentPage, numberOfPages, limit } = list.paginationResult;
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold">{title}</h1>
      <BusyRegion busy={busy}>
        <NamedGrid
          items={list.data}
          hrefFor={hrefFor}
          emptyText={emptyText}
          colorOffset={colored ? (currentPage - 1) * limit : undefined}
        />
        <Pagination currentPage={currentPage} numberOfPages={numberOfPages} hrefFor={pageHrefFor} label={pagerLabel} />
      </BusyRegion>
    </>
  );
}
