import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../domain/domain-error';
import type { Clock } from '../../../lib/clock';
import type { VoiceProvider, VoiceWebhookType } from '../voice.types';

export type PostCallWebhookEvent = ReturnType<VoiceProvider['verifyPostCallWebhook']>;

/** How old a webhook signature may be; the SDK's own `constructEvent` allows the same. */
export const WEBHOOK_TOLERANCE_SECS = 30 * 60;
const WEBHOOK_TYPES: readonly VoiceWebhookType[] = [
  'post_call_transcription',
  'post_call_audio',
  'call_initiation_failure',
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses `t=<unix>,v0=<hex>[,v0=<hex>…]`; several v0 values appear while a secret is being rotated. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v0' && value) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** Checks the header's signature of the raw body with the shared secret; answers the signed timestamp. */
export function verifySignature(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  secret: string,
  now: Date,
): number {
  const parsed = signatureHeader ? parseSignatureHeader(signatureHeader) : null;
  if (!parsed) throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Missing or malformed webhook signature.');
  const nowSecs = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSecs - parsed.timestamp) > WEBHOOK_TOLERANCE_SECS) {
    throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Webhook signature has expired.');
  }
  const expected = createHmac('sha256', secret).update(`${parsed.timestamp}.`).update(rawBody).digest();
  const valid = parsed.signatures.some((signature) => {
    if (!/^[0-9a-f]+$/i.test(signature)) return false;
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'Webhook signature does not match.');
  return parsed.timestamp;
}

/** Reads a post-call event from a body whose signature holds; without its own timestamp it takes the signed one. */
export function parsePostCallEvent(rawBody: Buffer, signedAt: number): PostCallWebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'Webhook body is not JSON.');
  }
  const { type: eventType, event_timestamp: eventTimestamp, data } = isRecord(event) ? event : {};
  const type = WEBHOOK_TYPES.find((known) => known === eventType);
  const conversationId = isRecord(data) ? data.conversation_id : undefined;
  const agentId = isRecord(data) ? data.agent_id : undefined;
  if (!type || typeof conversationId !== 'string' || typeof agentId !== 'string') {
    throw new DomainError('VALIDATION_FAILED', 'Webhook body is not an ElevenLabs post-call event.');
  }
  return {
    type,
    conversationId,
    agentId,
    eventTimestamp: typeof eventTimestamp === 'number' ? eventTimestamp : signedAt,
  };
}

/** The post-call webhook, signed with the secret shared with the vendor. */
export function elevenLabsWebhooks(webhookSecret: string, clock: Clock): Pick<VoiceProvider, 'verifyPostCallWebhook'> {
  return {
    verifyPostCallWebhook(rawBody, signatureHeader) {
      return parsePostCallEvent(rawBody, verifySignature(rawBody, signatureHeader, webhookSecret, clock.now()));
    },
  };
}
