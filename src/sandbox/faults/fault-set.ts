import { FAULT_NAMES, FAULTS, type FaultName } from './fault-registry.js';

export class UnknownFaultError extends Error {
  override readonly name = 'UnknownFaultError';
}

function isFaultName(name: string): name is FaultName {
  return (FAULT_NAMES as readonly string[]).includes(name);
}

/** The faults switched on: set at start (--fault) or through the control API. */
export class FaultSet {
  private enabled = new Set<FaultName>();

  constructor(names: readonly string[] = []) {
    this.replace(names);
  }

  has(name: FaultName): boolean {
    return this.enabled.has(name);
  }

  /** Switches on exactly these faults; refuses an unknown name, listing the known ones. */
  replace(names: readonly string[]): void {
    const unknown = names.filter((n) => !isFaultName(n));
    if (unknown.length > 0) {
      throw new UnknownFaultError(`unknown fault(s) ${unknown.join(', ')}; known: ${FAULT_NAMES.join(', ')}`);
    }
    this.enabled = new Set(names.filter(isFaultName));
  }

  list(): { name: FaultName; enabled: boolean; breaks: string[]; description: string }[] {
    return FAULTS.map((f) => ({
      name: f.name,
      enabled: this.enabled.has(f.name),
      breaks: [...f.breaks],
      description: f.description,
    }));
  }

  get names(): FaultName[] {
    return [...this.enabled];
  }
}
