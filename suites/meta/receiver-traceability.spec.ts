/**
 * Traceability of the receiver project, read from `playwright test --list`: every receiver test cites RECEIVER
 * requirements only (tags and annotations agree), every RECEIVER requirement has a test, and every one has a faulty
 * receiver in examples/receivers that claims to break it (`npm run receiver-faults` proves it fails under it), and
 * every one says in the registry why a conformant receiver cannot answer otherwise.
 */
import { expect, test } from '@playwright/test';
import { FAULTY_RECEIVERS } from '../../examples/receivers/faulty-receivers.js';
import { RECEIVER_REGISTRY, REQUIREMENTS } from '../../src/requirements/registry.js';
import type { Requirement } from '../../src/requirements/requirement.js';
import { runPlaywright, type RunTest } from '../../src/runner/playwright-run.js';

let listing: Promise<readonly RunTest[]> | undefined;

function receiverTests(): Promise<readonly RunTest[]> {
  listing ??= runPlaywright(['--list', '--project=receiver'], { timeoutMs: 120_000 }).then((run) => {
    if (run.errors.length > 0) throw new Error(`listing failed: ${run.errors.join('\n')}`);
    return run.tests.filter((t) => t.project === 'receiver');
  });
  return listing;
}

test.describe('traceability of the receiver suites', () => {
  test.describe.configure({ mode: 'default' });
  test.setTimeout(150_000);

  test('should cite only RECEIVER requirements, with tags and annotations that agree', async () => {
    const known = new Set<string>(RECEIVER_REGISTRY.map((r) => r.id));
    const tests = await receiverTests();
    expect(tests.length).toBeGreaterThanOrEqual(RECEIVER_REGISTRY.length);
    const problems = tests.flatMap((t) => [
      ...(t.requirements.length === 0 ? [`${t.title}: cites no requirement`] : []),
      ...(t.requirements.join() === t.annotatedRequirements.join() ? [] : [`${t.title}: tags and annotations differ`]),
      ...t.requirements.filter((id) => !known.has(id)).map((id) => `${t.title}: ${id} is not a RECEIVER requirement`),
    ]);
    expect(problems).toEqual([]);
  });

  test('should have a test and a faulty receiver for every RECEIVER requirement', async () => {
    const cited = new Set((await receiverTests()).flatMap((t) => t.requirements));
    const broken = new Set(FAULTY_RECEIVERS.flatMap((f) => f.breaks));
    expect(
      RECEIVER_REGISTRY.filter((r) => !cited.has(r.id)).map((r) => r.id),
      'untested',
    ).toEqual([]);
    expect(
      RECEIVER_REGISTRY.filter((r) => !broken.has(r.id)).map((r) => r.id),
      'no faulty receiver',
    ).toEqual([]);
    const unknown = FAULTY_RECEIVERS.flatMap((f) =>
      f.breaks.filter((id) => !RECEIVER_REGISTRY.some((r) => r.id === id)),
    );
    expect(unknown, 'faulty receivers claiming unknown requirements').toEqual([]);
  });

  test('should say next to every RECEIVER requirement why a conformant receiver cannot answer otherwise', () => {
    // A check a conformant receiver may legally fail is not a requirement: each states why it is decidable, or which
    // setting or state shape makes it so (and what it is without one).
    const registry: readonly Requirement[] = RECEIVER_REGISTRY;
    const unreasoned = registry.filter((r) => (r.decidable ?? '').trim().length < 60);
    expect(unreasoned.map((r) => r.id)).toEqual([]);
    const conventionsNamed = registry.filter(
      (r) => !(r.conventions ?? []).every((name) => (r.decidable ?? '').includes(`conventions.${name}`)),
    );
    expect(
      conventionsNamed.map((r) => r.id),
      'a profile-level one names the convention it rests on',
    ).toEqual([]);
  });

  test('should keep the receiver and service registries apart, the critical ones all of the interface', () => {
    const service = new Set<string>(REQUIREMENTS.map((r) => r.id));
    expect(RECEIVER_REGISTRY.filter((r) => service.has(r.id))).toEqual([]);
    expect(RECEIVER_REGISTRY.every((r) => r.id.startsWith('RECEIVER-'))).toBe(true);
    const critical = RECEIVER_REGISTRY.filter((r) => r.critical === true);
    expect(critical.length).toBeGreaterThanOrEqual(6);
    expect(critical.filter((r) => r.level !== 'spec').map((r) => r.id)).toEqual([]);
  });
});
