import type { Secret } from '../secrets/secret.js';

/**
 * How the kit reaches a target over TLS (profile `tls`): a CA bundle beside the system's, a client certificate
 * and its key (mutual TLS, which payment providers commonly require), and whether to verify the server at all.
 */
export interface TlsSettings {
  /** PEM CA certificates trusted beside Node's own (a private CA). */
  readonly ca: string | undefined;
  /** PEM client certificate (chain) the kit presents. */
  readonly cert: string | undefined;
  readonly key: Secret | undefined;
  /** false: any server certificate is accepted (a lab only: the report says so). */
  readonly verify: boolean;
}

/** Node's TLS options for `tls`; the key revealed at the point of use only. */
