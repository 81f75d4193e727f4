/**
 * §4.1 and §4.2 (with §2.3, §5.5 and the 403/404 rows of §7): the suite for one creation operation. The two spec
 * files, create-pay-in and create-pay-out, run it for PAY_IN and PAY_OUT.
 */
import { check, precondition } from '../../fixtures/conformance/checks.js';
import { expectErrorAnswer, invalidBodyStatus } from '../../fixtures/conformance/error-answers.js';
import { expect, notApplicable, okObject, test, verifies } from '../../fixtures/index.js';
import { expectSignedBodyAccepted } from '../../fixtures/conformance/answers.js';
import type { CreationFields, MethodRole, Preconditions } from '../../fixtures/conformance/preconditions.js';
import { ownPayments } from '../../fixtures/conformance/own-payments.js';
import { ListReader } from '../../fixtures/conformance/list-reader.js';
import { shownTypes } from '../../fixtures/conformance/type-filter.js';
import type { PaymentType } from '../../generated/common/definitions.gen.js';
import type { ApiClient } from '../../src/client/api-client.js';
import type { RequirementId } from '../../src/requirements/registry.js';

interface CreationKind {
  readonly type: PaymentType;
  readonly operation: 'createPayIn' | 'createPayOut';
  /** The path §4.1 / §4.2 fixes. */
  readonly path: string;
  readonly role: MethodRole;
  readonly forbiddenRole: MethodRole;
  readonly ok: RequirementId;
  readonly typeSeenInList: RequirementId;
}

export const PAY_IN: CreationKind = {
  type: 'PAY_IN',
  operation: 'createPayIn',
  path: '/api/payments/v1/pay_in',
  role: 'payIn',
  forbiddenRole: 'forbidden',
  ok: 'CREATE-PAYIN-OK',
  typeSeenInList: 'CREATE-PAYIN-TYPE',
};

export const PAY_OUT: CreationKind = {
  type: 'PAY_OUT',
  operation: 'createPayOut',
  path: '/api/payments/v1/pay_out',
  role: 'payOut',
  forbiddenRole: 'forbiddenPayOut',
  ok: 'CREATE-PAYOUT-OK',
  typeSeenInList: 'CREATE-PAYOUT-TYPE',
};

const REQUIRED_MEMBERS = ['accountId', 'paymentMethodId', 'amount', 'clientFieldsValues'] as const;

/** One member of the wrong type per test (§4.2 field table); each must be refused, none coerced. */
const MISTYPED: readonly { member: keyof CreationFields; value: unknown; what: string }[] = [
  { member: 'accountId', value: '4101', what: 'accountId as a string of digits' },
  { member: 'paymentMethodId', value: 4101, what: 'paymentMethodId as a number' },
  { member: 'amount', value: '100', what: 'amount as a string of digits' },
  { member: 'clientFieldsValues', value: { key: 'a', value: 'b' }, what: 'clientFieldsValues as an object' },
  { member: 'clientFieldsValues', value: [{ key: 'a', value: 7 }], what: 'a client field value as a number' },
  { member: 'merchantPaymentId', value: 4242, what: 'merchantPaymentId as a number' },
  { member: 'merchantUserId', value: true, what: 'merchantUserId as a boolean' },
  { member: 'postBackUrl', value: ['https://a.example'], what: 'postBackUrl as an array' },
  { member: 'attachmentId', value: 17, what: 'attachmentId as a number' },
];

async function create(api: ApiClient, kind: CreationKind, fields: Readonly<Record<string, unknown>>) {
  const exchange = await api.dispatch(api.prepareUnchecked(kind.operation, fields));
  // A 401 to a correctly signed body with non-ASCII text is the signing input's finding, whatever the test checks.
  expectSignedBodyAccepted(exchange);
  return exchange;
}

