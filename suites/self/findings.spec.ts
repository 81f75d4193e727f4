import { expect, test } from '@playwright/test';
import { createContract, getContract } from '../../src/contract/contract.js';
import { formatFindings } from '../../src/contract/finding.js';
import { MAX_FINDINGS } from '../../src/contract/ajv-findings.js';
import { loadSchemaCatalog } from '../../src/contract/schema-catalog.js';
import { success as validPaymentPostback } from '../../fixtures/schema-cases/postbacks/payment-postback.cases.js';

const postback = validPaymentPostback;

test.describe('findings read well in a report', () => {
  test('should name the rule, the § and the offending value', () => {
    const result = getContract().validate('postbacks/payment-postback', { ...postback, failedCode: 'NO_AMOUNT' });
    expect(result.ok).toBe(false);
    expect(result.findings).toEqual([
      {
        pointer: '/failedCode',
        rule: 'type',
        message: 'failedCode is null when status is SUCCESS (§2.5) (got "NO_AMOUNT")',
        severity: 'error',
        level: 'spec',
        specRef: '§2.5',
        schemaPath: 'postbacks/payment-postback.schema.json#/$defs/PaymentPostbackSuccess/properties/failedCode/type',
      },
    ]);
  });

  test('should say which statuses a postback may carry', () => {
    const result = getContract().validate('postbacks/payment-postback', { ...postback, status: 'PENDING' });
    expect(formatFindings(result.findings)).toBe(
      '/status: status is SUCCESS or FAILED in a payment postback (§2.5) (got "PENDING")',
    );
  });

  test('should cite the body that broke a shared rule, not the shared definition', () => {
    const result = getContract().validate('postbacks/payment-postback', { ...postback, currency: 'usd' });
    expect(result.findings[0]?.specRef).toBe('§2.5');
    expect(result.findings[0]?.schemaPath).toBe('common/definitions.schema.json#/$defs/CurrencyCode/pattern');
  });

  test('should say "at least one of" once, not once per alternative', () => {
    const result = getContract().validate('payments/payment-status.request', { publicKey: 'k', hash: 'h' });
    expect(formatFindings(result.findings)).toBe(
      '(body): at least one of paymentId, merchantPaymentId must be present (§4.3)',
    );
  });

  test('should fold the errors of alternatives reached by a local $ref into their one sentence', () => {
    const entries = loadSchemaCatalog().map((entry) => {
      if (entry.file !== 'errors/error.schema.json') return entry;
      const schema = structuredClone(entry.schema) as {
        properties: Record<string, unknown>;
        $defs: Record<string, unknown>;
      };
      schema.properties.error = {
        oneOf: [{ $ref: '#/$defs/Code' }, { type: 'string', pattern: '^free:' }],
        'x-rule': 'a code or free: text',
      };
      schema.$defs.Code = { enum: ['NO_LOGIN'] };
      return { ...entry, schema };
    });
    const result = createContract(undefined, entries).validate('errors/error', { error: 'nope', extra: 1 });
    expect(formatFindings(result.findings)).toBe(
      'warning /extra: member "extra" is not in the interface\n/error: a code or free: text (got "nope")',
    );
  });

  test('should mark rules that rest on a profile decision as level profile', () => {
    const payment = getContract().validate('payments/payment', {
      id: 'p',
      currencyCode: 'USD',
      paymentMethodId: 'm',
      status: 'SUCCESS',
      amount: 1,
      clientFieldsValues: [],
      createdAt: '2026-11-21T10:00:00Z',
    });
    expect(payment.findings).toEqual([expect.objectContaining({ pointer: '/createdAt', level: 'profile' })]);
    const postbackWithoutMillis = getContract().validate('postbacks/payment-postback', {
      ...postback,
      createdAt: '2026-11-21T10:00:00Z',
    });
    expect(postbackWithoutMillis.findings).toEqual([expect.objectContaining({ pointer: '/createdAt', level: 'spec' })]);
  });
});

