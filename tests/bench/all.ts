/**
 * `npm run bench`: every bench script in turn, each printing its own table as when run alone, then
 * ONE summary of their key figures (each against the baseline of its own run, with the target of
 * issue 31 where it has one), printed and written into docs/benchmarks.md between the
 * `bench:summary` markers with the date and the machine.
 *
 * BENCH_ONLY=api,pages runs only those scripts (names as in `npm run bench:<name>`); their usual
 * variables (LOAD_SECONDS, PAGES_SECONDS, …) still apply. A script that fails is named in the
 * summary and makes the run fail, after the others have run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { type BenchResult, markdownTable, RESULTS_DIR_ENV, summaryRows, withSummary } from './results';

const BENCHES = ['api', 'search', 'load', 'pages', 'web', 'journey'] as const;
const DOC = path.resolve('docs/benchmarks.md');

const only = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !(BENCHES as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0) throw new Error(`BENCH_ONLY: no bench named ${unknown.join(', ')} (${BENCHES.join(', ')})`);
const chosen = BENCHES.filter((name) => !only || only.includes(name));

const resultsDir = mkdtempSync(path.join(tmpdir(), 'matjar-bench-results-'));
const failed: string[] = [];
const results: BenchResult[] = [];
for (const bench of chosen) {
  console.log(`\n=== npm run bench:${bench}\n`);
  const run = spawnSync('npx', ['tsx', `tests/bench/${bench}.ts`], {
    stdio: 'inherit',
    env: { ...process.env, [RESULTS_DIR_ENV]: resultsDir },
  });
  const file = path.join(resultsDir, `${bench}.json`);
  if (run.status !== 0 || !existsSync(file)) failed.push(bench);
  if (existsSync(file)) results.push(JSON.parse(readFileSync(file, 'utf8')) as BenchResult);
}
rmSync(resultsDir, { recursive: true, force: true });

const rows = summaryRows(results);

/** The benches' own settings given to this run (a short run says so in the document). */
const settings = Object.entries(process.env)
  .filter(([name]) => /^(API|LOAD|PAGES|BENCH)_/.test(name) && name !== 'BENCH_ONLY' && name !== RESULTS_DIR_ENV)
  .map(([name, value]) => `${name}=${value}`)
  .sort();
const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
console.log(`\n=== summary, ${date} UTC, ${machine}\n`);
console.table(rows);
if (failed.length > 0) console.log(`failed: ${failed.join(', ')}`);

const section = [
  `Last \`npm run bench\`: ${date} UTC, ${machine}; ran ${chosen.join(', ')}${failed.length > 0 ? ` (failed: ${failed.join(', ')})` : ''}; ${settings.length > 0 ? `settings ${settings.join(' ')}` : 'default settings'}.`,
  'Each ratio is against the baseline of the same run; targets are those of issue 31.',
  '',
  markdownTable(rows),
].join('\n');
writeFileSync(DOC, withSummary(readFileSync(DOC, 'utf8'), section));
console.log(`\nwritten to ${path.relative(process.cwd(), DOC)}`);
if (failed.length > 0) process.exit(1);
