import type { ReactNode } from 'react';

/** The padding of a dense table's cells (docs/customers.md, docs/orders.md: the admin tables). */
export const denseCell = 'px-3 py-2 align-middle';

type DenseTableProps = {
  /** The caption's id: the region is named by it. */
  id: string;
  caption: string;
  /** A Tailwind `min-w-[…]` class: the narrowest the columns stay readable; narrower screens scroll. */
  minWidthClass: string;
  head: ReactNode;
  children: ReactNode;
};

/**
 * A staff table, one row per thing: on a narrow phone it scrolls sideways in its own region,
 * focusable so a keyboard can scroll it too; `relative` keeps its screen-reader-only texts inside it.
 */
export function DenseTable({ id, caption, minWidthClass, head, children }: DenseTableProps) {
  return (
    <section
      aria-labelledby={id}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users (axe scrollable-region-focusable)
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2"
    >
      <table className={`w-full border-collapse text-sm ${minWidthClass}`}>
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

/** A column heading of a dense table. */
export function DenseHeading({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className={`${denseCell} whitespace-nowrap text-start`}>
      {children}
    </th>
  );
}
