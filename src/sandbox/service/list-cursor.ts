import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxConventions } from '../config/sandbox-conventions.js';
import { constantTimeEqualBytes } from '../../signing/constant-time.js';

/**
 * What a list's nextId names and how a fromId is read back (§4.4 says only that fromId is a UUID taken from nextId;
 * the profile's conventions.nextId states the service's choice):
 *
 * - `first-of-next-page`: the id of the next page's first payment; fromId is inclusive; absent on the last page.
 * - `last-of-page`: the id of this page's last payment whenever the page is full; fromId is exclusive, so the page
 *   after a full last page is empty and carries none.
 * - `opaque`: a cursor in the form of a UUID that names no payment (the keyset position after this page, sealed for
 *   the merchant), absent on the last page; a fromId that is not one of this process's cursors names nothing (the
 *   unknownFromId answer).
 */
export type NextIdForm = SandboxConventions['nextId'];

/** Where keyset positions are looked up: a payment's, when it is the merchant's. */
export type PositionOf = (paymentId: string) => number | undefined;

/** The key cursors are sealed with: one per process, as a restarted service's old cursors stop working. */
const CURSOR_KEY = randomBytes(32);
const TAG_BYTES = 10;
const POSITION_BYTES = 6;

function mac(...parts: (string | Buffer)[]): Buffer {
  const hmac = createHmac('sha256', CURSOR_KEY);
  for (const part of parts) hmac.update(part);
  return hmac.digest();
}

/** The tag as a UUID v4 carries it: its version nibble and variant bits set (bytes 6 and 8 of the UUID). */
function asUuidTag(tag: Buffer): Buffer {
  const out = Buffer.from(tag.subarray(0, TAG_BYTES));
  out[6] = ((out[6] ?? 0) & 0x0f) | 0x40;
  out[8] = ((out[8] ?? 0) & 0x3f) | 0x80;
  return out;
}

function seal(merchantId: string, position: number): string {
  const plain = Buffer.alloc(POSITION_BYTES);
  plain.writeUIntBE(position, 0, POSITION_BYTES);
  const tag = asUuidTag(mac('tag', merchantId, plain));
  const mask = mac('mask', tag);
  const masked = Buffer.from(plain.map((byte, i) => byte ^ (mask[i] ?? 0)));
  const hex = Buffer.concat([tag, masked]).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function unseal(merchantId: string, cursor: string): number | undefined {
  const hex = cursor.toLowerCase().replaceAll('-', '');
  if (!/^[0-9a-f]{32}$/.test(hex)) return undefined;
  const bytes = Buffer.from(hex, 'hex');
  const tag = bytes.subarray(0, TAG_BYTES);
  const mask = mac('mask', tag);
  const plain = Buffer.from(bytes.subarray(TAG_BYTES).map((byte, i) => byte ^ (mask[i] ?? 0)));
  if (!constantTimeEqualBytes(tag, asUuidTag(mac('tag', merchantId, plain)))) return undefined;
  return plain.readUIntBE(0, POSITION_BYTES);
}

/** The keyset position a page starts at for this fromId; undefined when it names nothing of the merchant's. */
export function startOf(
  form: NextIdForm,
  merchantId: string,
  fromId: string,
  positionOf: PositionOf,
): number | undefined {
  switch (form) {
    case 'first-of-next-page':
      return positionOf(fromId);
    case 'last-of-page': {
      const position = positionOf(fromId);
      return position === undefined ? undefined : position + 1;
    }
    case 'opaque':
      return unseal(merchantId, fromId);
  }
}

/** The nextId of a page of `take`, given the page and the candidates that follow it (none: the last page). */
export function nextIdOf(
  form: NextIdForm,
  merchantId: string,
  page: readonly { readonly id: string }[],
  following: readonly { readonly id: string }[],
  take: number,
  positionOf: PositionOf,
): string | undefined {
  const last = page.at(-1)?.id;
  switch (form) {
    case 'first-of-next-page':
      return following[0]?.id;
    case 'last-of-page':
      return page.length >= take ? last : undefined;
    case 'opaque': {
      const position = last === undefined ? undefined : positionOf(last);
      return following.length > 0 && position !== undefined ? seal(merchantId, position + 1) : undefined;
    }
  }
}
