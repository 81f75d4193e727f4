import { inspect } from 'node:util';
import { rememberSecret } from './redaction.js';

/**
 * A secret value (private key, shared secret, control token) that never prints itself: String(), JSON and
 * util.inspect all give a placeholder, so a secret that slips into a log, an error or a report stays hidden.
 * Only reveal() gives the value, at the point of use.
 */
export class Secret {
  readonly #value: string;
  /** Where the secret came from, e.g. `signing.signingKey (env KIT_SIGNING_KEY)`: safe to print. */
  readonly origin: string;

  constructor(value: string, origin: string) {
    this.#value = value;
    this.origin = origin;
    rememberSecret(value);
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return `[secret from ${this.origin}]`;
  }

  toJSON(): string {
    return this.toString();
  }

  [inspect.custom](): string {
    return this.toString();
  }
}
