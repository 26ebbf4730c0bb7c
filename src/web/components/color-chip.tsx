import { colorName } from '../../contract/colors';

/** A chosen colour shown small: its swatch and its everyday name (a code when it has none). */
export function ColorChip({ color }: { color: string }) {
  const name = colorName(color);
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        style={{ backgroundColor: color }}
        className="inline-block size-4 rounded-full border border-slate-300 shadow-inner"
      />
      {name ?? <bdi dir="ltr">{color}</bdi>}
    </span>
  );
}
