/**
 * §4.3 and §4.5 lookup order, over any combination of keys: each key absent, naming one of two payments (or
 * complaints), or naming nothing. The answer is the one the first present key that names something finds, in the
 * interface's order; 404 NOT_FOUND when no key names anything. A failed case is the requirement of its kind.
 */
import fc from 'fast-check';
import { test, verifies } from '../../fixtures/index.js';
import { plainExpect } from '../../fixtures/conformance/plain-expect.js';
import { assertProperty } from '../../fixtures/conformance/property-runs.js';
import { check } from '../../fixtures/conformance/checks.js';
import { expectEachKeyAlone } from '../../fixtures/conformance/complaint-lookups.js';
import { assertErrorBody } from '../../fixtures/conformance/error-answers.js';

type Choice = 'absent' | 'first' | 'second' | 'nothing';
const CHOICE = fc.constantFrom<Choice>('absent', 'first', 'second', 'nothing');

/** What an answer found: the first or the second record, none (404 NOT_FOUND), or something else, as text. */
function found(
  exchange: { status: number; json: unknown; text: string },
  ids: readonly (string | undefined)[],
): string {
  const body = exchange.json as { id?: unknown; error?: unknown } | undefined;
  if (exchange.status === 404 && body?.error === 'NOT_FOUND') return 'none';
  if (exchange.status !== 200) return `${exchange.status} ${exchange.text.slice(0, 200)}`;
  const index = ids.indexOf(typeof body?.id === 'string' ? body.id : undefined);
  return index === 0 ? 'first' : index === 1 ? 'second' : `another record: ${exchange.text.slice(0, 200)}`;
}

/** What a lookup with these keys must find: the first present key that names something, in order. */
function expected(choices: readonly Choice[]): 'first' | 'second' | 'none' {
  const found = choices.find((c) => c === 'first' || c === 'second');
  return found ?? 'none';
}

test(
  'paymentStatus: any combination of paymentId and merchantPaymentId finds what paymentId, then merchantPaymentId, names',
  verifies(
    [
      'STATUS-LOOKUP-PAYMENTID-FIRST',
      'STATUS-LOOKUP-FALLBACK',
      'STATUS-NOT-FOUND',
      'STATUS-BY-PAYMENTID',
      'STATUS-BY-MERCHANTPAYMENTID',
    ],
    'paymentStatus',
  ),
  async ({ api, given }) => {
    const payments = [await given.payment('payIn'), await given.payment('payIn')];
    const keys = {
      paymentId: (c: Choice) => (c === 'nothing' ? given.unknownId() : payments[c === 'first' ? 0 : 1]?.paymentId),
      merchantPaymentId: (c: Choice) =>
        c === 'nothing' ? given.merchantPaymentId() : payments[c === 'first' ? 0 : 1]?.fields.merchantPaymentId,
    };
    await assertProperty(
      given.profile,
      fc.asyncProperty(fc.tuple(CHOICE, CHOICE), async ([byId, byMerchantId]) => {
        fc.pre(byId !== 'absent' || byMerchantId !== 'absent');
        const lookup = {
          ...(byId === 'absent' ? {} : { paymentId: keys.paymentId(byId) ?? '' }),
          ...(byMerchantId === 'absent' ? {} : { merchantPaymentId: keys.merchantPaymentId(byMerchantId) ?? '' }),
        };
        const exchange = await api.dispatch(api.prepareUnchecked('paymentStatus', lookup));
        const wanted = expected([byId, byMerchantId]);
        // A 404 says "none" through its error member (§7): an error body of another shape is ERROR-BODY-SHAPE's.
        if (exchange.status === 404)
          check('ERROR-BODY-SHAPE', () => {
            assertErrorBody(exchange);
          });
        // The case's kind names what it verifies: nothing named, a paymentId that names one, or the fallback.
        // One key alone is that key's lookup (STATUS-BY-…); two, the order's.
        const requirement =
          wanted === 'none'
            ? 'STATUS-NOT-FOUND'
            : byMerchantId === 'absent'
              ? 'STATUS-BY-PAYMENTID'
              : byId === 'absent'
                ? 'STATUS-BY-MERCHANTPAYMENTID'
                : byId === 'first' || byId === 'second'
                  ? 'STATUS-LOOKUP-PAYMENTID-FIRST'
                  : 'STATUS-LOOKUP-FALLBACK';
        check(requirement, () => {
          plainExpect(
            found(
              exchange,
              payments.map((p) => p.paymentId),
            ),
            JSON.stringify(lookup),
          ).toBe(wanted);
        });
      }),
    );
  },
);

