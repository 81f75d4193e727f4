import type { MagicPayment, PaymentEnd, Profile, Timing } from '../../../../generated/profile/profile.gen.js';
import { SANDBOX_SMS_CODE } from '../../config/payment-methods.js';
import { nonEmpty } from './prng.js';
import type { RandomDraw } from './random-draw.js';

/**
 * The profile a merchant of the random flavour would write from its documentation: its paths, its signing both ways,
 * its methods as it describes them (bounds, fields), every convention it decides, its helpers and magic values, and
 * waits that fit its timings. Key files are absolute paths (the profile may be written anywhere).
 */
export function randomProfile(draw: RandomDraw): Profile {
  const { conventions } = draw.conventions;
  return {
    name: `random-sandbox-seed-${draw.seed}`,
    description:
      `The sandbox's random flavour, seed ${draw.seed} (npm run sandbox -- --flavor random --seed ${draw.seed}): ` +
      'every choice the interface leaves to a provider drawn among its legal values, stated here as its merchant would.',
    operations: draw.operations,
    signing: draw.signing,
    postbacks: draw.postbacks,
    merchant: {
      id: draw.merchantId,
      ...(draw.methods.fixtures.smsRequired === undefined ? {} : { smsTestCode: SANDBOX_SMS_CODE }),
      paymentMethods: draw.methods.fixtures,
    },
    // Its payment page behind formUrl (served under its pages' path), as the reference's: for the browser checks.
    page: {
      pay: { role: 'button', name: 'Pay' },
      fail: { role: 'button', name: 'Fail' },
      qr: '#qr',
      appButton: 'a[data-app="{{app}}"]',
    },
    capabilities: { sandboxControl: false, postbackDelivery: true },
    outcomes: {
      order: draw.driverOrder,
      magicValues: { settleMs: draw.magic.settleMs, payments: nonEmpty(magicPayments(draw)) },
      httpHooks: {
        headers: {
          [draw.helpers.header.name]: {
            file: draw.helpers.header.file,
            ...(draw.helpers.header.format === undefined ? {} : { format: draw.helpers.header.format }),
          },
        },
        ...draw.helpers.hooks,
      },
      plainPayments: draw.plain,
    },
    timing: timing(draw),
    safety: {
      maxAmount: draw.safetyMax,
      requestsPerSecond: 300,
      allowPayouts: true,
      merchantPaymentIdPrefix: draw.merchantPaymentIdPrefix,
    },
    propertyRuns: { numRuns: 20, deepNumRuns: 200 },
    conventions,
  };
}

function magicPayments(draw: RandomDraw): MagicPayment[] {
  return draw.magic.entries.map(({ set, outcome }): MagicPayment => {
    if (outcome === undefined) return { set, ends: [{ status: 'PENDING' }] };
    const first: PaymentEnd = {
      status: outcome.status,
      ...(outcome.failedCode === undefined ? {} : { failedCode: outcome.failedCode }),
    };
    const flip = outcome.flipsTo;
    if (flip === undefined) return { set, ends: [first] };
    return {
      set,
      ends: [
        first,
        {
          status: flip.status,
          ...(flip.failedCode === undefined ? {} : { failedCode: flip.failedCode }),
          afterMs: draw.magic.flipMs,
        },
      ],
    };
  });
}

/**
 * Waits that fit the flavour: a postback due at once arrives within its first delay (with the jitter and the status
 * lag), a status change within the magic values' settle and flip times or the plain payments' own, and a postback
 * check may watch the first six attempts of the schedule, timeouts included (a minute at most).
 */
function timing(draw: RandomDraw): Timing {
  const retry = draw.conventions.conventions.postbackRetry;
  const lag = draw.conventions.conventions.statusLagMs ?? 0;
  const stretch = 1 + (retry?.jitter ?? 0);
  // The waits before the first six attempts (a retry check answers five ways before its 200), past the list every
  // repeatEveryMs.
  const delays = retry?.delaysMs ?? [];
  const firstSix = [0, 1, 2, 3, 4, 5].reduce((sum, n) => sum + (delays[n] ?? retry?.repeatEveryMs ?? 0), 0);
  const plainMs = typeof draw.plain === 'object' ? draw.plain.afterMs : 0;
  return {
    requestTimeoutMs: 10_000,
    postbackWaitMs: Math.max(5_000, Math.ceil((retry?.delaysMs[0] ?? 0) * stretch) + lag + 3_000),
    statusChangeWaitMs: Math.max(5_000, draw.magic.settleMs + draw.magic.flipMs + lag + 2_000, plainMs + lag + 2_000),
    propertyBudgetMs: 60_000,
    postbackBudgetMs: Math.min(60_000, Math.ceil(firstSix * stretch) + 3 * (retry?.attemptTimeoutMs ?? 3_000) + 5_000),
  };
}
