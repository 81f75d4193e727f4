import { readFileSync } from 'node:fs';
import { FAULT_DEMOS } from '../../../fixtures/self/fault-demos/index.js';
import { kitPath } from '../../../src/kit-root.js';
import { REQUIREMENTS } from '../../../src/requirements/registry.js';
import { magicAmountTable } from '../../../src/sandbox/domain/magic-amounts.js';
import { expect, test } from '../../../fixtures/self/sandbox-harness.js';
import { FAULTS } from '../../../src/sandbox/faults/fault-registry.js';
import { ControlError, SandboxControl } from '../../../src/control/sandbox-control-client.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { startSandbox } from '../../../src/sandbox/start-sandbox.js';

test('should document every fault and every magic amount in the sandbox README', () => {
  // Prettier pads table cells: compare with runs of spaces folded.
  const readme = readFileSync(kitPath('src', 'sandbox', 'README.md'), 'utf8').replace(/ +/g, ' ');
  for (const fault of FAULTS) {
    expect(readme, fault.name).toContain(`| \`${fault.name}\` | ${fault.area} | ${fault.breaks.join(', ')} |`);
  }
  for (const cents of magicAmountTable().keys()) expect(readme).toContain(`| .${cents} |`);
  // The spec-level requirements no fault breaks, each with the registry's reason (npm run faults fails on others).
  const broken = new Set<string>(FAULTS.flatMap((f) => f.breaks));
  for (const requirement of REQUIREMENTS.filter((r) => r.level === 'spec' && !broken.has(r.id))) {
    expect(readme, requirement.id).toContain(
      `| \`${requirement.id}\` | ${requirement.section} | ${requirement.untestable ?? 'no reason: add a fault'} |`,
    );
  }
});

test('should register at least 20 faults, each documented and demonstrated', () => {
  expect(FAULTS.length).toBeGreaterThanOrEqual(20);
  expect(Object.keys(FAULT_DEMOS).sort()).toEqual(FAULTS.map((f) => f.name).sort());
  for (const fault of FAULTS) {
    expect(fault.description.length, fault.name).toBeGreaterThan(20);
    expect(fault.breaks.length, fault.name).toBeGreaterThan(0);
  }
});

for (const fault of FAULTS) {
  test(`${fault.name}: ${fault.description}`, async ({ sbx }) => {
    const demo = FAULT_DEMOS[fault.name];
    const clean = await demo.observe(sbx, 'clean');
    await sbx.control.reset();
    await sbx.control.setFaults([fault.name]);
    const faulty = await demo.observe(sbx, 'faulty');
    expect(clean, 'on the clean sandbox').toEqual(demo.clean);
    expect(faulty, `with ${fault.name}`).toEqual(demo.faulty);
  });
}

test('should switch faults through the control API and refuse unknown ones', async ({ sbx }) => {
  const on = await sbx.control.setFaults(['list-page-skip', 'postback-no-retry']);
  expect(
    on
      .filter((f) => f.enabled)
      .map((f) => f.name)
      .sort(),
  ).toEqual(['list-page-skip', 'postback-no-retry']);
  const error = await sbx.control.setFaults(['no-such-fault']).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ControlError);
  expect(String(error)).toContain('unknown fault(s) no-such-fault; known: auth-missing-publickey-gives-no-key');
  expect((await sbx.control.faults()).filter((f) => f.enabled)).toHaveLength(2);
});

test('should start with faults switched on, and refuse an unknown one at start', async () => {
  const profile = await loadProfile();
  const token = profile.controlToken;
  if (token === undefined) throw new Error('profiles/sandbox.json names no control token');
  const sandbox = await startSandbox({ profile, faults: ['payment-status-lowercase'] });
  const control = new SandboxControl({ baseUrl: sandbox.url, token });
  try {
    expect((await control.faults()).filter((f) => f.enabled).map((f) => f.name)).toEqual(['payment-status-lowercase']);
  } finally {
    await control.close();
    await sandbox.stop();
  }
  await expect(startSandbox({ profile, faults: ['nope'] })).rejects.toThrow(/unknown fault\(s\) nope/);
});
