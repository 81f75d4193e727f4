import type {
  CapturedAttempt,
  CheckFinding,
  EndpointKind,
  PostbackCheck,
} from '../../generated/capture/definitions.gen.js';
import type { Contract } from '../contract/contract.js';
import { type SignatureScheme, type VerificationKey } from '../signing/scheme.js';
import { verifyBody } from '../signing/body-signer.js';
import { lostPemNewline } from '../signing/pem-newline.js';
import type { SigningInputSpec } from '../signing/signing-input.js';

export interface PostbackCheckOptions {
  readonly contract: Contract;
  /** The profile's postback scheme, the pinned service key (design brief §4) and what the service's hash covers. */
  readonly verification: {
    readonly scheme: SignatureScheme;
    readonly key: VerificationKey;
    readonly input?: SigningInputSpec;
  };
}

type Kind = PostbackCheck['kind'];

const SHAPE: Readonly<Record<Exclude<Kind, 'unknown'>, string>> = {
  payment: 'PB-PAYMENT-SHAPE',
  complaint: 'PB-COMPLAINT-SHAPE',
};

/**
 * Members a more specific requirement claims (one defect, one finding): a SUCCESS's failedCode is PB-FAILEDCODE's, a
 * status outside the set a postback is sent for (NEED_CHECK, APPROVED) the status set's.
 */
const MEMBER_CLAIMS: Readonly<Record<Exclude<Kind, 'unknown'>, Readonly<Record<string, string>>>> = {
  payment: { '/failedCode': 'PB-FAILEDCODE', '/status': 'PB-PAYMENT-STATUS-SET' },
  complaint: { '/status': 'PB-COMPLAINT-STATUS-SET' },
};

