import { randomBytes, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

let lastMs = 0;
let counter = 0;

/**
 * A UUIDv7 (RFC 9562) that sorts after every one this process made before: 48 bits of milliseconds, a 12-bit
 * counter within the millisecond (borrowing the next millisecond when it runs out), 62 random bits. Rows keyed by
 * it page in creation order by their key alone, and rows written in one batch keep the batch's order.
 */
export function newSequentialId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
