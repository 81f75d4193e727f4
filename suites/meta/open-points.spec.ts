/**
 * The register of the interface's open points (src/requirements/open-points.ts, generated/open-points.md) against the
 * registry and the interface itself: every convention a profile can state is one of its settings, every requirement
 * the registry calls UNSPECIFIED rests on one of its points, every setting it names is a setting of the profile
 * schema, and every quote is the interface's own words.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { kitPath } from '../../src/kit-root.js';
import { CONVENTION_NAMES } from '../../src/profile/conventions.js';
import { OPEN_POINTS } from '../../src/requirements/open-points.js';
import { requirementsOf } from '../../src/requirements/open-points-markdown.js';
import { RECEIVER_REGISTRY, REQUIREMENTS } from '../../src/requirements/registry.js';

const SPEC = path.resolve(kitPath('..', 'shared', 'spec', 'payment-service-interface.md'));
const required = (process.env.KIT_REQUIRE_PEERS ?? '') === '1';

type Node = { properties?: Record<string, Node>; $ref?: string; additionalProperties?: Node | boolean };

test.describe('the register of open points', () => {
  test('should name every convention a profile can state as a setting of one of its points', () => {
    const named = new Set(OPEN_POINTS.flatMap((p) => p.settings));
    expect(CONVENTION_NAMES.filter((name) => !named.has(`conventions.${name}`))).toEqual([]);
  });

  test('should rest every UNSPECIFIED requirement of the registry on one of its points', () => {
    const rested = new Set(OPEN_POINTS.flatMap(requirementsOf));
    expect(REQUIREMENTS.filter((r) => r.unspecified === true && !rested.has(r.id)).map((r) => r.id)).toEqual([]);
    const known = new Set<string>([...REQUIREMENTS, ...RECEIVER_REGISTRY].map((r) => r.id));
    expect(OPEN_POINTS.flatMap(requirementsOf).filter((id) => !known.has(id))).toEqual([]);
  });

  test('should name only settings the profile schema has', () => {
    const schema = JSON.parse(readFileSync(kitPath('schemas', 'profile', 'profile.schema.json'), 'utf8')) as Node & {
      $defs: Record<string, Node>;
    };
    const resolve = (node: Node): Node =>
      node.$ref?.startsWith('#/$defs/') === true ? resolve(schema.$defs[node.$ref.slice(8)] ?? {}) : node;
    const exists = (setting: string): boolean => {
      let node: Node | undefined = schema;
      for (const part of setting.split('.')) node = node === undefined ? undefined : resolve(node).properties?.[part];
      return node !== undefined;
    };
    expect(OPEN_POINTS.flatMap((p) => p.settings).filter((s) => !exists(s))).toEqual([]);
  });

  test("should quote the interface's own words", () => {
    if (!existsSync(SPEC)) {
      if (required) throw new Error(`KIT_REQUIRE_PEERS=1, yet the interface is not at ${SPEC}`);
      test.skip(true, `the interface's text is not here (${SPEC}): ../shared is absent on this machine`);
      return;
    }
    const text = readFileSync(SPEC, 'utf8').replace(/\s+/g, ' ');
    const missing = OPEN_POINTS.flatMap((p) => p.quotes).filter((quote) => !text.includes(quote.replace(/\s+/g, ' ')));
    expect(missing, 'quotes that are not in the interface').toEqual([]);
  });
});
