import type { Profile } from '../../generated/profile/profile.gen.js';
import type { ConventionsOfRun } from '../../generated/report/conformance.gen.js';
import { CONVENTION_NAMES, CONVENTIONS, conventionValue } from '../profile/conventions.js';
import { REQUIREMENTS } from '../requirements/registry.js';

/**
 * The conventions a run went by (design brief §4, §8), as the report lists them: each open point of the interface,
 * what the profile stated for it (null when nothing), and the requirements resting on it, which an unstated one
 * leaves UNSPECIFIED.
 */
export function conventionsOfRun(profile: Profile | undefined): ConventionsOfRun {
  return CONVENTION_NAMES.map((name) => {
    const value = profile === undefined ? undefined : conventionValue(profile, name);
    return {
      name,
      decides: CONVENTIONS[name].decides,
      section: CONVENTIONS[name].section,
      declared: value !== undefined,
      value: value ?? null,
      requirements: REQUIREMENTS.filter((r) => (r.conventions as readonly string[] | undefined)?.includes(name)).map(
        (r) => r.id,
      ),
    };
  });
}
