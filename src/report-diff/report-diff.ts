/**
 * Two conformance reports compared, requirement by requirement: the release gate of `npm run report:diff` (Pact's
 * can-i-deploy is the model: did the release candidate regress against the last certified one?). Pure.
 */
import type { ConformanceReport, RequirementResult } from '../../generated/report/conformance.gen.js';

type Verdict = RequirementResult['verdict'];

export interface VerdictChange {
  readonly id: string;
  readonly section: string;
  /** undefined: the report does not list the requirement. */
  readonly base: Verdict | undefined;
  readonly head: Verdict | undefined;
  /** Why HEAD is not PASS, when it says. */
  readonly reason?: string;
}

export interface ReportDiff {
  /** PASS in BASE, FAIL or NOT VERIFIED (or gone) in HEAD. */
  readonly regressions: readonly VerdictChange[];
  /** FAIL in HEAD where BASE had no verdict to lose (NOT VERIFIED, UNSPECIFIED, absent). */
  readonly newFails: readonly VerdictChange[];
  /** FAIL in BASE, PASS in HEAD. */
  readonly fixed: readonly VerdictChange[];
  /** Every other change (e.g. NOT VERIFIED → PASS, FAIL → NOT VERIFIED). */
  readonly otherChanges: readonly VerdictChange[];
  readonly unchanged: number;
}

function reasonOf(result: RequirementResult | undefined): string | undefined {
  if (result === undefined) return undefined;
  if (result.verdict === 'FAIL') return result.evidence[0]?.message.split('\n')[0];
  return result.reason;
}

export function diffReports(base: ConformanceReport, head: ConformanceReport): ReportDiff {
  const before = new Map(base.requirements.map((r) => [r.id, r]));
  const after = new Map(head.requirements.map((r) => [r.id, r]));
  const ids = [...new Set([...before.keys(), ...after.keys()])];
  const regressions: VerdictChange[] = [];
  const newFails: VerdictChange[] = [];
  const fixed: VerdictChange[] = [];
  const otherChanges: VerdictChange[] = [];
  let unchanged = 0;
  for (const id of ids) {
    const b = before.get(id);
    const h = after.get(id);
    if (b?.verdict === h?.verdict) {
      unchanged += 1;
      continue;
    }
    const reason = reasonOf(h);
    const change: VerdictChange = {
      id,
      section: h?.section ?? b?.section ?? '',
      base: b?.verdict,
      head: h?.verdict,
      ...(reason === undefined ? {} : { reason }),
    };
    if (b?.verdict === 'PASS') regressions.push(change);
    else if (h?.verdict === 'FAIL') newFails.push(change);
    else if (b?.verdict === 'FAIL' && h?.verdict === 'PASS') fixed.push(change);
    else otherChanges.push(change);
  }
  return { regressions, newFails, fixed, otherChanges, unchanged };
}

/** Whether the gate fails: a regression or a new FAIL. */
export function diffFailsGate(diff: ReportDiff): boolean {
  return diff.regressions.length > 0 || diff.newFails.length > 0;
}

const shown = (verdict: Verdict | undefined): string => verdict ?? '(absent)';

function line(change: VerdictChange): string {
  return `${change.id} (${change.section}): ${shown(change.base)} → ${shown(change.head)}${change.reason === undefined ? '' : ` — ${change.reason}`}`;
}

export function renderDiffText(diff: ReportDiff, names: { base: string; head: string }): string {
  const verdict = diffFailsGate(diff)
    ? `REGRESSED: ${diff.regressions.length} regression(s), ${diff.newFails.length} new FAIL(s)`
    : 'NO REGRESSION';
  const block = (title: string, changes: readonly VerdictChange[]): string[] =>
    changes.length === 0 ? [] : ['', `${title} (${changes.length}):`, ...changes.map((c) => `  ${line(c)}`)];
  return [
    `report:diff ${names.base} → ${names.head}: ${verdict}`,
    ...block('Regressions', diff.regressions),
    ...block('New FAILs', diff.newFails),
    ...block('Fixed', diff.fixed),
    ...block('Other changes', diff.otherChanges),
    '',
    `${diff.unchanged} requirement(s) unchanged.`,
    '',
  ].join('\n');
}

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function renderDiffMarkdown(diff: ReportDiff, names: { base: string; head: string }): string {
  const table = (title: string, changes: readonly VerdictChange[]): string[] =>
    changes.length === 0
      ? []
      : [
          '',
          `## ${title} (${changes.length})`,
          '',
          '| requirement | § | base | head | why |',
          '| --- | --- | --- | --- | --- |',
          ...changes.map(
            (c) => `| ${c.id} | ${cell(c.section)} | ${shown(c.base)} | ${shown(c.head)} | ${cell(c.reason ?? '')} |`,
          ),
        ];
  return [
    '# Conformance report diff',
    '',
    `**${diffFailsGate(diff) ? 'REGRESSED' : 'NO REGRESSION'}**: \`${cell(names.base)}\` → \`${cell(names.head)}\``,
    ...table('Regressions', diff.regressions),
    ...table('New FAILs', diff.newFails),
    ...table('Fixed', diff.fixed),
    ...table('Other changes', diff.otherChanges),
    '',
    `${diff.unchanged} requirement(s) unchanged.`,
    '',
  ].join('\n');
}
