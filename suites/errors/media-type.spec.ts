/**
 * §4: all bodies are JSON objects, so an answer says its body is JSON (application/json, or a +json type). The
 * passive checks hold every exchange of the run to this; this test makes sure the requirement is verified even in a
 * run that selects nothing else: an answer of each kind, a record and a refusal.
 */
import { expect, test, verifies } from '../../fixtures/index.js';
import { rawRequest } from '../../src/client/request-variants.js';
import { header, isJsonMediaType } from '../../src/passive/passive-checks.js';

test.describe('media type of the answers', () => {
  test(
    'a status check and a refused body both answer with a JSON Content-Type',
    verifies('BODY-JSON-MEDIA-TYPE', 'paymentStatus'),
    async ({ api, given }) => {
      const payment = await given.payment('payIn');
      const record = await api.paymentStatus({ paymentId: payment.paymentId });
      const refusal = await api.dispatch(rawRequest('createPayIn', Buffer.from('{"cut short'), 'JSON cut short'));
      for (const exchange of [record, refusal]) {
        const contentType = header(exchange, 'content-type');
        expect(
          isJsonMediaType(contentType),
          `${exchange.operation} answered ${exchange.status} with Content-Type ${contentType ?? '(none)'}`,
        ).toBe(true);
      }
    },
  );
});
