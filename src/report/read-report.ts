import { readFileSync } from 'node:fs';
import type { ConformanceReport } from '../../generated/report/conformance.gen.js';
import { getContract } from '../contract/contract.js';

/** A file that is not a readable conformance report: its message names the file and what is wrong with it. */
export class ReportInputError extends Error {}

/** Reads a conformance.json (certify, certify-receiver, report client) and validates it against its schema. */
export function readConformanceReport(file: string): ConformanceReport {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ReportInputError(
      `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ReportInputError(`${file} is not JSON (${(error as Error).message})`);
  }
  const validation = getContract().validate('report/conformance', json);
  if (!validation.ok) {
    const first = validation.findings.find((f) => f.severity === 'error');
    throw new ReportInputError(
      `${file} is not a conformance report (${first === undefined ? 'schema' : `${first.pointer || '(root)'}: ${first.message}`})`,
    );
  }
  return validation.value;
}
