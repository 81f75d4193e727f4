/**
 * The capture server under a flood (issue 33): memory and disk stay within their bounds, what an open test needs is
 * still there (read back from the evidence once out of memory), what the bounds dropped is counted, and it answers a
 * valid postback afterwards. Small bounds make a small flood enough; bench/capture-flood.bench.ts floods it for real.
 */
import { expect, PAYMENT_POSTBACK, post, test } from '../../../fixtures/self/capture-harness.js';
import { evidenceFilesBytes, readEvidence } from '../../../src/capture/evidence-log.js';
import { boundBytes, describeBounds } from '../../../src/capture/capture-limits.js';

const KIB = 1024;

/** Sends `count` requests, `parallel` at a time; the statuses seen (0 for no answer). */
async function flood(
  count: number,
  parallel: number,
  send: (i: number) => Promise<{ status: number } | { error: string }>,
) {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const sent = await send(next++);
        statuses.push('status' in sent ? sent.status : 0);
      }
    }),
  );
  return statuses;
}

test.describe('capture server: bounded under a flood', () => {
  test('should keep its evidence within the cap, the first and latest attempts of each endpoint, and count what it dropped', async ({
    harness,
  }) => {
    const cap = 400 * KIB;
    const capture = await harness.start({
      evidenceFile: `${harness.evidenceFile}.bounded`,
      evidenceBytes: cap,
      memoryBytes: 64 * KIB,
    });
    const endpoint = await capture.createEndpoint({ kind: 'payment', label: 'a test of its own' });
    const own = harness.service.sign({ ...PAYMENT_POSTBACK, id: 'own-payment' });
    expect(await post(endpoint.url, own)).toEqual({ status: 200 });
    const merchant = `${capture.url}/pb/merchant`;
    const filler = 'x'.repeat(2 * KIB);
    const statuses = await flood(1_500, 16, (i) =>
      i % 5 === 0
        ? post(`${capture.url}/pb/nowhere/${i}`, { i, filler })
        : post(merchant, harness.service.sign({ ...PAYMENT_POSTBACK, id: `flood-${i}`, merchantPaymentId: filler })),
    );
    expect(statuses.filter((status) => status >= 500 || status === 0)).toEqual([]);
    // After the flood: a valid postback is answered and checked as ever.
    expect(await post(endpoint.url, own)).toEqual({ status: 200 });
    const attempts = await endpoint.waitForAttempts(2, 1_000);
    expect(attempts.map((a) => a.check.findings.filter((f) => f.severity === 'error'))).toEqual([[], []]);

    // Out of memory, still there: the merchant endpoint's early and late attempts read back from the evidence.
    const bounds = capture.bounds();
    expect(bounds.evictedFromMemory).toBeGreaterThan(0);
    const merchantEndpoint = capture.endpoint('merchant');
    const early = await merchantEndpoint?.attempts('flood-1');
    expect(early?.map((a) => [a.check.kind, a.check.status, a.check.signature])).toEqual([
      ['payment', 'SUCCESS', 'valid'],
    ]);
    const late = await merchantEndpoint?.attempts('flood-1499');
    expect(late?.map((a) => a.check.signature)).toEqual(['valid']);
    // One from the middle, out of memory and rotated out of the evidence: known as dropped, with what it was given
    // (its answer, its time), never judged and never an error against the target.
    const [middle] = (await merchantEndpoint?.attempts('flood-601')) ?? [];
    expect(middle?.check.findings.map((f) => `${f.severity} ${f.rule}`)).toEqual(['warning dropped']);
    expect(middle?.attempt).toMatchObject({ body: '', truncated: true, reply: { answer: 'status', status: 200 } });
    expect(Date.parse(middle?.attempt.receivedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    await capture.stop();
    const file = `${harness.evidenceFile}.bounded`;
    // The files stay within the cap, the dropped line included.
    expect(evidenceFilesBytes(file)).toBeLessThanOrEqual(cap);
    const { lines, problems } = await readEvidence(file);
    expect(problems).toEqual([]);
    const kept = lines.flatMap((line) => (line.type === 'attempt' ? [line.attempt] : []));
    const dropped = lines.find((line) => line.type === 'dropped');
    expect(dropped?.type === 'dropped' ? dropped.attempts : 0).toBeGreaterThan(0);
    // Every attempt is on disk or counted as dropped.
    expect(kept.length + (dropped?.type === 'dropped' ? dropped.attempts : 0)).toBe(1_502);
    // The first attempts of each endpoint and the latest ones are kept.
    const merchantKept = kept.filter((a) => a.token === 'merchant').map((a) => a.n);
    expect(merchantKept.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(Math.max(...merchantKept)).toBe(1_200);
    expect(kept.filter((a) => a.token === endpoint.token).map((a) => a.n)).toEqual([1, 2]);
    expect(
      kept
        .filter((a) => a.token === null)
        .map((a) => a.n)
        .slice(0, 4),
    ).toEqual([1, 2, 3, 4]);
    expect(describeBounds(capture.bounds())).toMatch(
      /^the capture server's bounds were reached: \d+ attempt\(s\) \(\d+ KiB\) dropped from the evidence by its size bound \(\d+ at \/pb\/merchant/,
    );
  });

  test('should answer a body over the limit 413 without keeping it, and record its size as a finding', async ({
    harness,
  }) => {
    const capture = await harness.start({ evidenceFile: `${harness.evidenceFile}.oversize`, maxBodyBytes: 8 * KIB });
    const endpoint = await capture.createEndpoint({ kind: 'payment', script: [{ answer: 'status', status: 500 }] });
    expect(await post(endpoint.url, Buffer.alloc(64 * KIB, 0x7b))).toEqual({ status: 413 });
    // The script was not used up by the oversize body: the next attempt gets its 500.
    expect(await post(endpoint.url, harness.service.sign(PAYMENT_POSTBACK))).toEqual({ status: 500 });
    const [oversize] = await endpoint.waitForAttempts(2, 1_000);
    expect(oversize?.attempt).toMatchObject({ bodyBytes: 64 * KIB, truncated: true, n: 1 });
    expect(Buffer.from(oversize?.attempt.body ?? '', 'base64').length).toBeLessThanOrEqual(8 * KIB);
    expect(oversize?.check.findings.map((f) => f.rule)).toContain('size');
    expect(capture.bounds().oversize).toBe(1);
    expect(describeBounds(capture.bounds())).toBe(
      "the capture server's bounds were reached: 1 postback(s) over the body limit answered 413",
    );
  });

  test('should restore the attempts of a bounded evidence, segments included, on a restart', async ({ harness }) => {
    const file = `${harness.evidenceFile}.restart`;
    const first = await harness.start({ evidenceFile: file, evidenceBytes: 200 * KIB });
    const endpoint = await first.createEndpoint({ kind: 'payment' });
    for (let i = 0; i < 150; i++) {
      await post(
        endpoint.url,
        harness.service.sign({ ...PAYMENT_POSTBACK, id: `r-${i}`, merchantPaymentId: 'y'.repeat(1500) }),
      );
    }
    await first.stop();
    const again = await harness.start({ evidenceFile: file, evidenceBytes: 200 * KIB, resume: true });
    const restored = (await again.endpoint(endpoint.token)?.attempts()) ?? [];
    const numbers = restored.map((a) => a.attempt.n);
    expect(numbers.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(numbers.at(-1)).toBe(150);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
  });
});

test('should read a bound in whole units, and refuse anything else naming where it came from', () => {
  expect(boundBytes('--memory-mb', '64', 1024 * 1024, 1)).toBe(64 * 1024 * 1024);
  expect(boundBytes('KIT_CAPTURE_MEMORY_MB', '', 1024 * 1024, 7)).toBe(7);
  expect(boundBytes('--memory-mb', undefined, 1024 * 1024, 7)).toBe(7);
  for (const bad of ['0', '-1', '1.5', '64MB', '12345678']) {
    expect(() => boundBytes('--memory-mb', bad, 1024 * 1024, 7)).toThrow(
      `--memory-mb must be a positive whole number (got ${bad})`,
    );
  }
});
