/**
 * §3, §4.3–§4.5 and §6 as one stateful property: random sequences of creations (pay_in, pay_out), outcomes, flips,
 * status checks, lists, complaints and their moves and flips, with the target compared to a model after every step,
 * the postbacks it sent included. Needs an outcome driver that moves payments already created (control, or the
 * provider's settlePayment and flipPayment helpers); the time postbacks take passes on the target's virtual clock
 * where it has one, in real time elsewhere.
 */
import fc from 'fast-check';
import { test, verifies } from '../../fixtures/index.js';
import { assertProperty, propertyRun } from '../../fixtures/conformance/property-runs.js';
import { serviceCommands, type ServiceUnderTest } from '../../fixtures/model/service-commands.js';
import { emptyModel } from '../../fixtures/model/service-model.js';

/** Commands per sequence: enough for payments to be created, moved, flipped and complained about, several over. */
const MAX_COMMANDS = 30;
/** A sequence costs a few cases' requests, but short ones (fast-check starts small) cost less: half the cases. */
const SEQUENCES_PER_CASE = 1 / 2;

test.describe('the service against its model · stateful property', () => {
  test(
    'any sequence of operations leaves statuses, lists and postbacks as the model says, after every step',
    verifies([
      'PAYMENT-INITIAL-PENDING',
      'STATUS-REFLECTS-OUTCOME',
      'PAYMENT-REEVALUATION',
      'LIST-FILTER-STATUS',
      'COMPLAINT-REFLECTS-STATUS',
      'COMPLAINT-REEVALUATION',
      'PB-PAYMENT-STATUS-SET',
      'PB-FLIP-RESENT',
      'PB-PAYMENT-CONSISTENT',
      'PB-FAILEDCODE',
      'PB-COMPLAINT-STATUS-SET',
      'PB-COMPLAINT-FLIP-RESENT',
      'PB-COMPLAINT-CONSISTENT',
      'PB-STOP-AFTER-200',
      'PB-ROUTING',
      'PB-COMPLAINT-ROUTING',
    ]),
    async ({ api, given, capture }) => {
      const actor = given.paymentActor();
      // Every payment of the model waits for its steps: a target whose plain payments settle by themselves needs a hold.
      given.hold();
      const time = await given.postbackTime();
      const run = propertyRun(given.profile);
      const sequences = fc.commands(serviceCommands(given.profile), {
        maxCommands: MAX_COMMANDS,
        // fast-check's default size keeps sequences short, and steps on payments that do not exist yet are skipped.
        size: 'max',
        ...(run.replayPath === undefined ? {} : { replayPath: run.replayPath }),
      });
      await assertProperty(
        given.profile,
        fc.asyncProperty(sequences, async (commands) => {
          // Endpoints of the sequence's own: the postbacks it compares are exactly the ones its steps caused.
          const real: ServiceUnderTest = {
            api,
            given,
            actor,
            time,
            paymentPostbacks: await capture.endpoint({ kind: 'payment', label: 'model: payment postbacks' }),
            complaintPostbacks: await capture.endpoint({ kind: 'complaint', label: 'model: complaint postbacks' }),
            merchantPostbacks: capture.merchant,
            created: new Map(),
          };
          const recipientLimitCode = given.profile.settings.conventions?.postbackRecipientLimitCode;
          await fc.asyncModelRun(() => ({ model: emptyModel(recipientLimitCode), real }), commands);
        }),
        // Each step is a request or two, a list walk, or a clock jump with postbacks: about 3 requests a step.
        { numRuns: Math.max(1, Math.ceil(run.numRuns * SEQUENCES_PER_CASE)), requestsPerCase: 3 * MAX_COMMANDS },
      );
    },
  );
});
