/**
 * `npm run report:diff -- BASE.json HEAD.json [--md FILE]`: the release gate across environments. Exit 0 no
 * regression, 1 a requirement regressed (PASS → FAIL or NOT VERIFIED) or newly FAILs, 2 a report cannot be read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { getContract } from '../contract/contract.js';
import { diffFailsGate, diffReports, renderDiffMarkdown, renderDiffText } from './report-diff.js';

export const REPORT_DIFF_HELP = `Compare two conformance reports: did HEAD regress against BASE?

Usage: npm run report:diff -- BASE.json HEAD.json [--md FILE]

  BASE.json, HEAD.json  conformance.json of the last certified release and of the candidate (certify,
                        certify-receiver or report:client)
  --md FILE             also write the diff as Markdown (for a pull request or a release note)
  --help                this text

Regressions: PASS → FAIL, PASS → NOT VERIFIED (or gone). New FAILs: FAIL where BASE had none to lose (NOT
VERIFIED, UNSPECIFIED, absent). Fixed: FAIL → PASS. Exit codes: 0 no regression and no new FAIL; 1 otherwise;
2 a report cannot be read or is not a conformance report.
`;

class DiffInputError extends Error {}

function readReport(file: string): ConformanceReport {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new DiffInputError(
      `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DiffInputError(`${file} is not JSON (${(error as Error).message})`);
  }
  const validation = getContract().validate('report/conformance', json);
  if (!validation.ok) {
    const first = validation.findings.find((f) => f.severity === 'error');
    throw new DiffInputError(
      `${file} is not a conformance report (${first === undefined ? 'schema' : `${first.pointer || '(root)'}: ${first.message}`})`,
    );
  }
  return validation.value;
}

export function reportDiff(args: readonly string[]): number {
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: [...args],
        strict: true,
        allowPositionals: true,
        options: { md: { type: 'string' }, help: { type: 'boolean' } },
      });
    } catch (error) {
      throw new DiffInputError(`${(error as Error).message} (see --help)`);
    }
    if (parsed.values.help === true) {
      process.stdout.write(REPORT_DIFF_HELP);
      return 0;
    }
    const [baseFile, headFile, ...more] = parsed.positionals;
    if (baseFile === undefined || headFile === undefined || more.length > 0) {
      throw new DiffInputError('give two reports: BASE.json HEAD.json (see --help)');
    }
    const diff = diffReports(readReport(baseFile), readReport(headFile));
    const names = { base: baseFile, head: headFile };
    process.stdout.write(renderDiffText(diff, names));
    if (parsed.values.md !== undefined) writeFileSync(parsed.values.md, renderDiffMarkdown(diff, names));
    return diffFailsGate(diff) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof DiffInputError)) throw error;
    process.stderr.write(`report:diff: ${error.message}\n`);
    return 2;
  }
}
