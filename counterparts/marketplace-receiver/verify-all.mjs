#!/usr/bin/env node
// verify-all.mjs — run sender.mjs's scenarios against M00..M10 in every signing configuration.
//
//   node verify-all.mjs [--parallel 2] [--configs a.json,b.json] [--variants M00,M03] [--markdown]
//
// Default configurations: every configs/*.json. For each (configuration, variant) it starts a
// receiver on a free port, runs all scenarios, stops the receiver (expects exit code 0) and
// compares the failing scenarios with the ones declared in variants.mjs. Prints a table;
// exits 0 only when M00 passes everything and every variant fails exactly its declared scenarios.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScenarios, startReceiver, SCENARIOS } from './sender.mjs';
import { VARIANTS } from './variants.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
let parallel = 2;
let configs = fs.readdirSync(path.join(HERE, 'configs')).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(HERE, 'configs', f));
let variants = Object.keys(VARIANTS);
let markdown = false;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--parallel') parallel = Math.max(1, Number(argv[++i]));
  else if (argv[i] === '--configs') configs = argv[++i].split(',').map((f) => path.resolve(f));
  else if (argv[i] === '--variants') variants = argv[++i].split(',');
  else if (argv[i] === '--markdown') markdown = true;
  else {
    process.stderr.write(`unknown argument ${argv[i]}\n`);
    process.exit(2);
  }
}

const cfgLabel = (f) => {
  const c = JSON.parse(fs.readFileSync(f, 'utf8'));
  return `${c.signing.scheme}/${c.signing.input === 'jcs-except-hash' ? 'jcs' : 'sorted'}/${c.signing.encoding}`;
};

const jobs = [];
for (const config of configs) for (const variant of variants) jobs.push({ config, variant });

async function runJob(job) {
  const t0 = Date.now();
  const rx = await startReceiver({ configPath: job.config, variant: job.variant });
  let results;
  try {
    results = await runScenarios({ baseUrl: rx.url, configPath: job.config });
  } finally {
    job.exit = await rx.stop();
  }
  job.failed = results.filter((r) => !r.pass).map((r) => r.name);
  job.details = results.filter((r) => !r.pass).map((r) => `${r.name}: ${r.failures[0]}`);
  job.total = results.length;
  const expected = [...VARIANTS[job.variant].scenarios].sort();
  job.ok = JSON.stringify([...job.failed].sort()) === JSON.stringify(expected) && job.exit.code === 0;
  job.ms = Date.now() - t0;
  process.stderr.write(`${job.ok ? 'ok ' : 'BAD'} ${job.variant} ${cfgLabel(job.config)} failed=[${job.failed.join(',')}] exit=${job.exit.code} ${job.ms}ms\n`);
}

const queue = [...jobs];
await Promise.all(Array.from({ length: parallel }, async () => {
  while (queue.length) await runJob(queue.shift());
}));

// Table: rows = variants, columns = configurations; cell = scenarios passed / run, then
// "ok" when the failing set is exactly the declared one (M00: none), else "UNEXPECTED".
const cols = configs.map(cfgLabel);
const rows = variants.map((v) => {
  const mine = jobs.filter((x) => x.variant === v);
  const measured = [...new Set(mine.flatMap((j) => j.failed))].sort();
  const cells = configs.map((c) => {
    const j = mine.find((x) => x.config === c);
    return `${j.total - j.failed.length}/${j.total} ${j.ok ? 'ok' : 'UNEXPECTED'}`;
  });
  return [v, VARIANTS[v].scenarios.join(', ') || '(none)', measured.join(', ') || '(none)', ...cells];
});
const header = ['variant', 'expected to fail', 'failed (any config)', ...cols];
if (markdown) {
  process.stdout.write(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n`);
  for (const r of rows) process.stdout.write(`| ${r.join(' | ')} |\n`);
} else {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  process.stdout.write(`${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const r of rows) process.stdout.write(`${line(r)}\n`);
}
const bad = jobs.filter((j) => !j.ok);
process.stdout.write(`\n${SCENARIOS.length} scenarios x ${variants.length} variants x ${configs.length} signing configurations = ${jobs.length} receiver runs; ` +
  `${jobs.length - bad.length} as expected, ${bad.length} unexpected.\n`);
for (const j of bad) process.stdout.write(`UNEXPECTED ${j.variant} ${cfgLabel(j.config)}: failed [${j.failed.join(', ')}], expected [${VARIANTS[j.variant].scenarios.join(', ')}], exit ${j.exit.code}\n  ${j.details.join('\n  ')}\n`);
process.exit(bad.length === 0 ? 0 : 1);
