import { readFileSync } from 'node:fs';
import type { Hook, HttpHooks } from '../../../../generated/profile/profile.gen.js';
import { kitPath } from '../../../kit-root.js';
import { FOREIGN_HELPERS, type HelperApi, REFERENCE_HELPERS } from '../../helpers/helper-routes.js';
import type { Prng } from './prng.js';

/**
 * The random flavour's test helpers, what a provider's sandbox offers beside the interface to settle payments and
 * resolve complaints: under a base path of their own, behind a header of their own (a key from fixtures/keys, maybe
 * written into a format such as "Bearer {{secret}}"), in one of two styles (ids in the path and the interface's words,
 * or verbs in the path and snake_case members), their bodies plain JSON or signed like the API's (§5). The profile
 * describes them as outcomes.httpHooks.
 */
export interface HelpersDraw {
  readonly api: HelperApi;
  /** The header's value the helpers take. */
  readonly key: string;
  /** The header as the profile names it, with its secret's file and format. */
  readonly header: { readonly name: string; readonly file: string; readonly format: string | undefined };
  readonly hooks: Omit<HttpHooks, 'headers'>;
}

const HEADERS = ['X-Test-Key', 'X-Sim-Token', 'X-QA-Secret', 'Authorization', 'X-Sandbox-Auth', 'X-Tools-Key'];

/** A secret file as a profile reads it: one final line break dropped. */
function secretOf(file: string): string {
  return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
}

function restHooks(base: string, signed: boolean): Omit<HttpHooks, 'headers'> {
  const hook = (path: string, body: Record<string, unknown>, extra: Partial<Hook> = {}): Hook => ({
    method: 'POST',
    path: `${base}/${path}`,
    body,
    ...(signed ? { signed: true } : {}),
    ...extra,
  });
  return {
    settlePayment: hook('payments/{{paymentId}}/settle', { status: '{{status}}', failedCode: '{{failedCode}}' }),
    flipPayment: hook('payments/{{paymentId}}/flip', { failedCode: '{{failedCode}}' }),
    createComplaint: hook(
      'complaints',
      { paymentId: '{{paymentId}}', postBackUrl: '{{postBackUrl}}', comment: 'opened by the conformance kit' },
      { idAt: '/id' },
    ),
    moveComplaint: hook('complaints/{{complaintId}}/status', { status: '{{status}}' }),
    flipComplaint: hook('complaints/{{complaintId}}/flip', {}),
  };
}

function verbHooks(base: string, signed: boolean): Omit<HttpHooks, 'headers'> {
  const hook = (path: string, body: Record<string, unknown>, extra: Partial<Hook> = {}): Hook => ({
    path: `${base}/${path}`,
    body,
    ...(signed ? { signed: true } : {}),
    ...extra,
  });
  return {
    settlePayment: hook('settle', { payment_id: '{{paymentId}}', outcome: '{{status}}', reason: '{{failedCode}}' }),
    flipPayment: hook('reevaluate', { payment_id: '{{paymentId}}', reason: '{{failedCode}}' }),
    createComplaint: hook(
      'complaint',
      { payment_id: '{{paymentId}}', callback_url: '{{postBackUrl}}' },
      { idAt: '/complaint/id' },
    ),
    moveComplaint: hook('complaint/resolve', { complaint_id: '{{complaintId}}', decision: '{{status}}' }),
    flipComplaint: hook('complaint/reevaluate', { complaint_id: '{{complaintId}}' }),
  };
}

export function drawHelpers(prng: Prng): HelpersDraw {
  const style = prng.pick(['rest', 'verbs'] as const);
  const basePath = `/${prng.pick(['test-tools', 'qa', 'simulate', 'sandbox-tools'])}/v${prng.int(1, 3)}`;
  const name = prng.pick(HEADERS);
  const format =
    name === 'Authorization'
      ? prng.pick(['Bearer {{secret}}', 'Token {{secret}}'])
      : prng.chance(0.3)
        ? 'Key {{secret}}'
        : undefined;
  const file = kitPath('fixtures', 'keys', prng.pick(['foreign-qa.key', 'sandbox-helper.key']));
  const signed = prng.chance(0.35);
  const secret = secretOf(file);
  const routes = style === 'rest' ? REFERENCE_HELPERS : FOREIGN_HELPERS;
  return {
    api: { ...routes, basePath, header: name.toLowerCase(), signed },
    key: format === undefined ? secret : format.replace('{{secret}}', secret),
    header: { name, file, format },
    hooks: style === 'rest' ? restHooks(basePath, signed) : verbHooks(basePath, signed),
  };
}
