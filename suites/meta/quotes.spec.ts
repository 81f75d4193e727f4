/**
 * The registry against the interface's own words: every spec-level requirement quotes the sentences (or table rows)
 * of the interface it rests on, every quote is verbatim in the kit's copy of the interface
 * (interface/payment-service-interface.md), and that copy is the interface: the shared document where it is here,
 * and the revision the schemas encode (schemas/interface-revision.json) everywhere.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { kitPath } from '../../src/kit-root.js';
import { CLIENT_REGISTRY, RECEIVER_REGISTRY, REQUIREMENTS } from '../../src/requirements/registry.js';

const COPY = kitPath('interface', 'payment-service-interface.md');
const SPEC = path.resolve(kitPath('..', 'shared', 'spec', 'payment-service-interface.md'));
const required = (process.env.KIT_REQUIRE_PEERS ?? '') === '1';

const ALL = [...REQUIREMENTS, ...RECEIVER_REGISTRY, ...CLIENT_REGISTRY];

/** White space runs compare as one space, on both sides. */
const collapsed = (text: string): string => text.replace(/\s+/g, ' ');

test.describe("the registry's quotes of the interface", () => {
  test('should give every spec-level requirement at least one quote', () => {
    expect(
      ALL.filter((r) => r.level === 'spec' && (r.quote ?? []).filter((q) => q.trim() !== '').length === 0).map(
        (r) => r.id,
      ),
      'spec-level requirements without a quote',
    ).toEqual([]);
  });

  test("should quote only the interface's own words", () => {
    const text = collapsed(readFileSync(COPY, 'utf8'));
    const missing = ALL.flatMap((r) =>
      (r.quote ?? []).filter((quote) => !text.includes(collapsed(quote))).map((quote) => `${r.id}: ${quote}`),
    );
    expect(missing, 'quotes that are not in interface/payment-service-interface.md').toEqual([]);
  });

  test('should ship a copy of the interface that is the shared document byte for byte', () => {
    if (!existsSync(SPEC)) {
      if (required) throw new Error(`KIT_REQUIRE_PEERS=1, yet the interface is not at ${SPEC}`);
      test.skip(true, `the shared interface is not here (${SPEC}): ../shared is absent on this machine`);
      return;
    }
    expect(readFileSync(COPY).equals(readFileSync(SPEC)), `${COPY} differs from ${SPEC}`).toBe(true);
  });

  test('should ship the revision of the interface the schemas encode', () => {
    const revision = JSON.parse(readFileSync(kitPath('schemas', 'interface-revision.json'), 'utf8')) as {
      sha256: string;
    };
    expect(createHash('sha256').update(readFileSync(COPY)).digest('hex')).toBe(revision.sha256);
  });
});
