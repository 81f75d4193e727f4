/**
 * Shards of the fault matrix (faults --shard i/n): each shard runs its part of the tests (Playwright's sharding) and
 * writes them as faults-part-i-of-n.json; `faults --merge DIR…` joins the parts and judges the whole matrix, as one
 * run would. The signing known answers run in every shard; their repeats are dropped.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RunTest } from '../runner/playwright-run.js';
import { missingShards, ShardError, type Shard } from '../runner/shard.js';

/** What the judge needs of the run, the same in every part of one matrix. */
export interface MatrixSetting {
  readonly faults: readonly string[];
  readonly flavor: string;
  readonly full: boolean;
  readonly minDetected: number;
  readonly workers: number;
}

interface MatrixPart {
  readonly shard: string;
  readonly setting: MatrixSetting;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly tests: readonly RunTest[];
}

const partName = (shard: Shard): string => `faults-part-${shard.index}-of-${shard.total}.json`;

export function writeMatrixPart(
  out: string,
  shard: Shard,
  setting: MatrixSetting,
  run: { startedAt: Date; finishedAt: Date; tests: readonly RunTest[] },
): string {
  const file = path.join(out, partName(shard));
  const part: MatrixPart = {
    shard: `${shard.index}/${shard.total}`,
    setting,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt.toISOString(),
    tests: run.tests,
  };
  writeFileSync(file, `${JSON.stringify(part)}\n`);
  return file;
}

/** The parts under `folders`, checked (1..n each once, one setting), joined into one run's tests. */
export function mergeMatrixParts(folders: readonly string[]): {
  setting: MatrixSetting;
  startedAt: Date;
  finishedAt: Date;
  tests: RunTest[];
} {
  const parts: { file: string; part: MatrixPart }[] = [];
  for (const folder of folders) {
    const files = existsSync(folder) ? readdirSync(folder).filter((f) => /^faults-part-\d+-of-\d+\.json$/.test(f)) : [];
    if (files.length === 0) throw new ShardError(`${folder} holds no part of a fault matrix (faults --shard i/n)`);
    for (const name of files) {
      const file = path.join(folder, name);
      try {
        parts.push({ file, part: JSON.parse(readFileSync(file, 'utf8')) as MatrixPart });
      } catch (error) {
        throw new ShardError(`${file}: not a readable part (${(error as Error).message})`);
      }
    }
  }
  const first = parts[0];
  if (first === undefined) throw new ShardError('no part found');
  const total = Number(first.part.shard.split('/')[1]);
  const seen = new Set<string>();
  for (const { file, part } of parts) {
    if (seen.has(part.shard)) throw new ShardError(`part ${part.shard} twice (${file})`);
    seen.add(part.shard);
    if (JSON.stringify(part.setting) !== JSON.stringify(first.part.setting) || !part.shard.endsWith(`/${total}`)) {
      throw new ShardError(`${file} is a part of another matrix than ${first.file}`);
    }
  }
  const missing = missingShards(seen, total);
  if (missing.length > 0) throw new ShardError(`part ${missing.join(', ')} missing: nothing judged`);
  const tests = new Map<string, RunTest>();
  for (const { part } of parts) {
    for (const test of part.tests) {
      const key = `${test.project} ${test.file} ${test.title}`;
      if (!tests.has(key)) tests.set(key, test);
    }
  }
  const times = parts.flatMap(({ part }) => [Date.parse(part.startedAt), Date.parse(part.finishedAt)]);
  return {
    setting: first.part.setting,
    startedAt: new Date(Math.min(...times)),
    finishedAt: new Date(Math.max(...times)),
    tests: [...tests.values()],
  };
}
