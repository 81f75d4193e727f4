import { expect, test } from '@playwright/test';
import { AssertionFailure, plainExpect } from '../../fixtures/conformance/plain-expect.js';

/** The message a failing plain assertion throws, or undefined when it held. */
function failure(assertion: () => void): string | undefined {
  try {
    assertion();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AssertionFailure);
    return (error as Error).message;
  }
}

test.describe('plain assertions of the hot paths', () => {
  test('should hold where Playwright’s expect holds', () => {
    expect(
      failure(() => {
        plainExpect(200, 'status').toBe(200);
      }),
    ).toBeUndefined();
    expect(
      failure(() => {
        plainExpect({ a: 1, b: undefined, c: [{ d: undefined }] }, 'x').toEqual({ a: 1, c: [{}] });
      }),
    ).toBeUndefined();
    const nullPrototype = Object.assign(Object.create(null) as object, { id: 'p-1' });
    expect(
      failure(() => {
        plainExpect(nullPrototype, 'record').toEqual({ id: 'p-1' });
      }),
    ).toBeUndefined();
    expect(
      failure(() => {
        plainExpect(undefined, 'problem').toBeUndefined();
      }),
    ).toBeUndefined();
    expect(
      failure(() => {
        plainExpect([200, 400], 'documented').toContain(400);
      }),
    ).toBeUndefined();
    expect(
      failure(() => {
        plainExpect(499, 'status').toBeLessThan(500);
      }),
    ).toBeUndefined();
    expect(
      failure(() => {
        plainExpect(200, 'status').not.toBe(401);
      }),
    ).toBeUndefined();
  });

  test('should fail with what was checked, expected and received where Playwright’s expect fails', () => {
    expect(
      failure(() => {
        plainExpect(500, 'createPayIn answered 500').toBe(200);
      }),
    ).toBe('createPayIn answered 500\n\nexpect(received).toBe(expected)\n\nExpected: 200\nReceived: 500');
    expect(
      failure(() => {
        plainExpect(['p-2'], 'payments on two pages').toEqual([]);
      }),
    ).toMatch(
      /^payments on two pages\n\nexpect\(received\)\.toEqual\(expected\)\n\nExpected: \[\]\nReceived: \[ 'p-2' \]$/,
    );
    expect(
      failure(() => {
        plainExpect({ a: 1 }, 'x').toEqual({ a: 1, b: 2 });
      }),
    ).toContain('toEqual');
    expect(
      failure(() => {
        plainExpect('nextId points nowhere', 'walk').toBeUndefined();
      }),
    ).toContain("Received: 'nextId points nowhere'");
    expect(
      failure(() => {
        plainExpect([200, 400], 'documented').toContain(422);
      }),
    ).toContain('Expected: 422');
    expect(
      failure(() => {
        plainExpect(500, 'status').toBeLessThan(500);
      }),
    ).toContain('Received: 500');
    expect(
      failure(() => {
        plainExpect('500', 'status').toBeLessThan(500);
      }),
    ).toContain("Received: '500'");
    expect(
      failure(() => {
        plainExpect(401, 'signed body').not.toBe(401);
      }),
    ).toContain('not.toBe');
    expect(
      failure(() => {
        plainExpect(0, 'zero').toBe(-0);
      }),
    ).toContain('toBe');
  });
});
