/**
 * Attribution (src/report/attribution.ts): a test's verdict for each requirement comes from its own checks. A test
 * of A and B whose check of A failed fails A only; a broken precondition fails its own requirement once and blocks
 * the test's; an error no check claims fails the test's requirements as a whole, unless a failed check explains it;
 * a limit of the kit (the test's time, its capture server, its worker) leaves them NOT VERIFIED, never failed.
 */
import { expect, test } from '@playwright/test';
import {
  ATTRIBUTED_MARK,
  attribute,
  BLOCKED_ANNOTATION,
  checkAnnotation,
  NOT_APPLICABLE_ANNOTATION,
  type RequirementOutcome,
} from '../../../src/report/attribution.js';
import { KIT_LIMIT_MARK } from '../../../src/kit-limit.js';

const failedCheck = (requirement: string, message = `${requirement} broke`) =>
  checkAnnotation({ requirement, ok: false, message });
const passedCheck = (requirement: string) => checkAnnotation({ requirement, ok: true });
const blocked = (requirement: string) => ({ type: BLOCKED_ANNOTATION, description: requirement });
const attributed = `Error: ${ATTRIBUTED_MARK} A: expected 400`;

const view = (outcomes: RequirementOutcome[]) =>
  outcomes.map((o) => [o.requirement, o.status, o.blockedBy?.join(',') ?? o.message ?? '']);

test.describe('attribution', () => {
  test('should fail only the requirement whose soft check failed, and pass the test’s others', () => {
    const outcomes = attribute({
      requirements: ['A', 'B'],
      status: 'failed',
      annotations: [failedCheck('A'), passedCheck('B')],
      errors: [attributed],
    });
    expect(view(outcomes)).toEqual([
      ['A', 'failed', 'A broke'],
      ['B', 'passed', ''],
    ]);
  });

  test('should block what a failed hard check stopped, keeping what was checked before it', () => {
    const outcomes = attribute({
      requirements: ['A', 'B', 'C'],
      status: 'failed',
      annotations: [passedCheck('C'), failedCheck('A'), blocked('A')],
      errors: [attributed],
    });
    expect(view(outcomes)).toEqual([
      ['A', 'failed', 'A broke'],
      ['B', 'blocked', 'A'],
      ['C', 'passed', ''],
    ]);
  });

  test('should fail a broken precondition once, though the test is not tagged with it, and block the test', () => {
    const outcomes = attribute({
      requirements: ['LIST-TAKE'],
      status: 'failed',
      annotations: [failedCheck('CREATE-RESPONSE-SHAPE', 'no paymentId'), blocked('CREATE-RESPONSE-SHAPE')],
      errors: [`Error: ${ATTRIBUTED_MARK} CREATE-RESPONSE-SHAPE: no paymentId`],
    });
    expect(view(outcomes)).toEqual([
      ['LIST-TAKE', 'blocked', 'CREATE-RESPONSE-SHAPE'],
      ['CREATE-RESPONSE-SHAPE', 'failed', 'no paymentId'],
    ]);
  });

  test('should fail every tag on an error no check claims, a passed check of one included', () => {
    const crash = "TypeError: Cannot read properties of undefined (reading 'status')";
    const outcomes = attribute({
      requirements: ['A', 'B'],
      status: 'failed',
      annotations: [passedCheck('A')],
      errors: [crash],
    });
    expect(view(outcomes)).toEqual([
      ['A', 'failed', crash],
      ['B', 'failed', crash],
    ]);
  });

  test('should leave every tag NOT VERIFIED, never failed nor passed, when the test ran out of its own time', () => {
    const outcomes = attribute({
      requirements: ['A', 'B'],
      status: 'failed',
      playwrightStatus: 'timedOut',
      annotations: [passedCheck('A')],
      errors: ['Test timeout of 30000ms exceeded.', 'TransportError: GET …/attempts: UND_ERR_CLOSED'],
    });
    expect(outcomes.map((o) => [o.requirement, o.status])).toEqual([
      ['A', 'skipped'],
      ['B', 'skipped'],
    ]);
    for (const outcome of outcomes) {
      expect(outcome.reason).toContain("the test's time limit of 30 s ran out");
      expect(outcome.reason).toContain('not a finding about the target');
    }
  });

  test('should leave the tags NOT VERIFIED when the kit itself failed the test (its capture server, a dead worker)', () => {
    const capture = attribute({
      requirements: ['A'],
      status: 'failed',
      annotations: [],
      errors: [`CaptureApiError: ${KIT_LIMIT_MARK} the kit's capture server failed: capture API GET x: 503`],
    });
    expect(capture.map((o) => [o.requirement, o.status, o.reason])).toEqual([
      ['A', 'skipped', "the kit's capture server failed: capture API GET x: 503"],
    ]);
    const worker = attribute({
      requirements: ['A'],
      status: 'failed',
      annotations: [],
      errors: ['Error: worker process exited unexpectedly (code=134, signal=null)'],
    });
    expect(worker[0]?.status).toBe('skipped');
    expect(worker[0]?.reason).toContain("the kit's worker process died");
  });

  test("should keep a failed check's FAIL when the test ran out of time after it", () => {
    const outcomes = attribute({
      requirements: ['A', 'B'],
      status: 'failed',
      playwrightStatus: 'timedOut',
      annotations: [failedCheck('A')],
      errors: [attributed, 'Test timeout of 30000ms exceeded.'],
    });
    expect(view(outcomes)).toEqual([
      ['A', 'failed', 'A broke'],
      ['B', 'blocked', 'A'],
    ]);
  });

  test('should block the rest on a crash that follows a failed soft check', () => {
    const outcomes = attribute({
      requirements: ['A', 'B'],
      status: 'failed',
      annotations: [failedCheck('A')],
      errors: [attributed, "TypeError: Cannot read properties of undefined (reading 'id')"],
    });
    expect(view(outcomes)).toEqual([
      ['A', 'failed', 'A broke'],
      ['B', 'blocked', 'A'],
    ]);
  });

  test('should not trust a mark no recorded check backs, nor read a garbled annotation as one', () => {
    const outcomes = attribute({
      requirements: ['A'],
      status: 'failed',
      annotations: [{ type: 'check', description: '{not json' }],
      errors: [attributed],
    });
    expect(view(outcomes)).toEqual([['A', 'failed', attributed]]);
  });

  test('should skip every tag of a skipped test and pass every tag of a passed one', () => {
    expect(view(attribute({ requirements: ['A'], status: 'skipped', annotations: [], errors: [] }))).toEqual([
      ['A', 'skipped', ''],
    ]);
    expect(view(attribute({ requirements: ['A', 'A'], status: 'passed', annotations: [], errors: [] }))).toEqual([
      ['A', 'passed', ''],
    ]);
  });

  test('should mark the tags of a test skipped for what the target does not offer as not applicable', () => {
    const annotations = [{ type: NOT_APPLICABLE_ANNOTATION, description: 'the profile names no path for smsConfirm' }];
    expect(attribute({ requirements: ['A', 'B'], status: 'skipped', annotations, errors: [] })).toEqual([
      { requirement: 'A', status: 'skipped', notApplicable: true },
      { requirement: 'B', status: 'skipped', notApplicable: true },
    ]);
    // Any other skip is no such mark: it leaves the requirement incomplete.
    expect(attribute({ requirements: ['A'], status: 'skipped', annotations: [], errors: [] })[0]).not.toHaveProperty(
      'notApplicable',
    );
  });
});
