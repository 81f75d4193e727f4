/** One open point of the interface (design brief §9), as the register (open-points.ts) holds it. */
import type { RequirementId } from './registry.js';

export interface OpenPoint {
  /** The interface's section(s). */
  readonly section: string;
  /** The interface's words, verbatim (a field table's cell or a sentence): what it says, or fails to. */
  readonly quotes: readonly string[];
  /** `silent`: it does not say; `two ways`: two of its statements disagree. */
  readonly kind: 'silent' | 'two ways';
  /** What is open, in a reader's words. */
  readonly open: string;
  /** The profile settings that decide it (conventions.X are the conventions of src/profile/conventions.ts). */
  readonly settings: readonly string[];
  /** The reference sandbox's choice: the kit's default (profiles/sandbox.json). */
  readonly kitDefault: string;
  /** What a run does where the profile states nothing. */
  readonly unstated: string;
  /** Requirements that rest on it beyond those resting on its conventions (the registry says those). */
  readonly requirements?: readonly RequirementId[];
}

/** What a run does where the profile states nothing: the requirements resting on the point are UNSPECIFIED. */
export const UNSPECIFIED = (requirements: string): string =>
  `${requirements} UNSPECIFIED: nothing holds the target to a choice`;
