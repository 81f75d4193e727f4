/**
 * npm run bench: every benchmark, each figure beside a baseline measured in the same run (never a timed assertion in
 * a test: these machines are noisy). Prints a table; writes bench/results.json. Exit 1 when a target is missed.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { kitPath } from '../src/kit-root.js';
import type { Figure } from './lib/figure.js';
import { benchCapture } from './capture.bench.js';
import { benchCertify } from './certify.bench.js';
import { benchClient } from './client.bench.js';
import { benchClock } from './clock.bench.js';
import { benchProperties } from './property.bench.js';
import { benchSandbox } from './sandbox.bench.js';
import { benchStaging } from './staging.bench.js';
import { benchStarved } from './starved.bench.js';

const startedAt = new Date();
// One after another: each measures against its baseline on an otherwise idle machine.
const figures: Figure[] = [
  ...(await benchCertify()),
  ...(await benchClient()),
  ...(await benchSandbox()),
  ...(await benchCapture()),
  ...(await benchClock()),
  ...(await benchProperties()),
  ...(await benchStaging()),
  ...(await benchStarved()),
];
const machine = {
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(totalmem() / 1024 ** 3),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
};
writeFileSync(
  kitPath('bench', 'results.json'),
  `${JSON.stringify({ startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), machine, figures }, null, 2)}\n`,
);
const rows = figures.map((f) => [
  f.met ? 'ok  ' : 'MISS',
  f.name,
  `${f.value} ${f.unit}`,
  f.baseline === undefined ? '' : `${f.baseline.value} (${f.baseline.name})`,
  f.ratio === undefined ? '' : String(f.ratio),
  f.target,
]);
console.log(`machine: ${machine.cores} cores, ${machine.cpu}, Node ${machine.node}`);
for (const row of rows) console.log(row.join(' | '));
console.log(`written: bench/results.json`);
process.exitCode = figures.every((f) => f.met) ? 0 : 1;
