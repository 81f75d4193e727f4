import { expect, test } from '@playwright/test';
import type { Requirement } from '../../../src/requirements/requirement.js';
import type { Evidence } from '../../../generated/report/conformance.gen.js';
import { judgeRequirement, outcomeOf, summarise, type TestOutcome } from '../../../src/report/verdicts.js';

const requirement: Requirement = {
  id: 'AUTH-NO-LOGIN',
  section: '§5.4, §7',
  statement: 'A body without publicKey gets 401 NO_LOGIN.',
  level: 'spec',
  operations: ['createPayIn'],
};

interface Extra {
  readonly requirements?: readonly string[];
  readonly evidence?: Evidence;
  readonly skipReason?: string;
  readonly blockedBy?: readonly string[];
}

/** A test whose requirements all had its own status (or were blocked by `blockedBy`). */
function outcome(status: TestOutcome['status'], extra: Extra = {}): TestOutcome {
  const requirements = extra.requirements ?? [requirement.id];
  return {
    title: `a ${status} test`,
    file: 'suites/auth/auth.spec.ts',
    status,
    durationMs: 3,
    outcomes: requirements.map((id) =>
      extra.blockedBy === undefined
        ? { requirement: id, status }
        : { requirement: id, status: 'blocked', blockedBy: extra.blockedBy },
    ),
    ...(extra.skipReason === undefined ? {} : { skipReason: extra.skipReason }),
    ...(extra.evidence === undefined
      ? {}
      : { evidence: Object.fromEntries(requirements.map((id) => [id, extra.evidence as Evidence])) }),
  };
}

const evidence: Evidence = {
  test: 'a failed test',
  message: 'expected error 401 NO_LOGIN',
  request: 'POST /',
  response: '401 NO_KEY',
};

