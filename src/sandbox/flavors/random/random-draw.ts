import type {
  Operations,
  Outcomes,
  PostbackSigning,
  RequestSigning,
} from '../../../../generated/profile/profile.gen.js';
import { drawOperations, drawPostbackSigning, drawRequestSigning } from './draw-api.js';
import { type ConventionsDraw, drawConventions } from './draw-conventions.js';
import { drawHelpers, type HelpersDraw } from './draw-helpers.js';
import { drawMethods, type MethodsDraw } from './draw-methods.js';
import { drawMagic, drawPlain, type MagicDraw, type PlainDraw } from './draw-outcomes.js';
import { nonEmpty, Prng } from './prng.js';

/**
 * Everything the random flavour chose for one seed, drawn in a fixed order from one seeded generator: the same seed
 * is always the same service (and the same profile). What each part varies is told in its draw-*.ts module.
 */
export interface RandomDraw {
  readonly seed: number;
  readonly merchantId: string;
  readonly merchantPaymentIdPrefix: string;
  readonly safetyMax: number;
  readonly operations: Operations;
  /** Where the payment page behind formUrl and uploaded media are served (no control API). */
  readonly pagesBasePath: string;
  readonly signing: RequestSigning;
  readonly postbacks: PostbackSigning;
  readonly conventions: ConventionsDraw;
  readonly magic: MagicDraw;
  readonly plain: PlainDraw;
  readonly methods: MethodsDraw;
  readonly helpers: HelpersDraw;
  readonly driverOrder: NonNullable<Outcomes['order']>;
  /** Payments a second another client of the merchant creates. */
  readonly backgroundPerSecond: number;
  /** The seed of the flavour's chance while it runs (the retries' jitter). */
  readonly runSeed: number;
}

export function drawRandom(seed: number): RandomDraw {
  const prng = new Prng(seed);
  const keyStyle = prng.pick(['camel', 'snake'] as const);
  const safetyMax = prng.pick([1_000, 5_000, 20_000]);
  const conventions = drawConventions(prng);
  const magic = drawMagic(prng, keyStyle);
  const plain = drawPlain(prng);
  const methods = drawMethods(prng, keyStyle, magic, safetyMax);
  const operations = drawOperations(prng, {
    paymentMethods: false,
    mediaUpload: methods.needs.mediaUpload,
    complaintCreate: false,
    smsConfirm: methods.needs.smsConfirm,
  });
  return {
    seed,
    merchantId: `m-${prng.token(8)}`,
    merchantPaymentIdPrefix: prng.pick(['kit-', 'cert-', `t${prng.token(3)}-`]),
    safetyMax,
    operations,
    pagesBasePath: `/${prng.pick(['hosted', 'checkout', 'pay-page', 'web'])}/v${prng.int(1, 3)}`,
    signing: drawRequestSigning(prng),
    postbacks: drawPostbackSigning(prng),
    conventions,
    magic,
    plain,
    methods,
    helpers: drawHelpers(prng),
    driverOrder: nonEmpty(prng.shuffle(['httpHooks', 'magicValues'] as const)),
    backgroundPerSecond: prng.int(0, 4),
    runSeed: prng.int(0, 2 ** 31 - 1),
  };
}
