import { isIP } from 'node:net';

/** Where postbacks may go: loopback only by default, so a sandbox never sends traffic off the machine. */
export type PostbackHosts = 'loopback' | readonly string[];

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** Why `url` is not a place the sandbox delivers to, or undefined when it is. */
export function destinationProblem(url: string, hosts: PostbackHosts): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `protocol ${parsed.protocol} is not http(s)`;
  const allowed = hosts === 'loopback' ? isLoopback(parsed.hostname) : hosts.includes(parsed.hostname);
  return allowed
    ? undefined
    : `host ${parsed.hostname} is not allowed (the sandbox delivers to ${hosts === 'loopback' ? 'loopback hosts' : hosts.join(', ')} only)`;
}