const SIGNATURE_PROBLEMS: Readonly<Record<Exclude<PostbackCheck['signature'], 'valid' | 'not-checked'>, string>> = {
  'no-public-key': 'no publicKey to check the hash with',
  'no-hash': 'no hash',
  'unknown-public-key': "publicKey is not the service's pinned key",
  'bad-signature': "the hash does not verify over the body with the service's key",
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Judges one received postback (§2.5, §2.6): its bytes (UTF-8 JSON object), its shape against the postback schemas,
 * its hash with the profile's scheme, and its publicKey against the pinned service key. Never throws: whatever
 * arrives becomes findings.
 */
export function checkPostback(
  attempt: CapturedAttempt,
  expected: EndpointKind,
  options: PostbackCheckOptions,
): PostbackCheck {
  const findings: CheckFinding[] = [];
  const bytes = Buffer.from(attempt.body, 'base64');
  if (attempt.method !== 'POST') {
    findings.push({ rule: 'method', severity: 'error', message: `sent with ${attempt.method}, not POST (§6)` });
  }
  const contentType = headerText(attempt.headers['content-type']);
  if (!/^application\/json\b/i.test(contentType)) {
    findings.push({
      rule: 'content-type',
      severity: 'warning',
      message: `content-type ${contentType === '' ? '(none)' : contentType}, not application/json`,
    });
  }
  if (attempt.truncated) {
    findings.push({ rule: 'size', severity: 'error', message: `body longer than the ${attempt.bodyBytes} bytes kept` });
  }
  const body = parseObject(bytes, findings);
  const kind: Kind = body === undefined ? (expected === 'any' ? 'unknown' : expected) : kindOf(body, expected);
  for (const finding of findings)
    if (finding.severity === 'error' && kind !== 'unknown') finding.requirement ??= SHAPE[kind];
  if (body === undefined) return { kind, status: null, findings, signature: 'not-checked' };

  if (kind !== 'unknown') {
    const schema = kind === 'payment' ? 'postbacks/payment-postback' : 'postbacks/complaint-postback';
    for (const f of options.contract.validate(schema, body).findings) {
      findings.push({
        rule: f.rule,
        severity: f.severity,
        message: f.message,
        pointer: f.pointer,
        requirement: MEMBER_CLAIMS[kind][f.pointer] ?? SHAPE[kind],
      });
    }
  } else {
    findings.push({
      rule: 'kind',
      severity: 'error',
      message: 'neither a payment postback (§2.5) nor a complaint postback (§2.6)',
    });
  }
  // The exact bytes too: a service whose hash covers the body as sent (canonicalForm as-sent) is checked on them.
  const verdict = verifyBody(body, options.verification.scheme, pinnedKeyFor(body, options.verification.key), {
    ...(options.verification.input === undefined ? {} : { input: options.verification.input }),
    bytes,
  });
  const signature = verdict.valid ? 'valid' : verdict.reason;
  if (!verdict.valid) {
    findings.push({
      rule: 'signature',
      severity: 'error',
      message: SIGNATURE_PROBLEMS[verdict.reason] + newlineOnly(body, options.verification.key.publicKey),
      requirement: verdict.reason === 'unknown-public-key' ? 'PB-PUBLIC-KEY-PINNED' : 'PB-SIGNATURE-VALID',
    });
  }
  return { kind, status: typeof body.status === 'string' ? body.status : null, findings, signature };
}

/**
 * The pinned key as the service holds it: where the profile's copy lost the final newline of its PEM file (read from
 * an environment variable) and the postback carries that file's entire contents, newline included (§5.2), the kit's
 * copy is the one at fault, not the service: it verifies with the newline put back.
 */
function pinnedKeyFor(body: Readonly<Record<string, unknown>>, pinned: VerificationKey): VerificationKey {
  return lostPemNewline(pinned.publicKey) && body.publicKey === `${pinned.publicKey}\n`
    ? { ...pinned, publicKey: body.publicKey }
    : pinned;
}

/** Names a publicKey that is the pinned key but for its white space (a PEM that lost or gained its final newline). */
function newlineOnly(body: Readonly<Record<string, unknown>>, pinned: string): string {
  if (typeof body.publicKey !== 'string' || body.publicKey === pinned) return '';
  if (body.publicKey.trim() !== pinned.trim()) return '';
  return (
    ": it is the pinned key's text with its white space changed (§5.2 puts the entire file contents in publicKey; " +
    'a PEM read from an environment variable often loses its final newline)'
  );
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function parseObject(bytes: Buffer, findings: CheckFinding[]): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    findings.push({ rule: 'utf-8', severity: 'error', message: 'the body is not valid UTF-8' });
    return undefined;
  }
  if (text.trim() === '') {
    findings.push({ rule: 'json', severity: 'error', message: 'the body is empty' });
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    findings.push({ rule: 'json', severity: 'error', message: `not JSON: ${(error as Error).message}` });
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    findings.push({ rule: 'json', severity: 'error', message: 'not a JSON object' });
    return undefined;
  }
  return value as Record<string, unknown>;
}

/** The kind the endpoint expects, or for `any` the one its members say: only a complaint postback has merchantId. */
function kindOf(body: Record<string, unknown>, expected: EndpointKind): Kind {
  if (expected !== 'any') return expected;
  if ('merchantId' in body) return 'complaint';
  if ('clientFieldsValues' in body || 'failedCode' in body) return 'payment';
  return 'unknown';
}

/**
 * An attempt as the capture server checks it: with the schemas and the pinned key when it has them (bytes only
 * otherwise); a check that throws is a finding of the attempt, never a crash of the server.
 */
export function checkAttempt(
  attempt: CapturedAttempt,
  kind: EndpointKind,
  options: PostbackCheckOptions | undefined,
): PostbackCheck {
  try {
    if (options !== undefined) return checkPostback(attempt, kind, options);
    return { kind: kind === 'any' ? 'unknown' : kind, status: null, findings: [], signature: 'not-checked' };
  } catch (error) {
    return {
      kind: 'unknown',
      status: null,
      signature: 'not-checked',
      findings: [{ rule: 'check', severity: 'error', message: `the check failed: ${(error as Error).message}` }],
    };
  }
}