export function creationSuite(kind: CreationKind): void {
  const op = kind.operation;

  test.describe(`${op} (${kind.path})`, () => {
    test.beforeEach(({ given }) => {
      given.method(kind.role, kind.type);
    });

    test(
      'a valid creation: 200 with the payment creation response',
      verifies([kind.ok, 'CREATE-RESPONSE-SHAPE'], op),
      async ({ api, given }) => {
        const exchange = await create(api, kind, given.fields(kind.role));
        check(kind.ok, () => {
          expect(exchange.status, `${exchange.operation} answered ${exchange.text.slice(0, 300)}`).toBe(200);
        });
        await check('CREATE-RESPONSE-SHAPE', () => expect(exchange).toMatchSchema('payments/create-payment.response'));
      },
    );

    test(
      'a creation answered 200 carries info as the profile says (creationInfo): every one, or an external one',
      verifies('CREATE-RESPONSE-INFO', op),
      async ({ api, given }) => {
        // "always": any creation; "when-any": one where its members apply, a method on an external payment system.
        const role = given.convention('creationInfo') === 'always' ? kind.role : 'external';
        given.method(role, kind.type);
        const body = okObject(await create(api, kind, given.fields(role)));
        expect(Object.keys(body), `the creation answer ${JSON.stringify(body).slice(0, 300)}`).toContain('info');
      },
    );

    test(
      'a creation answered 200 says isSucceed true',
      verifies('CREATE-SUCCEEDED-FLAG', op),
      async ({ api, given }) => {
        const body = okObject(await create(api, kind, given.fields(kind.role)));
        expect(body.isSucceed).toBe(true);
      },
    );

    test(`served at POST ${kind.path}`, verifies('CREATE-PATHS-V1', op), async ({ api, given }) => {
      const endpoint = given.profile.settings.operations[op];
      expect(
        { method: endpoint.method ?? 'POST', path: endpoint.path },
        `the profile routes ${op} elsewhere than the interface's path`,
      ).toEqual({ method: 'POST', path: kind.path });
      // Served there is answered there: 200 (the answer's members are CREATE-RESPONSE-SHAPE's).
      const exchange = await create(api, kind, given.fields(kind.role));
      expect(exchange.status, `POST ${kind.path}: ${exchange.text.slice(0, 300)}`).toBe(200);
    });

    for (const member of REQUIRED_MEMBERS) {
      // Any other answer, a handler that crashes on the missing member (500) included, is this requirement's finding:
      // the interface names the status, so the most specific requirement claims it.
      test(`without ${member}: refused`, verifies('CREATE-REQUIRED-FIELDS', op), async ({ api, given }) => {
        // Signed without the member: only the missing field can be the reason for the answer.
        const { [member]: _missing, ...fields } = given.fields(kind.role);
        const refused = invalidBodyStatus(given.profile);
        expectErrorAnswer(await create(api, kind, fields), refused, 'CREATE-REQUIRED-FIELDS', {
          what: `${member} missing`,
        });
      });
    }

    for (const mistyped of MISTYPED) {
      test(`${mistyped.what}: refused`, verifies('CREATE-FIELD-TYPES', op), async ({ api, given }) => {
        const fields = { ...given.fields(kind.role), [mistyped.member]: mistyped.value };
        await expect(await create(api, kind, fields)).toBeApiError(invalidBodyStatus(given.profile));
      });
    }

    test(
      'a payment method that does not exist: 404 NOT_FOUND',
      verifies('CREATE-UNKNOWN-METHOD', op),
      async ({ api, given }) => {
        const fields = given.fields(kind.role, { paymentMethodId: `${given.merchantPaymentId()}-no-such-method` });
        await expect(await create(api, kind, fields)).toBeApiError(404, 'NOT_FOUND');
      },
    );

    test(
      'a payment method the merchant has no access to: 403 ACCESS_DENIED',
      verifies('CREATE-FORBIDDEN-METHOD', op),
      async ({ api, given }) => {
        given.method(kind.forbiddenRole, kind.type);
        await expect(await create(api, kind, given.fields(kind.forbiddenRole))).toBeApiError(403, 'ACCESS_DENIED');
      },
    );

    test(
      'a method that requires an attachment, without attachmentId: refused',
      verifies('CREATE-ATTACHMENT-REQUIRED', op),
      async ({ api, given }) => {
        given.method('attachmentRequired', kind.type);
        await expect(await create(api, kind, given.fields('attachmentRequired'))).toBeApiError(
          invalidBodyStatus(given.profile),
        );
      },
    );

    test(
      'a method on an external payment system answers formUrl',
      verifies('CREATE-FORMURL-EXTERNAL', op),
      async ({ api, given }) => {
        given.method('external', kind.type);
        // With the redirect URLs §4.2 says "may be used" for such a payment, and without them.
        const withRedirects = {
          successRedirectUrl: 'https://merchant.example/kit/success',
          failureRedirectUrl: 'https://merchant.example/kit/failure',
        };
        for (const extra of [{}, withRedirects]) {
          const body = okObject(await create(api, kind, given.fields('external', extra)));
          expect(
            typeof body.formUrl,
            `formUrl ${JSON.stringify(body.formUrl)} (${Object.keys(extra).join(', ') || 'no redirect URLs'})`,
          ).toBe('string');
        }
      },
    );

    test(
      "the profile's SMS-confirmed method answers info.isSMSRequired true",
      verifies('CREATE-SMS-FLAG', op),
      async ({ api, given }) => {
        given.method('smsRequired', kind.type);
        const body = okObject(await create(api, kind, given.fields('smsRequired')));
        expect((body.info as { isSMSRequired?: unknown } | undefined)?.isSMSRequired).toBe(true);
      },
    );

    test(
      'a client field the method does not have: refused',
      verifies('CREATE-CLIENT-FIELDS-VALIDATED', op),
      async ({ api, given }) => {
        const fields = given.fields(kind.role);
        const clientFieldsValues = [...fields.clientFieldsValues, { key: 'kitNoSuchField', value: 'x' }];
        await expect(await create(api, kind, { ...fields, clientFieldsValues })).toBeApiError(
          invalidBodyStatus(given.profile),
        );
      },
    );

    test(
      "a client field value that fails the method's validation: refused",
      verifies('CREATE-CLIENT-FIELDS-VALIDATED', op),
      async ({ api, given }) => {
        const fields = given.fields(kind.role);
        const broken = await invalidClientValue(api, given, fields);
        await expect(await create(api, kind, { ...fields, clientFieldsValues: broken })).toBeApiError(
          invalidBodyStatus(given.profile),
        );
      },
    );

    test(
      `the payment is ${kind.type}, as the list's type filter shows`,
      verifies(kind.typeSeenInList, op),
      async ({ api, given }) => {
        const { payments, interval } = await ownPayments(api, given, [{ role: kind.role }]);
        const paymentId = payments[0]?.paymentId ?? '';
        const shown = (await shownTypes(new ListReader(api, given), interval, [paymentId])).get(paymentId) ?? 'neither';
        // Listed under both type filters, or neither: the filter does not filter, and this check cannot read the type.
        precondition('LIST-FILTER-TYPE', () => {
          expect(
            ['both', 'neither'],
            `payment ${paymentId} is listed under both type filters or neither`,
          ).not.toContain(shown);
        });
        expect(shown, `the type filter payment ${paymentId} is listed under`).toBe(kind.type);
      },
    );
  });
}

