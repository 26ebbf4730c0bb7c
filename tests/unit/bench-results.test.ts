import { describe, expect, it } from 'vitest';
import { figure, markdownTable, SUMMARY_END, SUMMARY_START, summaryRows, withSummary } from '../bench/results';

describe('npm run bench summary (tests/bench/results.ts)', () => {
  it('judges a ratio target against the baseline of the same run, a value target against the value', () => {
    const listing = figure('listing', 300, 'req/s', { baseline: 1000, target: { of: 'ratio', op: '>=', limit: 0.25 } });
    expect(listing).toMatchObject({ ratio: 0.3, met: true });
    expect(
      figure('listing', 200, 'req/s', { baseline: 1000, target: { of: 'ratio', op: '>=', limit: 0.25 } }).met,
    ).toBe(false);
    expect(figure('p99', 51, 'ms', { target: { of: 'value', op: '<=', limit: 50 } }).met).toBe(false);
    expect(figure('p99', 50, 'ms', { target: { of: 'value', op: '<=', limit: 50 } }).met).toBe(true);
    expect(figure('seconds', 12, 's')).toMatchObject({ ratio: undefined, met: undefined });
  });

  it('writes one row per figure with its target in words', () => {
    const rows = summaryRows([
      {
        bench: 'pages',
        figures: [
          figure('guest: /', 1868.4, 'req/s', { baseline: 29820, target: { of: 'value', op: '>=', limit: 1000 } }),
          figure('LCP', 2.345, 's', { target: { of: 'value', op: '<=', limit: 2 } }),
        ],
      },
    ]);
    expect(rows).toEqual([
      {
        bench: 'pages',
        figure: 'guest: /',
        value: '1,868 req/s',
        baseline: '29,820 req/s',
        ratio: '0.063',
        target: '≥ 1,000 req/s',
        'met?': 'yes',
      },
      { bench: 'pages', figure: 'LCP', value: '2.35 s', baseline: '', ratio: '', target: '≤ 2 s', 'met?': 'no' },
    ]);
    expect(markdownTable(rows).split('\n')[1]).toMatch(/^\| -+ \| -+ \| -+: \| -+: \| -+: \| -+ \| -+ \|$/);
  });

  it('replaces what lies between the markers and nothing else, or adds the section before the first heading', () => {
    const doc = `# Benchmarks\n\nIntro.\n\n${SUMMARY_START}\nold\n${SUMMARY_END}\n\n## bench:api\n\nkept\n`;
    expect(withSummary(doc, 'new')).toBe(
      `# Benchmarks\n\nIntro.\n\n${SUMMARY_START}\nnew\n${SUMMARY_END}\n\n## bench:api\n\nkept\n`,
    );
    const bare = '# Benchmarks\n\nIntro.\n\n## bench:api\n';
    const added = withSummary(bare, 'first');
    expect(added).toContain(`${SUMMARY_START}\nfirst\n${SUMMARY_END}\n\n## bench:api`);
    expect(withSummary(added, 'second')).toBe(added.replace('first', 'second'));
  });
});
