/**
 * conformance.md: ready to paste into a ticket. The verdict and counts first, then the failures root causes first
 * (those that block other requirements, then the interface's, then the profile's stated conventions'), each with
 * its §, statement, what it blocks and evidence, then what was not verified and why.
 */
import type { ConformanceReport, RequirementResult } from '../../generated/report/conformance.gen.js';
import { blockedByFailure, rootCausesFirst } from './root-causes.js';

const HEADLINES: Readonly<Record<ConformanceReport['outcome'], string>> = {
  conformant: 'CONFORMANT: no requirement the gate counts failed',
  'not-conformant': 'NOT CONFORMANT: requirements the gate counts failed',
  incomplete: 'INCOMPLETE: the run could not be carried out in full; its verdicts are not a certification',
};

/** What a failure breaks: the interface, or a convention the profile states for the target. */
const BREAKS: Readonly<Record<RequirementResult['level'], string>> = {
  spec: 'breaks the interface',
  profile: 'breaks a convention the profile states',
};

/** A fenced block that no backtick run inside the text can close early. */
function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Table cells: no pipe or newline may break the row. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/** The interface's own words a requirement rests on, as the FAIL quotes them; nothing when it has none. */
function quoted(result: RequirementResult): string[] {
  const quote = result.quote ?? [];
  if (quote.length === 0) return [];
  return ['The interface says:', '', ...quote.map((q) => `> «${q}»`), ''];
}

function failure(result: RequirementResult, blocks: readonly string[]): string {
  const failed = result.tests.filter((t) => t.status === 'failed');
  const lines = [
    `### ${result.id} (${result.section}): ${result.critical === true ? 'CRITICAL, ' : ''}${BREAKS[result.level]}`,
    '',
    `> ${result.statement}`,
    '',
    ...quoted(result),
    `Failed tests: ${failed.length} of ${result.tests.length}.`,
  ];
  if (blocks.length > 0) {
    lines.push('', `Blocks ${blocks.length} (NOT VERIFIED until this is fixed): ${blocks.join(', ')}.`);
  }
  const findings = result.findings ?? [];
  if (findings.length > 0) {
    lines.push(
      '',
      'Found by the passive checks of every exchange (one line per distinct problem):',
      '',
      ...findings.map(
        (f) => `- ${f.operation}: ${f.problem}, seen ${f.count} time${f.count === 1 ? '' : 's'} (first in ${f.test})`,
      ),
    );
  }
  for (const evidence of result.evidence) {
    lines.push('', `**${evidence.test}**`, '', fenced(evidence.message));
    if (evidence.request !== undefined) lines.push('', 'Request:', '', fenced(evidence.request));
    if (evidence.response !== undefined) lines.push('', 'Response:', '', fenced(evidence.response));
    if (evidence.postbacks !== undefined) lines.push('', 'Postbacks received:', '', fenced(evidence.postbacks, 'json'));
    if (evidence.files !== undefined && evidence.files.length > 0) {
      lines.push(
        '',
        'Screenshots and traces (`npx playwright show-trace FILE`):',
        '',
        ...evidence.files.map((f) => `- ${f}`),
      );
    }
    if (evidence.curl !== undefined) lines.push('', 'Reproduce without the kit:', '', fenced(evidence.curl, 'sh'));
    if (evidence.replay !== undefined) {
      lines.push('', 'Run the check again with the kit (in its clone: `npm run certify --` and the same flags):', '');
      lines.push(fenced(evidence.replay, 'sh'));
    }
  }
  return lines.join('\n');
}

/** The conventions the run went by: what the profile stated for each open point, and what rests on it. */
function conventionsTable(report: ConformanceReport): string[] {
  const conventions = report.conventions ?? [];
  if (conventions.length === 0) return [];
  const value = (v: unknown) => (v === null ? 'not stated' : `\`${JSON.stringify(v)}\``);
  return [
    `## Conventions of this run (${conventions.filter((c) => c.declared).length} of ${conventions.length} stated by the profile)`,
    '',
    'What the interface leaves open, as the profile states it; a requirement resting on one it does not state is UNSPECIFIED.',
    '',
    '| convention | decides | the profile | requirements |',
    '| --- | --- | --- | --- |',
    ...conventions.map(
      (c) =>
        `| ${c.name} | ${cell(`${c.decides} (${c.section})`)} | ${cell(value(c.value))} | ${cell(c.requirements.join(', ') || '—')} |`,
    ),
  ];
}

/** What a report's null target URL names: the embedded sandbox, or the embedded reference receiver. */
export function embeddedTarget(report: ConformanceReport): string {
  return report.target.kind === 'receiver'
    ? 'the embedded reference receiver (examples/receivers)'
    : 'the embedded reference sandbox';
}

/** The report's title: what was certified. */
export function reportTitle(report: ConformanceReport): string {
  if (report.target.kind === 'receiver') return 'Receiver conformance report';
  if (report.target.kind === 'client-recording') return 'Client conformance report';
  return 'Conformance report';
}

