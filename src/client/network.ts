import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import type { TlsSettings } from '../profile/tls-settings.js';

export type { TlsSettings };

/** The TLS options of a connection that the profile's `tls` sets. */
export interface TlsConnectOptions {
  ca?: string;
  cert?: string;
  key?: string;
  rejectUnauthorized?: boolean;
}

export function connectOptions(tls: TlsSettings | undefined): TlsConnectOptions {
  if (tls === undefined) return {};
  return {
    ...(tls.ca === undefined ? {} : { ca: tls.ca }),
    ...(tls.cert === undefined ? {} : { cert: tls.cert }),
    ...(tls.key === undefined ? {} : { key: tls.key.reveal() }),
    rejectUnauthorized: tls.verify,
  };
}

/**
 * The dispatcher for traffic to a target (its API, its test helpers, a merchant's receiver): the profile's TLS
 * settings, and HTTP_PROXY / HTTPS_PROXY / NO_PROXY as the environment states them (undici's EnvHttpProxyAgent,
 * which tunnels through the proxy with CONNECT and applies `tls` to the target behind it).
 */
export function targetDispatcher(tls: TlsSettings | undefined, connections: number): Dispatcher {
  const connect = connectOptions(tls);
  return new EnvHttpProxyAgent({ connections, keepAliveTimeout: 10_000, connect, requestTls: connect });
}

/** The dispatcher for the kit's own local servers (capture server, sandbox control): direct, never proxied. */
export function localDispatcher(connections: number): Dispatcher {
  return new Agent({ connections, keepAliveTimeout: 10_000 });
}

/** Error codes of a TLS handshake that failed, and what each means for the user. */
const TLS_CAUSES: Readonly<Record<string, string>> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate is signed by a CA the kit does not trust (set tls.ca)',
  UNABLE_TO_GET_ISSUER_CERT: 'the server certificate is signed by a CA the kit does not trust (set tls.ca)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the server certificate is signed by a CA the kit does not trust (set tls.ca)',
  SELF_SIGNED_CERT_IN_CHAIN: 'the server certificate chains to a CA the kit does not trust (set tls.ca)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed and not trusted (set tls.ca to it)',
  CERT_HAS_EXPIRED: 'the server certificate has expired',
  CERT_NOT_YET_VALID: 'the server certificate is not valid yet (or this clock is wrong)',
  ERR_TLS_CERT_ALTNAME_INVALID: "the server certificate does not name the target's host name",
  ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED:
    'the server demands a client certificate (set tls.clientCertificate and tls.clientKey)',
  ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE: 'the server refused the client certificate',
  ERR_SSL_TLSV1_ALERT_UNKNOWN_CA: "the server does not trust the client certificate's CA",
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN: 'the server refused the client certificate',
  ERR_SSL_WRONG_VERSION_NUMBER: 'the target does not speak TLS there (an http:// URL?)',
};

/** The codes of an error and of its causes, outermost first. */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    current = cause;
  }
  return codes;
}

/** What a failed TLS handshake means, naming its code; undefined when the error is not one. */
export function describeTlsFailure(error: unknown): string | undefined {
  for (const code of errorCodes(error)) {
    const cause = TLS_CAUSES[code];
    if (cause !== undefined) return `TLS: ${cause} (${code})`;
    if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) return `TLS handshake failed (${code})`;
  }
  return undefined;
}

/**
 * Why a TLS connection to `url` fails, found by opening one directly and sending a HEAD: undici reports a server
 * that refuses the client certificate after a TLS 1.3 handshake only as "other side closed", while the socket
 * itself hears the alert. Undefined when the connection works, fails for a reason that is not TLS, or a proxy
 * stands between (the environment names one).
 */
export async function probeTls(url: URL, tls: TlsSettings | undefined, timeoutMs = 5_000): Promise<string | undefined> {
  if (url.protocol !== 'https:') return undefined;
  // Through a proxy the target may not be reachable directly at all: no probe around it.
  const proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some(
    (name) => (process.env[name] ?? '') !== '',
  );
  if (proxied) return undefined;
  const { connect } = await import('node:tls');
  return new Promise((resolve) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket = connect({
      host,
      port: Number(url.port || 443),
      ...(isIp(host) ? {} : { servername: host }),
      ...connectOptions(tls),
    });
    const done = (result: string | undefined): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => {
      done(undefined);
    }, timeoutMs);
    socket.once('secureConnect', () =>
      socket.write(`HEAD / HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`),
    );
    socket.once('data', () => {
      done(undefined);
    });
    socket.once('error', (error) => {
      done(describeTlsFailure(error));
    });
    socket.once('end', () => {
      done(
        tls?.cert === undefined
          ? 'TLS: the server closed the connection after the handshake: it may demand a client certificate (set tls.clientCertificate and tls.clientKey)'
          : 'TLS: the server closed the connection after the handshake: it may have refused the client certificate',
      );
    });
  });
}

function isIp(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}
