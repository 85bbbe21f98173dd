import { randomBytes } from 'node:crypto';

const ELEVENLABS_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** ElevenLabs-style ids: a prefix and 26 lower-case characters (`agent_3701k3ttaq12ewp8b7qv5rfyszkz`). */
export function vendorId(prefix: string, length = 26): string {
  return prefix + [...randomBytes(length)].map((byte) => ELEVENLABS_ALPHABET[byte % 32]).join('');
}

/** Twilio SIDs: two letters and 32 hex digits (`PN…`, `AC…`, `CA…`). */
export function twilioSid(prefix: string): string {
  return prefix + randomBytes(16).toString('hex');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Stripe ids: a prefix and base-62 characters (`cus_QXg1o8vcGmoR32`, `sub_1Pgc6rB7WZ01zgkWNy0Cn5nw`). */
export function stripeId(prefix: string, length = 24): string {
  return prefix + [...randomBytes(length)].map((byte) => BASE62[byte % 62]).join('');
}
