/**
 * How long the receiver preflight waits for the shop (issue 39): the profile's timeoutMs, never less than 5 s (a
 * preflight asks whether the shop is there; the RECEIVER-ACK-* tests judge the timeout) and never more than 12 s (a
 * shop that never answers stops the run soon).
 */
import { expect, test } from '@playwright/test';
import {
  PREFLIGHT_LEAST_WAIT_MS,
  PREFLIGHT_WAIT_MS,
  preflightWaitMs,
} from '../../../src/receiver/receiver-preflight.js';

test('should wait the profile timeout between the least and the longest wait', () => {
  expect(preflightWaitMs({ timeoutMs: 1_000 })).toBe(PREFLIGHT_LEAST_WAIT_MS);
  expect(preflightWaitMs({ timeoutMs: 8_000 })).toBe(8_000);
  expect(preflightWaitMs({ timeoutMs: 60_000 })).toBe(PREFLIGHT_WAIT_MS);
  expect(PREFLIGHT_LEAST_WAIT_MS).toBeLessThan(PREFLIGHT_WAIT_MS);
});
