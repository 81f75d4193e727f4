/**
 * The requirement registry is data the report reads: every entry must be well formed, every §7 row must name a
 * requirement that applies to its operations, and every fault must break requirements that exist.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { kitPath } from '../../src/kit-root.js';
import { OPERATION_NAMES } from '../../src/contract/operations.js';
import { CONVENTION_NAMES } from '../../src/profile/conventions.js';
import { ERROR_TABLE } from '../../src/requirements/error-table.js';
import { RECEIVER_REGISTRY, REQUIREMENTS, requirementById } from '../../src/requirements/registry.js';
import { FAULTS } from '../../src/sandbox/faults/fault-registry.js';

test.describe('requirement registry', () => {
  test('should hold well over 60 requirements with unique, well-formed ids', () => {
    expect(REQUIREMENTS.length).toBeGreaterThan(60);
    const ids = REQUIREMENTS.map((r) => r.id);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'ids given twice',
    ).toEqual([]);
    expect(
      ids.filter((id) => !/^[A-Z0-9]+(-[A-Z0-9]+)+$/.test(id)),
      'ids not in UPPER-KEBAB form',
    ).toEqual([]);
  });

  test('should give every requirement a §, a statement and known operations', () => {
    const problems = REQUIREMENTS.flatMap((r) => [
      ...(/^§\d/.test(r.section) ? [] : [`${r.id}: section ${r.section} cites no §`]),
      ...(r.statement.trim().length > 20 ? [] : [`${r.id}: no real statement`]),
      ...r.operations
        .filter((op) => !(OPERATION_NAMES as readonly string[]).includes(op))
        .map((op) => `${r.id}: unknown operation ${op}`),
      ...(r.untestable !== undefined && r.untestable.trim() === '' ? [`${r.id}: untestable without a reason`] : []),
      ...(r.unspecified === true && r.untestable === undefined ? [`${r.id}: unspecified but not untestable`] : []),
    ]);
    expect(problems).toEqual([]);
  });

  test('should map every row of §7 to a requirement that applies to its operations', () => {
    expect(ERROR_TABLE.map((row) => `${row.status} ${row.code ?? 'free text'}`)).toEqual([
      '400 free text',
      '401 NO_LOGIN',
      '401 NO_TOKEN',
      '401 NO_KEY',
      '401 UNAUTHORIZED',
      '403 ACCESS_DENIED',
      '404 NOT_FOUND',
      '404 NOT_FOUND',
      '404 NOT_FOUND',
      '404 NOT_FOUND',
      '500 free text',
    ]);
    const problems = ERROR_TABLE.flatMap((row) => {
      const requirement = requirementById(row.requirement);
      if (requirement === undefined) return [`${row.requirement}: not in the registry`];
      return row.operations
        .filter((op) => !requirement.operations.includes(op))
        .map((op) => `${row.requirement} does not apply to ${op}`);
    });
    expect(problems).toEqual([]);
  });

  test('should rest only profile-level requirements on conventions, and every convention of the target on one', () => {
    const spec = REQUIREMENTS.filter((r) => r.level === 'spec' && (r.conventions ?? []).length > 0).map((r) => r.id);
    expect(spec, 'a spec-level requirement is the interface, not a convention').toEqual([]);
    // The service's requirements and the merchant receiver's (whose conventions say what the receiver does).
    const rested = new Set([...REQUIREMENTS, ...RECEIVER_REGISTRY].flatMap((r) => r.conventions ?? []));
    // unknownResponseFields is the kit's own choice of how to report, not a statement about the target.
    const bare = CONVENTION_NAMES.filter((name) => name !== 'unknownResponseFields' && !rested.has(name));
    expect(bare, 'conventions no requirement checks').toEqual([]);
  });

  test('should document every convention in profiles/README.md and state each in profiles/sandbox.json', () => {
    const readme = readFileSync(kitPath('profiles', 'README.md'), 'utf8');
    expect(CONVENTION_NAMES.filter((name) => !readme.includes(`| \`${name}\``))).toEqual([]);
    const sandbox = JSON.parse(readFileSync(kitPath('profiles', 'sandbox.json'), 'utf8')) as {
      conventions: Record<string, unknown>;
    };
    expect(CONVENTION_NAMES.filter((name) => !(name in sandbox.conventions))).toEqual([]);
  });

  test('should let every fault break only requirements of the registry', () => {
    const unknown = FAULTS.flatMap((fault) =>
      fault.breaks.filter((id) => requirementById(id) === undefined).map((id) => `${fault.name}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });
});
