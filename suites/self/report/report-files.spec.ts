/**
 * The search behind the canary secret test must find a secret wherever a report could hold it; these cases prove
 * it does, so that its silence in that test means something.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { filesContaining, placesContaining, readOutputFiles } from '../../../fixtures/self/report-files.js';

const SECRET = 'canary-secret-0123456789abcdef';

test.describe('report file search', () => {
  for (const offset of [0, 1, 2]) {
    test(`should find a value base64-encoded at byte offset ${offset} of a longer body`, () => {
      const body = Buffer.from(`${'x'.repeat(offset + 3)}${SECRET} and more`).toString('base64');
      expect(filesContaining([{ name: 'attachment', text: body }], SECRET)).toEqual(['attachment']);
    });
  }

  test('should not find a value that is not there, in any form', () => {
    const text = `canary-secret-0123456789abcdeX ${Buffer.from('canary-secret').toString('base64')}`;
    expect(filesContaining([{ name: 'report', text }], SECRET)).toEqual([]);
  });

  test('should open zips, embedded in HTML as a data: URL or on disk, and read every file below the folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kit-report-files-'));
    try {
      const zip = Buffer.from(zipSync({ 'report.json': strToU8(`{"title":"${SECRET}"}`) })).toString('base64');
      mkdirSync(path.join(dir, 'html', 'data'), { recursive: true });
      writeFileSync(path.join(dir, 'html', 'index.html'), `<script>x = "data:application/zip;base64,${zip}";</script>`);
      writeFileSync(path.join(dir, 'html', 'data', 'trace.zip'), zipSync({ 'a.txt': strToU8(`.${SECRET}.`) }));
      writeFileSync(path.join(dir, 'clean.md'), 'nothing here');
      const files = readOutputFiles(dir);
      expect(filesContaining(files, SECRET).sort()).toEqual([
        'html/data/trace.zip!a.txt',
        'html/index.html!report.json',
      ]);
      expect(placesContaining(files, SECRET)).toContain('html/data/trace.zip!a.txt: ….<value>.…');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