export function renderMarkdown(report: ConformanceReport): string {
  const { summary } = report;
  const byVerdict = (verdict: RequirementResult['verdict'], level?: RequirementResult['level']) =>
    report.requirements.filter((r) => r.verdict === verdict && (level === undefined || r.level === level));
  const out = [
    `# ${reportTitle(report)}`,
    '',
    `**${HEADLINES[report.outcome]}**`,
    '',
    `| PASS | FAIL | NOT VERIFIED | of them blocked | UNSPECIFIED | tests passed | failed | skipped |`,
    `| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    `| ${summary.pass} | ${summary.fail} | ${summary.notVerified} | ${summary.blocked ?? 0} | ${summary.unspecified} | ${summary.tests.passed} | ${summary.tests.failed} | ${summary.tests.skipped} |`,
    '',
    `- Target: ${report.target.url ?? embeddedTarget(report)} (${report.target.kind}${report.target.image === undefined ? '' : `, image ${report.target.image}`})`,
    ...(report.target.merchantPaymentIdPrefix === undefined
      ? []
      : [`- merchantPaymentIds of this run: ${report.target.merchantPaymentIdPrefix}-… (unique to the run)`]),
    `- Profile: ${report.profile.file}`,
    `- Run: ${report.startedAt} to ${report.finishedAt}${report.grep === undefined ? '' : `, limited to --grep ${report.grep}`}${report.deep === true ? ', deep' : ''}`,
    `- Kit: ${report.kit.name} ${report.kit.version}, interface revision ${report.kit.interfaceRevision}`,
  ];
  if (summary.requests !== undefined) {
    const areas = Object.entries(summary.requests.byArea).map(([area, n]) => `${area} ${n}`);
    out.push(
      `- Requests sent to the target: ${summary.requests.total}${areas.length > 0 ? ` (${areas.join(', ')})` : ''}`,
    );
  }
  if (report.seeds.length > 0) {
    out.push(`- Property seeds: ${[...new Set(report.seeds.map((s) => s.seed))].join(', ')} (replay with KIT_FC_SEED)`);
  }
  if ((report.warnings ?? []).length > 0) {
    out.push('', '## Warnings about the run', '', ...(report.warnings ?? []).map((w) => `- ${w}`));
  }
  if ((report.errors ?? []).length > 0) {
    out.push('', '## Errors outside the tests', '', ...(report.errors ?? []).map((e) => fenced(e)));
  }
  const blocks = blockedByFailure(report.requirements);
  const failures = rootCausesFirst(report.requirements).filter((r) => r.verdict === 'FAIL');
  if (failures.length > 0) {
    const root = failures.filter((r) => (blocks.get(r.id) ?? []).length > 0).length;
    out.push(
      '',
      `## Failures (${failures.length}), root causes first`,
      '',
      `${root === 0 ? 'None blocks another requirement.' : `The first ${root} blocked other requirements: fix them first.`} ` +
        `A convention the profile states fails the gate unless it is \`--gate spec\` (this run: ${report.gate ?? 'profile'}).`,
      '',
      ...failures.map((r) => failure(r, blocks.get(r.id) ?? [])),
    );
  }
  const notVerified = byVerdict('NOT VERIFIED');
  if (notVerified.length > 0) {
    out.push(
      '',
      `## Not verified (${notVerified.length})`,
      '',
      '| requirement | § | why |',
      '| --- | --- | --- |',
      // The blocked first, next to the failures that blocked them.
      ...[
        ...notVerified.filter((r) => r.blockedBy !== undefined),
        ...notVerified.filter((r) => r.blockedBy === undefined),
      ].map((r) => `| ${r.id} | ${cell(r.section)} | ${cell(r.reason ?? '')} |`),
    );
    // A check a limit of the kit stopped keeps what it had observed: the attempts and exchanges seen until then.
    for (const r of notVerified.filter((result) => result.evidence.length > 0)) {
      out.push('', `### ${r.id}: observed before the kit's limit`);
      for (const evidence of r.evidence) {
        out.push('', `**${evidence.test}**`, '', fenced(evidence.message));
        if (evidence.postbacks !== undefined)
          out.push('', 'Postbacks received:', '', fenced(evidence.postbacks, 'json'));
        if (evidence.request !== undefined) out.push('', 'Last request:', '', fenced(evidence.request));
      }
    }
  }
  const unspecified = byVerdict('UNSPECIFIED');
  if (unspecified.length > 0) {
    out.push(
      '',
      `## Unspecified: by the interface, and by the profile (${unspecified.length})`,
      '',
      ...unspecified.map((r) => `- ${r.id} (${r.section}): ${r.statement} ${r.reason ?? ''}`.trim()),
    );
  }
  out.push('', ...conventionsTable(report));
  const passed = byVerdict('PASS');
  out.push('', `## Passed (${passed.length})`, '', passed.map((r) => r.id).join(', ') || 'none', '');
  return out.join('\n');
}
