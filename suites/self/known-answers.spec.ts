/**
 * certify trusts the signer only after its known answers (src/signing/known-answers.ts; a failure stops the run with
 * exit 2, as a defect of the kit). This proves that check can fail: a copy of the vectors with one expected answer
 * changed is reported, that answer and nothing else, with what differed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { kitPath } from '../../src/kit-root.js';
import { failedKnownAnswers } from '../../src/signing/known-answers.js';

let dir: string;

test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kit-vectors-'));
  cpSync(kitPath('fixtures', 'vectors'), dir, { recursive: true });
});

test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function edit(file: string, change: (json: Record<string, unknown>) => void): void {
  const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(path.join(dir, file), JSON.stringify(json));
}

test('the kit reproduces every known answer of its vectors', () => {
  expect(failedKnownAnswers(dir)).toEqual([]);
});

test('a signature the kit does not reproduce is reported, that one only', () => {
  let name = '';
  edit('signing.json', (json) => {
    const [first] = json.combinations as { name: string; hash: string }[];
    if (first === undefined) throw new Error('signing.json has no combination');
    name = first.name;
    // Another valid-looking hash: the first character changed within the alphabet of every encoding.
    first.hash = `${first.hash.startsWith('A') ? 'B' : 'A'}${first.hash.slice(1)}`;
  });
  const failed = failedKnownAnswers(dir);
  expect(failed).toHaveLength(2);
  expect(failed[0]).toContain(`signing input choices of a profile, known answers › should reproduce ${name}: the hash`);
  expect(failed[1]).toContain(`known answers › should sign as the service would: ${name}: `);
});

test('a canonical form the kit does not reproduce is reported', () => {
  edit('jcs.json', (json) => {
    const [first] = json.documents as { canonical: string }[];
    if (first === undefined) throw new Error('jcs.json has no document');
    first.canonical = `${first.canonical} `;
  });
  expect(failedKnownAnswers(dir)).toEqual([expect.stringMatching(/^RFC 8785 canonical JSON › should canonicalise /)]);
});
