/**
 * The read-back URL a receiver's profile templates (receiver.readBack.*.url): filled from the postback as the shop keys
 * its records, by the payment's id, its own id, or any other member (a wallet's balance per user and currency).
 */
import { expect, test } from '@playwright/test';
import { readBackUrl } from '../../../src/receiver/receiver-settings.js';

const receiver = 'http://127.0.0.1:9/hooks/psp?token=t';
const payment = {
  id: 'pay 1',
  merchantPaymentId: 'kit-1a2b3c4d-x-1',
  merchantUserId: 'user/7',
  currency: 'EUR',
  amount: 10.5,
  status: 'SUCCESS',
};

test('should fill the payment id, its own id and any text or number member, encoded, on the receiver origin', () => {
  expect(readBackUrl('/orders/{{merchantPaymentId}}?id={{paymentId}}', 'payment', payment, receiver)).toEqual({
    url: 'http://127.0.0.1:9/orders/kit-1a2b3c4d-x-1?id=pay%201',
  });
  expect(readBackUrl('/wallets/{{merchantUserId}}/{{currency}}?at={{amount}}', 'payment', payment, receiver)).toEqual({
    url: 'http://127.0.0.1:9/wallets/user%2F7/EUR?at=10.5',
  });
});

test('should key a complaint by its own id and its payment by paymentId', () => {
  const complaint = { id: 'c-9', paymentId: 'pay-3', status: 'OPEN' };
  expect(readBackUrl('https://shop.test/c/{{complaintId}}/{{paymentId}}', 'complaint', complaint, receiver)).toEqual({
    url: 'https://shop.test/c/c-9/pay-3',
  });
});

test('should name the first placeholder the postback cannot fill, and never fill one from an object', () => {
  expect(readBackUrl('/w/{{merchantUserId}}/{{currency}}', 'payment', { id: 'p' }, receiver)).toEqual({
    missing: '{{merchantUserId}}',
  });
  expect(readBackUrl('/w/{{clientFieldsValues}}', 'payment', { clientFieldsValues: [{ key: 'a' }] }, receiver)).toEqual(
    { missing: '{{clientFieldsValues}}' },
  );
  expect(readBackUrl('/c/{{complaintId}}', 'payment', payment, receiver)).toEqual({ missing: '{{complaintId}}' });
  expect(readBackUrl('/p/{{constructor}}', 'payment', payment, receiver)).toEqual({ missing: '{{constructor}}' });
});
