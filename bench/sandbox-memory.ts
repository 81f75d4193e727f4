/**
 * Child process of the sandbox benchmark: stores 100,000 payments through the sandbox's own creation code (no HTTP,
 * so only storage is measured) and prints the resident set size as JSON. Run with --expose-gc.
 */
import { createPayment } from '../src/sandbox/service/create-payment.js';
import { startSandbox } from '../src/sandbox/start-sandbox.js';

const COUNT = Number(process.argv[2] ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const sandbox = await startSandbox();
const { context } = sandbox;
const merchant = [...context.merchants.values()][0];
if (merchant === undefined) throw new Error('no merchant');
const method = [...context.methods.values()].find((m) => m.method.id === 'sbx-card-in')?.method;
if (method === undefined) throw new Error('no sbx-card-in method');
gc();
const before = process.memoryUsage();
for (let i = 0; i < COUNT; i++) {
  // Through JSON, as an HTTP body arrives: flat strings, not the cons strings template literals build.
  const body = JSON.parse(
    JSON.stringify({
      publicKey: merchant.publicKey,
      hash: 'not checked below HTTP',
      accountId: method.accountId,
      paymentMethodId: method.id,
      amount: 100 + (i % 50),
      clientFieldsValues: [
        { key: 'cardholder', value: `Holder ${i}` },
        { key: 'cardLast4', value: String(1000 + (i % 9000)) },
      ],
      merchantPaymentId: `kit-bench-${i}`,
      merchantUserId: `user-${i % 1000}`,
    }),
  ) as Parameters<typeof createPayment>[3];
  createPayment(context, merchant, 'PAY_IN', body);
}
gc();
const after = process.memoryUsage();
console.log(
  JSON.stringify({
    payments: context.payments.size,
    rssBeforeMb: mb(before.rss),
    rssAfterMb: mb(after.rss),
    heapUsedMb: mb(after.heapUsed),
  }),
);
await sandbox.stop();
