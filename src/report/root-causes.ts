/**
 * Root causes first (design brief §8): a QA engineer reads the first FAIL of a report and knows what to fix. The
 * FAILs that block other requirements (their `blockedBy`) come first, the ones blocking most at the top; then the
 * interface's own FAILs, then those against a convention the profile states; then everything else, in registry
 * order. The md and html reports share this order.
 */
import type { RequirementResult } from '../../generated/report/conformance.gen.js';

/** For each failed requirement, the requirements it blocked. */
export function blockedByFailure(results: readonly RequirementResult[]): ReadonlyMap<string, readonly string[]> {
  const blocks = new Map<string, string[]>();
  for (const result of results) {
    for (const by of result.blockedBy ?? []) blocks.set(by, [...(blocks.get(by) ?? []), result.id]);
  }
  return blocks;
}

function rank(result: RequirementResult, blocks: ReadonlyMap<string, readonly string[]>): number {
  if (result.verdict !== 'FAIL') return 3;
  if ((blocks.get(result.id) ?? []).length > 0) return 0;
  return result.level === 'spec' ? 1 : 2;
}

/** The results in report order: root causes, other FAILs by level, then the rest as the registry lists them. */
export function rootCausesFirst(results: readonly RequirementResult[]): RequirementResult[] {
  const blocks = blockedByFailure(results);
  return results
    .map((result, index) => ({ result, index }))
    .sort(
      (a, b) =>
        rank(a.result, blocks) - rank(b.result, blocks) ||
        (blocks.get(b.result.id) ?? []).length - (blocks.get(a.result.id) ?? []).length ||
        a.index - b.index,
    )
    .map(({ result }) => result);
}
