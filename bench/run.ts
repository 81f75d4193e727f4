/**
 * npm run bench: every benchmark, each figure beside a baseline measured in the same run (never a timed assertion in
 * a test: these machines are noisy). Prints a table; writes bench/results.json. Exit 1 when a target is missed.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { kitPath } from '../src/kit-root.js';
import type { Figure } from './lib/figure.js';
import { benchCapture } from './capture.bench.js';
import { benchCaptureFlood } from './capture-flood.bench.js';
import { benchCertify } from './certify.bench.js';
import { benchClient } from './client.bench.js';
import { benchClock } from './clock.bench.js';
import { benchProperties } from './property.bench.js';
import { benchSandbox } from './sandbox.bench.js';
import { benchStaging } from './staging.bench.js';
import { benchStarved } from './starved.bench.js';

const BENCHES: Readonly<Record<string, () => Promise<Figure[]>>> = {
  certify: benchCertify,
  client: benchClient,
  sandbox: benchSandbox,
  capture: benchCapture,
  'capture-flood': benchCaptureFlood,
  clock: benchClock,
  properties: benchProperties,
  staging: benchStaging,
  starved: benchStarved,
};
/** `npm run bench -- certify staging`: only those (a figure being worked on); all of them by default. */
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}: choose among ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}

const startedAt = new Date();
// One after another: each measures against its baseline on an otherwise idle machine.
const figures: Figure[] = [];
for (const [name, bench] of Object.entries(BENCHES)) {
  if (chosen.length === 0 || chosen.includes(name)) figures.push(...(await bench()));
}
const machine = {
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(totalmem() / 1024 ** 3),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
};
// A partial run (a chosen few) prints its figures but leaves the whole run's record alone.
const record = chosen.length === 0 ? 'results.json' : 'results.partial.json';
writeFileSync(
  kitPath('bench', record),
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
console.log(`written: bench/${record}`);
process.exitCode = figures.every((f) => f.met) ? 0 : 1;
