/**
 * A FAIL's evidence ends with what reproduces it: the last request as a curl command that sends the very bytes the
 * kit signed (run here through a shell against a recording server), and the kit command that runs the check again
 * from an installed kit.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { RecordingServer } from '../../../fixtures/self/recording-server.js';
import { CURL_BODY_LIMIT, curlOf, replayOf } from '../../../src/report/reproduce.js';

const run = promisify(execFile);

test.describe('reproducing a FAIL', () => {
  test('should send, through curl, the exact bytes and headers the kit sent', async () => {
    test.skip((await run('sh', ['-c', 'command -v curl']).catch(() => undefined)) === undefined, 'no curl here');
    const server = await RecordingServer.start();
    try {
      // Quotes, a backslash, a percent sign, text beyond ASCII and a line break inside a string: a shell must not
      // touch any of them, and no newline may be added at the end (a signature over the bytes would not survive).
      const body = `{"a":"it's \\"quoted\\" \\\\ 100% Zoë €","b":"x\\ny","hash":"$(rm -rf /)"}`;
      const curl = curlOf({
        method: 'PUT',
        url: `${server.url}/api/x?y=1`,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
      });
      expect(curl).toBeDefined();
      await run('sh', ['-c', curl ?? 'false']);
      const received = server.requests[0];
      expect(received?.method).toBe('PUT');
      expect(received?.url).toBe('/api/x?y=1');
      expect(received?.headers['content-type']).toBe('application/json');
      expect(received?.body.toString('utf8')).toBe(body);
    } finally {
      await server.close();
    }
  });

  test('should leave out a body too large to quote, or one that was not text', () => {
    const request = { method: 'POST', url: 'http://127.0.0.1:1/x', body: 'x'.repeat(CURL_BODY_LIMIT + 1) };
    expect(curlOf(request)).toBeUndefined();
    expect(curlOf({ ...request, body: '{"a":"\uFFFD"}' })).toBeUndefined();
  });

  test("should replay a check with the installed kit: the run's target and profile, the test, a property's case", () => {
    const plain = replayOf({
      title: "auth · createPayIn › a body without publicKey: 401 NO_LOGIN (it's [sic])",
      target: 'https://psp.example/sandbox',
      profile: '/home/shop/profile.json',
      message: 'expected 401',
    });
    expect(plain).toBe(
      "npx payment-conformance certify --target 'https://psp.example/sandbox' --profile '/home/shop/profile.json' " +
        "--workers 1 --grep 'a body without publicKey: 401 NO_LOGIN \\(it'\\''s \\[sic\\]\\)'",
    );
    const property = replayOf({
      title: 'createPayIn · properties › any body',
      target: '',
      profile: '',
      message: 'replay: KIT_FC_SEED=-42 KIT_FC_PATH="0:1:2" npx playwright test …',
    });
    expect(property).toBe(
      'KIT_FC_SEED=-42 KIT_FC_PATH="0:1:2" npx payment-conformance certify --workers 1 --grep \'any body\'',
    );
  });
});
