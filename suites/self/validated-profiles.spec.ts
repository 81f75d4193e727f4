/**
 * A profile text validated once is not validated again by the processes a certification starts
 * (src/profile/validated-profiles.ts), and that never lets a broken or changed profile through.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { kitPath } from '../../src/kit-root.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { ProfileError } from '../../src/profile/profile-error.js';
import { recordValidated, VALIDATED_PROFILES_ENV, validatedBefore } from '../../src/profile/validated-profiles.js';
import { sandboxProfileCopy, writeProfile } from '../../fixtures/self/profile-files.js';

test.describe('validated profiles', () => {
  let saved = '';

  test.beforeEach(() => {
    saved = process.env.KIT_VALIDATED_PROFILES ?? '';
    process.env.KIT_VALIDATED_PROFILES = '';
  });

  test.afterEach(() => {
    process.env.KIT_VALIDATED_PROFILES = saved;
  });

  test('a profile that loads is recorded by its text, for the processes this one starts', async () => {
    const file = kitPath('profiles', 'sandbox.json');
    const text = readFileSync(file, 'utf8');
    expect(validatedBefore(text)).toBe(false);
    await loadProfile(file);
    expect(validatedBefore(text)).toBe(true);
    expect(process.env.KIT_VALIDATED_PROFILES).toMatch(/^[0-9a-f]{64}$/);
    expect(VALIDATED_PROFILES_ENV).toBe('KIT_VALIDATED_PROFILES');
    // Another text, even one space apart, is not the validated one.
    expect(validatedBefore(`${text} `)).toBe(false);
  });

  test('a profile that breaks its schema is refused although another text was recorded', async ({}, testInfo) => {
    const good = sandboxProfileCopy();
    await loadProfile(writeProfile(testInfo.outputPath('good.json'), good));
    const broken = writeProfile(testInfo.outputPath('broken.json'), { ...good, name: 42 } as unknown as typeof good);
    await expect(loadProfile(broken)).rejects.toThrow(ProfileError);
    await expect(loadProfile(broken)).rejects.toThrow(/name/);
  });

  test('a profile refused by its cross-field rules is refused even when its text is recorded', async ({}, testInfo) => {
    const profile = sandboxProfileCopy();
    profile.propertyRuns = { numRuns: 100, deepNumRuns: 10 };
    const file = writeProfile(testInfo.outputPath('rules.json'), profile);
    recordValidated(readFileSync(file, 'utf8'));
    await expect(loadProfile(file)).rejects.toThrow(/deepNumRuns: must not be below propertyRuns.numRuns/);
  });

  test('the record keeps the last eight texts', () => {
    for (let n = 0; n < 12; n++) recordValidated(`profile ${n}`);
    expect(process.env[VALIDATED_PROFILES_ENV]?.split(',')).toHaveLength(8);
    expect(validatedBefore('profile 11')).toBe(true);
    expect(validatedBefore('profile 3')).toBe(false);
  });
});
