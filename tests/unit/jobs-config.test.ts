import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

const secret = { jwtSecret: 'a-test-secret-of-at-least-32-characters' };

/* The job runner's settings (docs/decisions/0024-job-runner.md). */
describe('JOBS and JOBS_POLL_SECONDS', () => {
  it('runs jobs by default, polling every 2 seconds', () => {
    expect(loadConfig({}, secret).jobs).toEqual({ enabled: true, pollSeconds: 2 });
  });

  it('JOBS=off keeps this process from running jobs; the poll interval is settable', () => {
    expect(loadConfig({ JOBS: 'off', JOBS_POLL_SECONDS: '0.5' }, secret).jobs).toEqual({
      enabled: false,
      pollSeconds: 0.5,
    });
  });

  it("refuses a value it does not know, or a poll interval under half a second (pg-boss's least)", () => {
    expect(() => loadConfig({ JOBS: 'no' }, secret)).toThrow(/JOBS/);
    expect(() => loadConfig({ JOBS_POLL_SECONDS: '0.1' }, secret)).toThrow(/JOBS_POLL_SECONDS/);
    expect(() => loadConfig({ JOBS_POLL_SECONDS: '٢' }, secret)).toThrow(/JOBS_POLL_SECONDS/);
  });
});
