/**
 * The house (issue 32): every arrow downward and one concern per room. Read from the code itself, not from the lint
 * rule that enforces it (eslint.config.js builds that from the same layers.config.js): every room of src/ is in a
 * layer, no import climbs to a higher layer, no module outgrew its concern.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { kitPath } from '../../src/kit-root.js';

interface Layer {
  readonly name: string;
  readonly rooms: readonly string[];
}

/** A module of src/ over this many lines holds more than one concern (split it: CONTRIBUTING.md). */
const MAX_LINES = 300;

const src = kitPath('src');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The room a path of src/ belongs to: its first folder, or the file's own name at src/'s root. */
function roomOf(file: string): string {
  const [first = '', ...rest] = path.relative(src, file).split(path.sep);
  return rest.length > 0 ? first : first.replace(/\.(ts|js)$/, '');
}

/** Relative imports and re-exports of a module, static and dynamic, resolved to files of src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms),
    ...text.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g),
  ].map((match) => match[1] ?? '');
  return specifiers
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .filter((target) => target.startsWith(src + path.sep));
}

test.describe('the layers of src/', () => {
  test('should place every room of src/ in exactly one layer', async () => {
    const { LAYERS } = (await import(pathToFileURL(kitPath('layers.config.js')).href)) as { LAYERS: Layer[] };
    const declared = LAYERS.flatMap((layer) => layer.rooms);
    const rooms = [...new Set(modules(src).map(roomOf))].sort();
    expect(
      rooms.filter((room) => !declared.includes(room)),
      'rooms in no layer of layers.config.js',
    ).toEqual([]);
    expect(
      declared.filter((room, n) => declared.indexOf(room) !== n),
      'rooms in two layers',
    ).toEqual([]);
  });

  test('should never import a room of a higher layer', async () => {
    const { LAYERS } = (await import(pathToFileURL(kitPath('layers.config.js')).href)) as { LAYERS: Layer[] };
    const layerOf = new Map(LAYERS.flatMap((layer, n) => layer.rooms.map((room) => [room, n] as const)));
    const upward: string[] = [];
    let arrows = 0;
    for (const file of modules(src)) {
      const from = roomOf(file);
      for (const target of importsOf(file)) {
        const to = roomOf(target);
        if (to === from) continue;
        arrows += 1;
        if ((layerOf.get(to) ?? Infinity) > (layerOf.get(from) ?? -Infinity)) {
          upward.push(`${path.relative(src, file)} → ${to}`);
        }
      }
    }
    expect(arrows, 'the imports between rooms were read').toBeGreaterThan(50);
    expect(upward, 'imports that climb to a higher layer').toEqual([]);
  });

  test(`should keep every module of src/ at most ${MAX_LINES} lines`, () => {
    const long = modules(src)
      .map((file) => ({ file: path.relative(src, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
