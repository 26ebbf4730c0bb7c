import type { ReactNode } from 'react';

/**
 * A light table of the dashboard (docs/dashboard.md: the chart's days, the best sellers): it
 * scrolls sideways on a narrow phone in a region named `label`, focusable so a keyboard can scroll
 * it too. The first column names the rows; `caption` also names the table itself.
 */
export function ScrollingTable({
  label,
  columns,
  caption = false,
  className = '',
  children,
}: {
  label: string;
  columns: readonly string[];
  caption?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users (axe scrollable-region-focusable)
      tabIndex={0}
      className={`${className} overflow-x-auto focus-visible:outline-2`}
    >
      <table className="w-full text-start text-sm">
        {caption && <caption className="sr-only">{label}</caption>}
        <thead>
          <tr className="border-b border-slate-200">
            {columns.map((column) => (
              <th key={column} scope="col" className="p-2 text-start">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
