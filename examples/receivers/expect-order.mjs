#!/usr/bin/env node
// A setup command for the reference receiver (receiver.expectedPayments.setup.command): makes it expect one payment
// by creating its order, from the values the kit puts in the environment. A shop's own would call its admin tool or
// write the order where the shop keeps it.
//
//   "setup": { "command": ["node", "examples/receivers/expect-order.mjs", "http://127.0.0.1:8090/merchant/orders"] }
/* global fetch, AbortSignal */
const [ordersUrl] = process.argv.slice(2);
if (ordersUrl === undefined) {
  process.stderr.write('usage: expect-order.mjs ORDERS_URL (KIT_MERCHANT_PAYMENT_ID, KIT_AMOUNT, KIT_CURRENCY set)\n');
  process.exit(2);
}
const order = {
  merchantPaymentId: process.env.KIT_MERCHANT_PAYMENT_ID,
  amount: Number(process.env.KIT_AMOUNT),
  currency: process.env.KIT_CURRENCY,
};
const response = await fetch(ordersUrl, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(order),
  signal: AbortSignal.timeout(5_000),
});
process.stdout.write(`${response.status} ${await response.text()}\n`);
process.exit(response.status === 201 ? 0 : 1);