/**
 * The method's client fields with one value that breaks its pattern, as payment method retrieval (§4.7) describes
 * the method. Without that operation the kit cannot know the validation, and the test is not verified.
 */
async function invalidClientValue(
  api: ApiClient,
  given: Preconditions,
  fields: CreationFields,
): Promise<CreationFields['clientFieldsValues']> {
  given.operation('paymentMethods');
  const listed = okObject(await api.paymentMethods({}));
  const methods = Array.isArray(listed.paymentMethods) ? (listed.paymentMethods as unknown[]) : [];
  const method = methods.find((m) => (m as { id?: unknown }).id === fields.paymentMethodId) as
    { clientFields?: { id: string; pattern?: string }[] } | undefined;
  expect(method, `payment method retrieval lists ${fields.paymentMethodId}`).toBeDefined();
  for (const field of method?.clientFields ?? []) {
    if (field.pattern === undefined) continue;
    const pattern = new RegExp(field.pattern, 'u');
    const value = ['', ' ', '!!', 'not valid at all ✗', 'x'.repeat(300)].find((candidate) => !pattern.test(candidate));
    if (value === undefined) continue;
    return [...fields.clientFieldsValues.filter((v) => v.key !== field.id), { key: field.id, value }];
  }
  return notApplicable(`payment method ${fields.paymentMethodId} declares no client field pattern a value can break`);
}
