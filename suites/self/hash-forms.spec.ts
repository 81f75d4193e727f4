/**
 * The non-strict forms of a hash (RECEIVER-HASH-STRICT): each stands for the same signature to a forgiving decoder and
 * none is the encoding's exact text, so a strict verifier refuses every one and a lenient one takes it.
 */
import { expect, test } from '@playwright/test';
import { decodeHash, encodeHash, HASH_ENCODINGS } from '../../src/signing/hash-encoding.js';
import { nonStrictForms } from '../../src/signing/hash-forms.js';

// A signature whose base64 carries + and / and needs padding, so every form exists.
const signature = Buffer.from([0xfb, 0xff, 0xbf, 0x00, 0x10, 0x83, 0xfe]);

for (const encoding of HASH_ENCODINGS) {
  test(`${encoding}: forms of the same bytes, none the exact text`, () => {
    const exact = encodeHash(signature, encoding);
    const forms = nonStrictForms(exact, encoding);
    expect(forms.length).toBeGreaterThanOrEqual(3);
    for (const form of forms) {
      expect(form.text, form.what).not.toBe(exact);
      expect(decodeHash(form.text, encoding), `${form.what} is refused by the strict decoder`).toBeUndefined();
    }
    expect(new Set(forms.map((form) => form.text)).size).toBe(forms.length);
  });
}

test('should name the forms a reader knows, and give none for a text that is not the exact one', () => {
  const base64 = nonStrictForms(encodeHash(signature, 'base64'), 'base64').map((form) => form.what);
  expect(base64).toEqual(['its = padding dropped', 'the URL-safe alphabet (- and _)', 'a final newline']);
  expect(nonStrictForms('not base64!', 'base64')).toEqual([]);
  expect(nonStrictForms('ABCD', 'hex')).toEqual([]);
});

test('should break a long base64 hash into lines of 64 characters', () => {
  const long = encodeHash(Buffer.alloc(64, 0xab), 'base64');
  const wrapped = nonStrictForms(long, 'base64').find((form) => form.what.startsWith('broken into lines'));
  expect(wrapped?.text.split('\n').map((line) => line.length)).toEqual([64, 24]);
});
