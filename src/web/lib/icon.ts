import { createElement, type ReactElement, type SVGProps } from 'react';

/*
 * The shop's icons: lucide's drawings (imported as `import { Search } from 'lucide-react'`, which
 * scripts/vite-lucide-icons.ts turns into `icon(<Search's drawing>)`), drawn here without lucide's
 * runtime. The SVG is lucide's for the props the shop passes: 24 × 24, stroked in the text's
 * colour, hidden from screen readers unless given a name. Its `size`, `color` and
 * `absoluteStrokeWidth` options are not read (none of our code passes them), nor its `lucide-*` classes.
 */

/** An icon's drawing as lucide's icon files hold it: SVG elements and their attributes. */
type IconNode = readonly (readonly [tag: string, attributes: Record<string, string>])[];

const SVG = {
  xmlns: 'http://www.w3.org/2000/svg',
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Given a name or a role, an icon is read out; otherwise screen readers skip it. */
const named = (props: object) =>
  Object.keys(props).some((key) => key.startsWith('aria-') || key === 'role' || key === 'title');

/** An icon's component; each icon module calls it once, as it loads (never while React renders). */
export function icon(node: IconNode) {
  // biome-ignore lint/correctness/noComponentHookFactories: one component per icon, made once at module load
  return function Icon({ className, ...props }: SVGProps<SVGSVGElement>): ReactElement {
    return createElement(
      'svg',
      { ...SVG, className, ...(named(props) ? {} : { 'aria-hidden': true }), ...props },
      node.map(([tag, attributes]) => createElement(tag, attributes)),
    );
  };
}
