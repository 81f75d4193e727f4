/**
 * `.ci/run` runs its counterparts through scripts/job-pool.sh (.ci/counterpart-jobs): the pool must run every job, no
 * more than N at a time, keep each one's output, and fail when any job fails, naming it, after all have ended.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { kitPath } from '../../src/kit-root.js';

const run = promisify(execFile);

interface PoolRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function pool(max: string, dir: string, jobs: string): Promise<PoolRun> {
  const file = path.join(dir, 'jobs');
  writeFileSync(file, jobs);
  return run('bash', [kitPath('scripts', 'job-pool.sh'), max, path.join(dir, 'logs'), file], { timeout: 30_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    },
  );
}

test.describe('scripts/job-pool.sh', () => {
  let dir = '';

  test.beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kit-pool-'));
  });

  test.afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('should run every job at most N at a time and keep each one its log', async () => {
    // Each job notes how many were running as it started (a counter file under a lock).
    const count = path.join(dir, 'running');
    writeFileSync(count, '0');
    const job = (name: string) =>
      `${name} (flock 9; n=$(($(cat ${count}) + 1)); echo $n > ${count}; echo "peak $n") 9>${count}.lock; ` +
      `sleep 0.3; (flock 9; echo $(($(cat ${count}) - 1)) > ${count}) 9>${count}.lock; echo ${name} done`;
    const result = await pool('2', dir, ['# a comment', '', job('a'), job('b'), job('c'), job('d')].join('\n'));
    expect(result.code, result.stdout + result.stderr).toBe(0);
    for (const name of ['a', 'b', 'c', 'd']) {
      const log = readFileSync(path.join(dir, 'logs', `${name}.log`), 'utf8');
      expect(log).toContain(`${name} done`);
      expect(Number(/peak (\d+)/.exec(log)?.[1])).toBeLessThanOrEqual(2);
      expect(result.stdout).toContain(`::job done: ${name}`);
    }
    expect(result.stdout).toMatch(/jobs \(2 at a time, \d+ s in all\):/);
  });

  test('should fail, naming the job and showing the end of its log, once every job has ended', async () => {
    const result = await pool('2', dir, ['bad echo broken here; exit 3', 'slow sleep 0.5; echo slow done'].join('\n'));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('::job FAILED: bad (exit 3');
    expect(result.stdout).toContain('    broken here');
    expect(result.stdout).toContain('::job done: slow');
    expect(result.stderr).toContain('failed: bad');
  });

  test('should refuse a call without its three arguments', async () => {
    const result = await pool('0', dir, '');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('usage: scripts/job-pool.sh N DIR JOBS');
  });
});