test.describe('profile switches', () => {
  test('should report an unknown response member as a warning by default and as a failure when strict', () => {
    const extra = { ...postback, settledAt: '2026-11-21T10:00:01.000Z' };
    const tolerant = getContract().validate('postbacks/payment-postback', extra);
    expect(tolerant.ok).toBe(true);
    expect(tolerant.findings).toEqual([
      expect.objectContaining({ pointer: '/settledAt', rule: 'unknown-member', severity: 'warning' }),
    ]);
    const strict = createContract({ createdAtFormat: 'iso8601-utc-millis', unknownResponseFields: 'failure' });
    const result = strict.validate('postbacks/payment-postback', extra);
    expect(result.ok).toBe(false);
    expect(result.findings).toEqual([expect.objectContaining({ pointer: '/settledAt', severity: 'error' })]);
  });

  test('should always reject an unknown request member, whatever the profile says of responses', () => {
    const result = getContract().validate('payments/payment-status.request', {
      publicKey: 'k',
      hash: 'h',
      paymentId: 'p',
      x: 1,
    });
    expect(result.ok).toBe(false);
    expect(result.findings).toEqual([expect.objectContaining({ pointer: '/x', severity: 'error' })]);
  });

  test('should judge record timestamps by the profile createdAtFormat', () => {
    const complaint = {
      id: 'c',
      merchantPaymentId: 'kit-1',
      paymentMethodId: 'm',
      currencyCode: 'USD',
      status: 'PENDING',
      createdAt: '2026-11-21T10:00:00+05:30',
      updatedAt: '2026-11-21T10:00:00Z',
    };
    expect(getContract().validate('complaints/complaint', complaint).ok).toBe(false);
    const rfc3339 = createContract({ createdAtFormat: 'iso8601', unknownResponseFields: 'warning' });
    expect(rfc3339.validate('complaints/complaint', complaint).ok).toBe(true);
    expect(rfc3339.validate('complaints/complaint', { ...complaint, updatedAt: '2026-11-21' }).ok).toBe(false);
  });
});

test.describe('hostile bodies', () => {
  test('should cap the findings of a body with thousands of errors', () => {
    const items = Array.from({ length: 5000 }, () => ({ key: 1, value: 2 }));
    const result = getContract().validate('postbacks/payment-postback', { ...postback, clientFieldsValues: items });
    expect(result.findings).toHaveLength(MAX_FINDINGS + 1);
    expect(result.findings.at(-1)).toEqual(expect.objectContaining({ rule: 'truncated' }));
  });

  test('should keep an overflow of warnings a warning, and list errors before warnings', () => {
    // A page of 200 records each with a member §2.1 does not list: 200 warnings, no error (a second provider's list
    // failed LIST-SHAPE on the summary line alone).
    const payment = {
      id: 'p',
      currencyCode: 'USD',
      paymentMethodId: 'm',
      status: 'SUCCESS',
      amount: 1,
      clientFieldsValues: [],
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    const page = {
      payments: Array.from({ length: 200 }, (_, n) => ({ ...payment, id: `p${n}`, providerNote: 'x' })),
      total: 200,
      totalSucceed: 200,
      totalFailed: 0,
      amounts: [],
    };
    const warned = getContract().validate('payments/payments-list', page);
    expect(warned.ok).toBe(true);
    expect(warned.findings.at(-1)).toEqual(expect.objectContaining({ rule: 'truncated', severity: 'warning' }));
    const broken = { ...page, payments: [...page.payments, { ...payment, amount: 'one' }] };
    const failed = getContract().validate('payments/payments-list', broken);
    expect(failed.ok).toBe(false);
    expect(failed.findings[0]).toEqual(expect.objectContaining({ pointer: '/payments/200/amount', severity: 'error' }));
    expect(failed.findings.at(-1)).toEqual(expect.objectContaining({ rule: 'truncated', severity: 'warning' }));
  });

  test('should describe a huge offending value briefly', () => {
    const result = getContract().validate('errors/error', { error: 1e308, detail: 'x'.repeat(1_000_000) });
    const text = formatFindings(result.findings);
    expect(text.length).toBeLessThan(400);
  });

  test('should not crash on deeply nested or prototype-polluting input', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const nested = getContract().validate('postbacks/payment-postback', { ...postback, clientFieldsValues: deep });
    expect(nested.ok).toBe(false);
    const polluted = JSON.parse('{"__proto__": {"polluted": true}, "error": "x"}') as unknown;
    const result = getContract().validate('errors/error', polluted);
    expect(result.findings).toEqual([expect.objectContaining({ pointer: '/__proto__', rule: 'unknown-member' })]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
