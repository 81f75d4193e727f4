/**
 * The register of open points (open-points.ts) as the page a reader opens: generated/open-points.md, written by
 * `npm run generate` and checked fresh by `npm run generate:check`.
 */
import { CONVENTIONS } from '../profile/conventions.js';
import { conventionsOf, OPEN_POINTS, type OpenPoint } from './open-points.js';
import { RECEIVER_REGISTRY, REQUIREMENTS } from './registry.js';

/** The requirements resting on a point: those resting on its conventions (the registry's word), and its own. */
export function requirementsOf(point: OpenPoint): string[] {
  const conventions = conventionsOf(point);
  const resting = [...REQUIREMENTS, ...RECEIVER_REGISTRY].filter((r) =>
    (r.conventions ?? []).some((c) => conventions.includes(c)),
  );
  return [...new Set([...resting.map((r) => r.id), ...(point.requirements ?? [])])].sort();
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function entry(point: OpenPoint, n: number): string[] {
  const requirements = requirementsOf(point);
  return [
    `## ${n}. ${point.section}: ${point.open}`,
    '',
    ...point.quotes.flatMap((quote) => [`> ${quote}`, '']),
    '| | |',
    '| --- | --- |',
    `| the interface | ${point.kind === 'two ways' ? 'states it two ways' : 'is silent'} |`,
    `| profile setting | ${point.settings.length === 0 ? 'none: the kit reads the interface as below' : point.settings.map((s) => `\`${s}\``).join(', ')} |`,
    `| the kit's default (profiles/sandbox.json) | ${cell(point.kitDefault)} |`,
    `| where the profile states nothing | ${cell(point.unstated)} |`,
    `| requirements resting on it | ${requirements.length === 0 ? 'none' : requirements.join(', ')} |`,
    '',
  ];
}

export function openPointsMarkdown(): string {
  const twoWays = OPEN_POINTS.filter((p) => p.kind === 'two ways').length;
  return [
    '<!-- Generated from src/requirements/open-points.ts by `npm run generate`. Do not edit by hand. -->',
    '',
    "# The interface's open points",
    '',
    `Every place where \`payment-service-interface.md\` is silent (${OPEN_POINTS.length - twoWays}) or states a thing two ways ` +
      `(${twoWays}), in its own words, with the profile setting that decides it. A requirement that rests on a setting ` +
      'the profile does not state is UNSPECIFIED, never FAIL; a check that needs one to build a request is NOT VERIFIED ' +
      'naming it. The conventions are described one by one in [profiles/README.md](../profiles/README.md#conventions) ' +
      `(${Object.keys(CONVENTIONS).length} of them); \`npm run discover\` proposes most of them by probing a target.`,
    '',
    ...OPEN_POINTS.flatMap((point, n) => entry(point, n + 1)),
  ].join('\n');
}
