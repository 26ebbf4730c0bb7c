import { describe, expect, it } from 'vitest';
import type { NamedItem } from '../../src/contract/types.js';
import { listOfTiles, toTile } from '../../src/web/lib/named-tiles.js';

/*
 * A page's data carries each category or brand it lists as its tile draws it
 * (src/web/lib/named-tiles.ts): picture, name and id, not its slug or dates.
 */

const item = (id: string, withImage: boolean): NamedItem => ({
  _id: id,
  id,
  name: `قسم ${id}`,
  slug: `section-${id}`,
  image: withImage ? `https://shop.example/media/${id}-480.webp` : null,
  imageSizes: withImage
    ? {
        key: id,
        small: `https://shop.example/media/${id}-240.webp`,
        medium: `https://shop.example/media/${id}-480.webp`,
        large: `https://shop.example/media/${id}-960.webp`,
      }
    : null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
});

describe('a category or brand as its tile needs it', () => {
  it('keeps the picture (with its sizes), the name and the id; a missing picture stays null', () => {
    const withImage = item('a1', true);
    expect(toTile(withImage)).toEqual({
      id: 'a1',
      name: 'قسم a1',
      image: withImage.image,
      imageSizes: withImage.imageSizes,
    });
    expect(toTile(item('b2', false))).toEqual({ id: 'b2', name: 'قسم b2', image: null, imageSizes: null });
  });

  it('a page of them keeps its pagination', () => {
    const list = {
      results: 2,
      paginationResult: { currentPage: 2, limit: 1, numberOfPages: 2, prevPage: 1 },
      data: [item('a1', true)],
    };
    const tiles = listOfTiles(list);
    expect(tiles.paginationResult).toEqual(list.paginationResult);
    expect(tiles.results).toBe(2);
    expect(tiles.data.map((tile) => Object.keys(tile).sort())).toEqual([['id', 'image', 'imageSizes', 'name']]);
  });
});
