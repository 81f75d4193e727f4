/**
 * Shards of the receiver fault matrix (receiver-faults --shard i/n): each shard certifies every n-th faulty receiver
 * (the first also the clean one) and writes its rows; `receiver-faults --merge DIR…` joins all n parts.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { missingShards, ShardError, type Shard } from '../runner/shard.js';
import type { ReceiverFaultRow } from './receiver-faults-cli.js';

/** The clean reference receiver's certification, as the matrix judges it. */
export interface CleanRun {
  readonly failed: readonly string[];
  readonly outcome: ConformanceReport['outcome'];
  readonly pass: number;
}

interface ReceiverPart {
  readonly shard: string;
  /** Every faulty receiver of the matrix, in all shards. */
  readonly names: readonly string[];
  readonly clean: CleanRun | undefined;
  readonly rows: readonly ReceiverFaultRow[];
  /** How long the shard ran; absent in a part written before it was kept. */
  readonly wallSeconds?: number;
}

const PART = /^receiver-faults-part-\d+-of-\d+\.json$/;

export function writeReceiverPart(out: string, shard: Shard, part: Omit<ReceiverPart, 'shard'>): string {
  const file = path.join(out, `receiver-faults-part-${shard.index}-of-${shard.total}.json`);
  writeFileSync(file, `${JSON.stringify({ shard: `${shard.index}/${shard.total}`, ...part }, null, 2)}\n`);
  return file;
}

/** All n parts under `folders`, checked, as one matrix: the clean run and every row. */
export function mergeReceiverParts(folders: readonly string[]): {
  clean: CleanRun;
  rows: ReceiverFaultRow[];
  /** The longest shard's run: the matrix's wall time where its shards ran at once. */
  wallSeconds: number;
  shards: number;
} {
  if (folders.length === 0) throw new ShardError("--merge needs each shard's --out folder");
  const parts: ReceiverPart[] = [];
  for (const folder of folders) {
    const files = existsSync(folder) ? readdirSync(folder).filter((f) => PART.test(f)) : [];
    if (files.length === 0) throw new ShardError(`${folder} holds no part of a receiver fault matrix`);
    for (const name of files) {
      try {
        parts.push(JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as ReceiverPart);
      } catch (error) {
        throw new ShardError(`${path.join(folder, name)}: not a readable part (${(error as Error).message})`);
      }
    }
  }
  const first = parts[0];
  if (first === undefined) throw new ShardError('no part found');
  const total = Number(first.shard.split('/')[1]);
  const seen = new Set(parts.map((p) => p.shard));
  const missing = missingShards(seen, total);
  if (seen.size !== parts.length) throw new ShardError('a part is there twice');
  if (missing.length > 0) throw new ShardError(`part ${missing.join(', ')} missing: nothing judged`);
  if (parts.some((p) => JSON.stringify(p.names) !== JSON.stringify(first.names))) {
    throw new ShardError('parts of different matrices (their faulty receivers differ)');
  }
  const clean = parts.find((p) => p.clean !== undefined)?.clean;
  if (clean === undefined) throw new ShardError('no part holds the clean run (shard 1)');
  const rows = parts.flatMap((p) => p.rows);
  const order = new Map(first.names.map((name, i) => [name, i]));
  rows.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  const wallSeconds = Math.max(0, ...parts.map((p) => p.wallSeconds ?? 0));
  return { clean, rows, wallSeconds, shards: total };
}
