/**
 * The page tests' browser never reaches a merchant's landing host (profile page.landingUrl): its name resolves to the
 * loopback's discard port, since a route never sees a redirect's hop. A loopback landing is left alone.
 */
import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumArgsKeepingLocal } from '../../src/runner/debian-chromium.js';

test('should map a merchant landing host to the loopback discard port, and leave a loopback landing alone', () => {
  expect(chromiumArgsKeepingLocal(CHROMIUM_ARGS, 'https://shop.example/kit')).toEqual([
    ...CHROMIUM_ARGS,
    '--host-resolver-rules=MAP shop.example 127.0.0.1:9',
  ]);
  for (const local of ['http://127.0.0.1:9/kit-landing', 'http://localhost:8080/x', 'http://[::1]:9/x', 'not a url']) {
    expect(chromiumArgsKeepingLocal(CHROMIUM_ARGS, local), local).toEqual(CHROMIUM_ARGS);
  }
});