test(
  'complaintStatus: any combination of id, paymentId and merchantPaymentId finds what they name, in that order',
  verifies(
    [
      'COMPLAINT-LOOKUP-ORDER',
      'COMPLAINT-NOT-FOUND',
      'COMPLAINT-BY-ID',
      'COMPLAINT-BY-PAYMENTID',
      'COMPLAINT-BY-MERCHANTPAYMENTID',
    ],
    'complaintStatus',
  ),
  async ({ api, given }) => {
    const payments = [await given.payment('payIn'), await given.payment('payIn')];
    const complaints: { id: string }[] = [];
    for (const payment of payments) complaints.push(await given.complaint(payment));
    // Each key finds a complaint alone before any combination of them is judged (their order's cases).
    const [first] = complaints;
    const [paid] = payments;
    if (first !== undefined && paid !== undefined) {
      await expectEachKeyAlone(api, [
        { lookup: { id: first.id }, wanted: first.id },
        { lookup: { paymentId: paid.paymentId }, wanted: first.id },
        { lookup: { merchantPaymentId: paid.fields.merchantPaymentId ?? '' }, wanted: first.id },
      ]);
    }
    const which = (c: Choice) => (c === 'first' ? 0 : 1);
    const keys = {
      id: (c: Choice) => (c === 'nothing' ? given.unknownId() : complaints[which(c)]?.id),
      paymentId: (c: Choice) => (c === 'nothing' ? given.unknownId() : payments[which(c)]?.paymentId),
      merchantPaymentId: (c: Choice) =>
        c === 'nothing' ? given.merchantPaymentId() : payments[which(c)]?.fields.merchantPaymentId,
    };
    await assertProperty(
      given.profile,
      fc.asyncProperty(fc.tuple(CHOICE, CHOICE, CHOICE), async (choices) => {
        fc.pre(choices.some((c) => c !== 'absent'));
        const lookup = Object.fromEntries(
          (['id', 'paymentId', 'merchantPaymentId'] as const)
            .map((key, i) => [key, choices[i] ?? 'absent'] as const)
            .filter(([, choice]) => choice !== 'absent')
            .map(([key, choice]) => [key, keys[key](choice) ?? '']),
        );
        const exchange = await api.dispatch(api.prepareUnchecked('complaintStatus', lookup));
        const wanted = expected(choices);
        // A 404 says "none" through its error member (§7): an error body of another shape is ERROR-BODY-SHAPE's.
        if (exchange.status === 404)
          check('ERROR-BODY-SHAPE', () => {
            assertErrorBody(exchange);
          });
        // One key alone is that key's lookup (COMPLAINT-BY-…); more, the order's.
        const present = (['id', 'paymentId', 'merchantPaymentId'] as const).filter((_, i) => choices[i] !== 'absent');
        const alone = present.length === 1 ? present[0] : undefined;
        const requirement =
          wanted === 'none'
            ? 'COMPLAINT-NOT-FOUND'
            : alone === 'id'
              ? 'COMPLAINT-BY-ID'
              : alone === 'paymentId'
                ? 'COMPLAINT-BY-PAYMENTID'
                : alone === 'merchantPaymentId'
                  ? 'COMPLAINT-BY-MERCHANTPAYMENTID'
                  : 'COMPLAINT-LOOKUP-ORDER';
        check(requirement, () => {
          plainExpect(
            found(
              exchange,
              complaints.map((c) => c.id),
            ),
            JSON.stringify(lookup),
          ).toBe(wanted);
        });
      }),
    );
  },
);
