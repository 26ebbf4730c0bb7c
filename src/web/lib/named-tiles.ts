import type { ListEnvelope, NamedItem } from '../../contract/types';

/**
 * What a category's or brand's tile draws (components/named-tile.tsx): its picture, its name, and
 * its id for the link. A page's data carries no more of each one it lists (not its slug or dates).
 */
export type TileItem = Pick<NamedItem, 'id' | 'name' | 'image' | 'imageSizes'>;

/** A category or brand as its tile needs it. */
export function toTile({ id, name, image, imageSizes }: NamedItem): TileItem {
  return { id, name, image, imageSizes };
}

/** A page of categories or brands, each as its tile needs it. */
export function listOfTiles(list: ListEnvelope<NamedItem>): ListEnvelope<TileItem> {
  return { ...list, data: list.data.map(toTile) };
}
