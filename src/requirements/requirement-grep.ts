/** The tag a test carries for each requirement it verifies (fixtures/conformance/verifies.ts): `@req:ID`. */
export function requirementTag(id: string): string {
  return `@req:${id}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A grep for the tests tagged with any of these requirement ids, and no tag that merely starts with one of them
 * (Playwright matches it against title and tags): the targeted runs of the fault matrices.
 */
export function requirementGrep(ids: readonly string[]): RegExp {
  return new RegExp(ids.map((id) => `${escapeRegExp(requirementTag(id))}(?=\\s|$)`).join('|'));
}