test.describe('verdicts', () => {
  test('should pass a requirement whose tests all passed', () => {
    expect(judgeRequirement(requirement, [outcome('passed'), outcome('passed')], false).verdict).toBe('PASS');
  });

  test('should not verify a requirement a limit of the kit stopped, keeping what the check had observed', () => {
    const reason = "the test's time limit of 30 s ran out before its checks ended";
    const stopped: TestOutcome = {
      ...outcome('failed', { evidence }),
      outcomes: [{ requirement: requirement.id, status: 'skipped', reason }],
    };
    const result = judgeRequirement(requirement, [stopped], false);
    expect(result.verdict).toBe('NOT VERIFIED');
    expect(result.reason).toContain(reason);
    expect(result.evidence).toEqual([evidence]);
    expect(result.tests).toEqual([expect.objectContaining({ status: 'skipped', skipReason: reason })]);
  });

  test("should fail a requirement when any of its tests failed, with that test's evidence", () => {
    const result = judgeRequirement(requirement, [outcome('passed'), outcome('failed', { evidence })], false);
    expect(result.verdict).toBe('FAIL');
    expect(result.evidence).toEqual([evidence]);
    expect(result.tests.map((t) => t.status)).toEqual(['passed', 'failed']);
  });

  test('should never pass a requirement on skipped tests alone, and say why they skipped', () => {
    const result = judgeRequirement(
      requirement,
      [
        outcome('skipped', { skipReason: 'the target offers no sandbox control' }),
        outcome('skipped', { skipReason: 'the target offers no sandbox control' }),
      ],
      false,
    );
    expect(result.verdict).toBe('NOT VERIFIED');
    expect(result.reason).toBe('every test of it was skipped: the target offers no sandbox control');
  });

  test('should call a requirement resting on a convention the profile does not state UNSPECIFIED, never FAIL', () => {
    const resting: Requirement = {
      ...requirement,
      id: 'LIST-INTERVAL-INCLUSIVE',
      level: 'profile',
      conventions: ['listTimestampUnit', 'listBoundsInclusive'],
    };
    const failed = [outcome('failed', { requirements: [resting.id], evidence })];
    const stated = judgeRequirement(resting, failed, false, () => []);
    expect(stated.verdict, 'with both stated, a failure is a FAIL').toBe('FAIL');
    const unstated = judgeRequirement(resting, failed, false, (names) =>
      names.filter((name) => name === 'listBoundsInclusive'),
    );
    expect(unstated).toMatchObject({
      verdict: 'UNSPECIFIED',
      reason:
        'not declared by the profile: conventions.listBoundsInclusive (whether the list interval includes its bounds, §4.4)',
      evidence: [],
    });
  });

  test('should not verify a requirement no test of the run covered, and say whether --grep left it out', () => {
    expect(judgeRequirement(requirement, [], true).reason).toBe('not run: the run was limited (--grep) to other tests');
    expect(judgeRequirement(requirement, [outcome('passed', { requirements: ['OTHER-ID'] })], false)).toMatchObject({
      verdict: 'NOT VERIFIED',
      reason: 'no test of this run verifies it',
    });
  });

  test('should report what the interface does not show as UNSPECIFIED, and untestable statements as NOT VERIFIED', () => {
    expect(
      judgeRequirement({ ...requirement, unspecified: true, untestable: 'no limit is shown' }, [], false),
    ).toMatchObject({
      verdict: 'UNSPECIFIED',
      reason: 'no limit is shown',
    });
    expect(judgeRequirement({ ...requirement, untestable: 'internal only' }, [outcome('passed')], false)).toMatchObject(
      {
        verdict: 'NOT VERIFIED',
        reason: 'internal only',
      },
    );
  });

  test('should keep at most five evidence excerpts', () => {
    const failed = Array.from({ length: 8 }, (_, n) => outcome('failed', { evidence: { ...evidence, test: `t${n}` } }));
    expect(judgeRequirement(requirement, failed, false).evidence).toHaveLength(5);
  });

  test('should make a requirement a failed one blocked NOT VERIFIED, naming it, even where another test passed', () => {
    const blocked = judgeRequirement(
      requirement,
      [outcome('failed', { blockedBy: ['CREATE-RESPONSE-SHAPE'] }), outcome('skipped', { skipReason: 'no control' })],
      false,
    );
    expect(blocked).toMatchObject({
      verdict: 'NOT VERIFIED',
      blockedBy: ['CREATE-RESPONSE-SHAPE'],
      reason: 'blocked by CREATE-RESPONSE-SHAPE: its failure left nothing to check this requirement on',
    });
    expect(blocked.tests.map((t) => [t.status, t.blockedBy])).toEqual([
      ['blocked', ['CREATE-RESPONSE-SHAPE']],
      ['skipped', undefined],
    ]);
    const verifiedElsewhere = judgeRequirement(
      requirement,
      [outcome('failed', { blockedBy: ['CREATE-RESPONSE-SHAPE'] }), outcome('passed')],
      false,
    );
    // PASS means every check of it ran: the blocked one did not.
    expect(verifiedElsewhere).toMatchObject({
      verdict: 'NOT VERIFIED',
      blockedBy: ['CREATE-RESPONSE-SHAPE'],
      partial: { passed: 1, notRun: 1 },
    });
    expect(verifiedElsewhere.reason).toMatch(
      /^1 of its 2 tests ran and passed; 1 did not run, so not every check of it was made: "a failed test" \(blocked by CREATE-RESPONSE-SHAPE\)$/,
    );
  });

  test('should not pass a requirement one of whose tests was skipped, saying what ran and what did not', () => {
    const result = judgeRequirement(
      requirement,
      [
        outcome('passed'),
        outcome('passed'),
        outcome('skipped', { skipReason: '19 of 20 cases ran: the budget ran out' }),
      ],
      false,
    );
    expect(result).toMatchObject({ verdict: 'NOT VERIFIED', partial: { passed: 2, notRun: 1 } });
    expect(result.blockedBy).toBeUndefined();
    expect(result.reason).toContain('2 of its 3 tests ran and passed');
    expect(result.reason).toContain('"a skipped test" (19 of 20 cases ran: the budget ran out)');
    expect(result.tests.map((t) => t.status)).toEqual(['passed', 'passed', 'skipped']);
  });

  test('should name at most three tests that did not run, and count the rest', () => {
    const skipped = Array.from({ length: 5 }, (_, n) => ({
      ...outcome('skipped', { skipReason: `reason ${n}` }),
      title: `skipped ${n}`,
    }));
    const result = judgeRequirement(requirement, [outcome('passed'), ...skipped], false);
    expect(result.reason).toContain('"skipped 2" (reason 2), and 2 more');
    expect(result.reason).not.toContain('skipped 3');
  });

  test('should pass a requirement whose only skipped tests do not apply to the target', () => {
    const notApplicable: TestOutcome = {
      ...outcome('skipped', { skipReason: 'the profile names no path for mediaUpload (§4.7)' }),
      outcomes: [{ requirement: requirement.id, status: 'skipped', notApplicable: true }],
    };
    const result = judgeRequirement(requirement, [outcome('passed'), notApplicable], false);
    expect(result.verdict).toBe('PASS');
    expect(result.tests.map((t) => t.notApplicable)).toEqual([undefined, true]);
    // Alone, a test that does not apply verifies nothing.
    expect(judgeRequirement(requirement, [notApplicable], false)).toMatchObject({
      verdict: 'NOT VERIFIED',
      reason: 'every test of it was skipped: the profile names no path for mediaUpload (§4.7)',
    });
  });

  test('should fail the profile gate on any failure, the spec gate on a spec-level one only, and call a run with errors incomplete', () => {
    const spec = judgeRequirement(requirement, [outcome('failed', { evidence })], false);
    const profileLevel = judgeRequirement(
      { ...requirement, level: 'profile' },
      [outcome('failed', { evidence })],
      false,
    );
    const outcomes = [outcome('failed', { evidence })];
    expect(outcomeOf(summarise([spec], outcomes), [])).toBe('not-conformant');
    expect(outcomeOf(summarise([profileLevel], outcomes), []), 'a convention the profile states').toBe(
      'not-conformant',
    );
    expect(outcomeOf(summarise([profileLevel], outcomes), [], 'spec')).toBe('conformant');
    expect(outcomeOf(summarise([spec], outcomes), [], 'spec')).toBe('not-conformant');
    expect(outcomeOf(summarise([], []), ['global setup failed'])).toBe('incomplete');
    expect(summarise([spec, profileLevel], outcomes)).toEqual({
      pass: 0,
      fail: 2,
      notVerified: 0,
      unspecified: 0,
      failSpec: 1,
      failCritical: 0,
      blocked: 0,
      tests: { passed: 0, failed: 1, skipped: 0 },
    });
  });

  test('should mark a critical requirement in its result and count a critical FAIL, which fails either gate', () => {
    const critical = judgeRequirement({ ...requirement, critical: true }, [outcome('failed', { evidence })], false);
    const plain = judgeRequirement(requirement, [outcome('passed')], false);
    expect(critical.critical).toBe(true);
    expect(plain.critical).toBeUndefined();
    const summary = summarise([critical, plain], [outcome('failed', { evidence })]);
    expect(summary.failCritical).toBe(1);
    expect(outcomeOf(summary, [], 'spec')).toBe('not-conformant');
    expect(outcomeOf(summary, [], 'profile')).toBe('not-conformant');
  });
});
