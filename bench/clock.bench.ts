/**
 * The virtual clock (issue 10, figure 5): the sandbox's whole default retry schedule for one postback (ten attempts
 * over more than 27 hours of its time) delivered to a receiver that never acknowledges, each attempt's body verified
 * against the pinned service key, in wall time. The baseline is the schedule's own length in sandbox time.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '../src/client/api-client.js';
import { SandboxControl } from '../src/control/sandbox-control-client.js';
import { sandboxConventions } from '../src/sandbox/config/sandbox-conventions.js';
import { loadProfile } from '../src/profile/load-profile.js';
import { startSandbox } from '../src/sandbox/start-sandbox.js';
import { verifyBody } from '../src/signing/body-signer.js';
import type { Figure } from './lib/figure.js';
import { payInFields } from './lib/pay-in.js';

const HOUR = 3_600_000;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function benchClock(): Promise<Figure[]> {
  const profile = await loadProfile();
  const { delaysMs, repeatEveryMs, maxAttempts } = sandboxConventions(profile.settings.conventions).postbackRetry;
  const scheduleMs = Array.from({ length: maxAttempts }, (_, i) => delaysMs[i] ?? repeatEveryMs).reduce(
    (a, b) => a + b,
  );
  let verified = 0;
  let attempts = 0;
  let allArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  // The merchant never acknowledges: every attempt of the schedule is made.
  const receiver = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      attempts++;
      const signed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      if (verifyBody(signed, profile.postbackVerification.scheme, profile.postbackVerification.key).valid) verified++;
      response.writeHead(503).end();
      if (attempts === maxAttempts) allArrived();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pb`;
  const sandbox = await startSandbox({ profile });
  const api = new ApiClient({ baseUrl: sandbox.url, profile });
  const token = profile.controlToken;
  if (token === undefined) throw new Error('the sandbox profile names no control token');
  const control = new SandboxControl({ baseUrl: sandbox.url, token });
  try {
    const created = await api.createPayIn({ ...payInFields(profile), postBackUrl: receiverUrl });
    const paymentId = (created.json as { paymentId: string }).paymentId;
    const started = performance.now();
    await control.setOutcome(paymentId, { status: 'SUCCESS' });
    await control.advance(Math.ceil(scheduleMs / HOUR + 1) * HOUR, 30_000);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      arrived,
      new Promise((_, reject) => {
        timer = setTimeout(() => {
          reject(new Error(`only ${String(attempts)} attempts within 30 s`));
        }, 30_000);
      }),
    ]).finally(() => {
      clearTimeout(timer);
    });
    const wallMs = performance.now() - started;
    return [
      {
        name: 'virtual clock: the whole default retry schedule delivered and verified',
        value: Math.round(wallMs),
        unit: 'ms wall',
        baseline: { name: 'the schedule in sandbox time (ms)', value: scheduleMs },
        ratio: Math.round(scheduleMs / wallMs),
        target: '< 1 s',
        met: wallMs < 1_000 && attempts === maxAttempts && verified === maxAttempts,
        notes: `${attempts} attempts over ${(scheduleMs / HOUR).toFixed(1)} h of sandbox time, ${verified} signatures verified`,
      },
    ];
  } finally {
    await api.close();
    await control.close();
    await sandbox.stop();
    receiver.closeAllConnections();
    receiver.close();
  }
}
