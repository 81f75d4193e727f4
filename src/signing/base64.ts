const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Decodes standard, padded, canonical base64 and nothing else. Node's own decoder skips unknown characters and
 * ignores stray bits, so two different hash strings could decode to the same signature; this one refuses them.
 */
export function decodeBase64Strict(text: string): Buffer | undefined {
  if (!STANDARD_BASE64.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
}

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}
