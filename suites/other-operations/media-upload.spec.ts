/**
 * §4.7 media upload (its path and payload are the profile's: operations.mediaUpload.payload): an uploaded image gets an
 * id that a creation with a method requiring an attachment accepts as attachmentId (§4.2).
 */
import { expect, test, verifies } from '../../fixtures/index.js';
import { answerAt, expectKitDesignAnswer, payloadBody } from '../../fixtures/conformance/other-payloads.js';
import { ONE_PIXEL_PNG_BASE64 } from '../../fixtures/conformance/images.js';

test.describe('mediaUpload', () => {
  test.beforeEach(({ given }) => {
    given.operation('mediaUpload');
  });

  test(
    'an image upload answers the id of the upload',
    verifies('MEDIA-UPLOAD', 'mediaUpload'),
    async ({ api, given }) => {
      const body = payloadBody(given.profile, 'mediaUpload', { imageBase64: ONE_PIXEL_PNG_BASE64 });
      const exchange = await api.dispatch(api.prepareUnchecked('mediaUpload', body));
      expect(exchange.status, exchange.text.slice(0, 300)).toBe(200);
      // The answer's shape is the kit's design only where the provider takes it; else its id where the profile says.
      expectKitDesignAnswer(given.profile, 'mediaUpload', exchange, 'other-operations/media-upload.response');
      const id = answerAt(given.profile, 'mediaUpload', 'idAt', exchange.json);
      expect(typeof id === 'string' && id !== '', `the upload's id in ${exchange.text.slice(0, 300)}`).toBe(true);
    },
  );

  test(
    'the id is accepted as attachmentId by a method that requires an attachment',
    verifies('MEDIA-UPLOAD', 'mediaUpload'),
    async ({ api, given }) => {
      const method = given.method('attachmentRequired');
      const upload = await given.upload();
      const fields = given.fields('attachmentRequired', { attachmentId: upload.id });
      const creation = method.type === 'PAY_IN' ? 'createPayIn' : 'createPayOut';
      // A creation that answers 5xx to every request is its own finding (CREATE-PAYIN-OK), not the upload's.
      await given.operationAnswers(creation);
      const exchange = await api.send(creation, fields);
      // Accepted is 200 (the answer's members are the creation suite's, CREATE-RESPONSE-SHAPE).
      expect(exchange.status, `${creation} with the upload's id: ${exchange.text.slice(0, 300)}`).toBe(200);
    },
  );
});
