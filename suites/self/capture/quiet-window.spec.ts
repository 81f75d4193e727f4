/**
 * The quiet window's judgement (fixtures/conformance/quiet-window.ts) on made-up attempts: after a scenario, a status
 * older than the one acknowledged last is PB-NO-STALE-RETRY's finding, a repeat of an acknowledged postback
 * PB-STOP-AFTER-200's, and retries of a postback never acknowledged are nobody's.
 */
import { expect, test } from '@playwright/test';
import type { CheckedAttempt } from '../../../generated/capture/definitions.gen.js';
import { lateAttempts } from '../../../fixtures/conformance/quiet-window.js';

function attempt(n: number, status: string, reply: number): CheckedAttempt {
  const body = Buffer.from(JSON.stringify({ id: 'p-1', status })).toString('base64');
  return {
    attempt: { n, body, reply: { answer: 'status', status: reply } },
    check: { kind: 'payment', findings: [], signature: 'valid' },
  } as unknown as CheckedAttempt;
}

test.describe('quiet window', () => {
  test('should call an older status after a newer one was acknowledged stale, whatever its bytes', () => {
    const attempts = [attempt(1, 'SUCCESS', 200), attempt(2, 'FAILED', 200), attempt(3, 'SUCCESS', 200)];
    expect(lateAttempts([...attempts, attempt(4, 'FAILED', 200)], 3)).toEqual([
      { requirement: 'PB-NO-STALE-RETRY', n: 4, why: 'attempt 4 brings back FAILED after SUCCESS was acknowledged' },
    ]);
  });

  test('should call a repeat of the postback acknowledged last a duplicate after 200', () => {
    const attempts = [attempt(1, 'SUCCESS', 200), attempt(2, 'SUCCESS', 200)];
    expect(lateAttempts(attempts, 1).map((l) => l.requirement)).toEqual(['PB-STOP-AFTER-200']);
  });

  test('should leave the retries of a postback never acknowledged, and a quiet endpoint, alone', () => {
    expect(
      lateAttempts([attempt(1, 'SUCCESS', 500), attempt(2, 'SUCCESS', 500), attempt(3, 'SUCCESS', 200)], 1),
    ).toEqual([]);
    expect(lateAttempts([attempt(1, 'SUCCESS', 200)], 1)).toEqual([]);
  });
});
