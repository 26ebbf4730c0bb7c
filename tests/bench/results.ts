/**
 * The key figures of a bench script, for `npm run bench` (tests/bench/all.ts) to gather into one
 * table. A script run alone writes nothing: only when BENCH_RESULTS_DIR names a folder does
 * `recordFigures` write `<folder>/<bench>.json` (a second call of the same run adds to it, e.g.
 * one per database).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A target of issue 31: the figure (or its ratio to the baseline) at least or at most `limit`. */
export type Target = { of: 'value' | 'ratio'; op: '>=' | '<='; limit: number };

export type Figure = {
  name: string;
  value: number;
  unit: string;
  /** The same measure of the run's baseline (the trivial route, a plain search…), if there is one. */
  baseline?: number;
  ratio?: number;
  target?: Target;
  met?: boolean;
};

export type BenchResult = { bench: string; figures: Figure[] };

export const RESULTS_DIR_ENV = 'BENCH_RESULTS_DIR';

/** A figure with its ratio to the baseline, and whether it meets its target. */
export function figure(
  name: string,
  value: number,
  unit: string,
  options: { baseline?: number; target?: Target } = {},
): Figure {
  const { baseline, target } = options;
  const ratio = baseline ? value / baseline : undefined;
  const measured = target?.of === 'ratio' ? ratio : value;
  const met =
    target && measured !== undefined
      ? target.op === '>='
        ? measured >= target.limit
        : measured <= target.limit
      : undefined;
  return { name, value, unit, baseline, ratio, target, met };
}

export function recordFigures(bench: string, figures: Figure[]) {
  const folder = process.env[RESULTS_DIR_ENV];
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${bench}.json`);
  const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BenchResult).figures : [];
  const result: BenchResult = { bench, figures: [...earlier, ...figures] };
  writeFileSync(file, JSON.stringify(result, null, 2));
}

const number = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Whole numbers and hundreds without decimals, tens with one, smaller figures with two. */
const shown = (value: number) =>
  number(value, Number.isInteger(value) || Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
const targetText = ({ of, op, limit }: Target, unit: string) =>
  `${of === 'ratio' ? 'ratio ' : ''}${op === '>=' ? '≥' : '≤'} ${shown(limit)}${of === 'value' ? ` ${unit}` : ''}`;

/** One row of text per figure: the summary `npm run bench` prints and writes. */
export function summaryRows(results: BenchResult[]): Record<string, string>[] {
  return results.flatMap(({ bench, figures }) =>
    figures.map((f) => ({
      bench,
      figure: f.name,
      value: `${shown(f.value)} ${f.unit}`,
      baseline: f.baseline === undefined ? '' : `${shown(f.baseline)} ${f.unit}`,
      ratio: f.ratio === undefined ? '' : number(f.ratio, 3),
      target: f.target ? targetText(f.target, f.unit) : '',
      'met?': f.met === undefined ? '' : f.met ? 'yes' : 'no',
    })),
  );
}

/** Rows as a Markdown table, columns padded, the figures right-aligned. */
export function markdownTable(records: Record<string, string>[]) {
  const columns = Object.keys(records[0] ?? {});
  const right = new Set(['value', 'baseline', 'ratio']);
  const width = (column: string) => Math.max(3, column.length, ...records.map((r) => (r[column] ?? '').length));
  const cell = (column: string, text: string) =>
    right.has(column) ? text.padStart(width(column)) : text.padEnd(width(column));
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(columns.map((c) => cell(c, c))),
    line(columns.map((c) => (right.has(c) ? `${'-'.repeat(width(c) - 1)}:` : '-'.repeat(width(c))))),
    ...records.map((r) => line(columns.map((c) => cell(c, r[c] ?? '')))),
  ].join('\n');
}

export const SUMMARY_START = '<!-- bench:summary:start -->';
export const SUMMARY_END = '<!-- bench:summary:end -->';

/**
 * The document with `section` between the summary markers, in place of what was there; a document
 * without them gains a section for it before its first `##` heading.
 */
export function withSummary(doc: string, section: string) {
  const marked = `${SUMMARY_START}\n${section}\n${SUMMARY_END}`;
  const start = doc.indexOf(SUMMARY_START);
  const end = doc.indexOf(SUMMARY_END);
  if (start >= 0 && end > start) return `${doc.slice(0, start)}${marked}${doc.slice(end + SUMMARY_END.length)}`;
  return doc.replace(/\n## /, `\n## \`npm run bench\` — the summary\n\n${marked}\n\n## `);
}
