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
