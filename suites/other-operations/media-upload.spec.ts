/**
 * §4.7 media upload (its path and body are the profile's): an uploaded image gets an id that a creation with a
 * method requiring an attachment accepts as attachmentId (§4.2).
 */
import { expect, test, verifies } from '../../fixtures/index.js';
import { ONE_PIXEL_PNG_BASE64 } from '../../fixtures/conformance/images.js';

test.describe('mediaUpload', () => {
  test.beforeEach(({ given }) => {
    given.operation('mediaUpload');
  });

  test('an image upload answers an id and a URL', verifies('MEDIA-UPLOAD', 'mediaUpload'), async ({ api }) => {
    const exchange = await api.mediaUpload({
      fileName: 'kit.png',
      contentType: 'image/png',
      data: ONE_PIXEL_PNG_BASE64,
    });
    await expect(exchange).toMatchSchema('other-operations/media-upload.response');
  });

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
