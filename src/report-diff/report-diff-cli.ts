/**
 * `payment-conformance report diff BASE.json HEAD.json [--md FILE]`: the release gate across environments. Exit 0 no
 * regression, 1 a requirement regressed (PASS → FAIL or NOT VERIFIED) or newly FAILs, 2 a report cannot be read.
 */
import { writeFileSync } from 'node:fs';
import { parseCommand, UsageError } from '../args/parse-command.js';
import { ReportInputError, readConformanceReport } from '../report/read-report.js';
import { diffFailsGate, diffReports, renderDiffMarkdown, renderDiffText } from './report-diff.js';

export const REPORT_DIFF_HELP = `Compare two conformance reports: did HEAD regress against BASE?

Usage: payment-conformance report diff BASE.json HEAD.json [--md FILE]

  BASE.json, HEAD.json  conformance.json of the last certified release and of the candidate (certify,
                        certify-receiver or report:client)
  --md FILE             also write the diff as Markdown (for a pull request or a release note)
  --help                this text

Regressions: PASS → FAIL, PASS → NOT VERIFIED (or gone). New FAILs: FAIL where BASE had none to lose (NOT
VERIFIED, UNSPECIFIED, absent). Fixed: FAIL → PASS. Exit codes: 0 no regression and no new FAIL; 1 otherwise;
2 a report cannot be read or is not a conformance report.
`;

export function reportDiff(args: readonly string[]): number {
  try {
    const parsed = parseCommand(args, { md: { type: 'string' } }, REPORT_DIFF_HELP);
    if (parsed === undefined) return 0;
    const [baseFile, headFile, ...more] = parsed.positionals;
    if (baseFile === undefined || headFile === undefined || more.length > 0) {
      throw new ReportInputError('give two reports: BASE.json HEAD.json (see --help)');
    }
    const diff = diffReports(readConformanceReport(baseFile), readConformanceReport(headFile));
    const names = { base: baseFile, head: headFile };
    process.stdout.write(renderDiffText(diff, names));
    if (parsed.values.md !== undefined) writeFileSync(parsed.values.md, renderDiffMarkdown(diff, names));
    return diffFailsGate(diff) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof ReportInputError) && !(error instanceof UsageError)) throw error;
    process.stderr.write(`report:diff: ${error.message}\n`);
    return 2;
  }
}
