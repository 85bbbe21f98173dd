import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  parsePostCallEvent,
  parseSignatureHeader,
  verifySignature,
  WEBHOOK_TOLERANCE_SECS,
} from './elevenlabs-webhooks';

const SECRET = 'wsec_test';
const signed = (body: Buffer, timestamp: number, secret = SECRET) =>
  `t=${timestamp},v0=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;

describe('parseSignatureHeader', () => {
  it('reads the timestamp and every v0 signature', () => {
    expect(parseSignatureHeader('t=1700000000, v0=ab,v0=cd')).toEqual({
      timestamp: 1700000000,
      signatures: ['ab', 'cd'],
    });
  });

  it('refuses a header without a numeric timestamp or without a signature', () => {
    expect(parseSignatureHeader('t=soon,v0=ab')).toBeNull();
    expect(parseSignatureHeader('t=1700000000')).toBeNull();
    expect(parseSignatureHeader('')).toBeNull();
  });
});

describe('verifySignature', () => {
  const body = Buffer.from('{"type":"post_call_transcription"}');
  const at = 1_700_000_000;
  const now = new Date(at * 1000);

  it('accepts a fresh signature with the shared secret, even beside a stale one', () => {
    const header = `${signed(body, at)},v0=00ff`;
    expect(verifySignature(body, header, SECRET, now)).toBe(at);
  });

  it('refuses another secret, an old signature and a missing header', () => {
    expect(() => verifySignature(body, signed(body, at, 'other'), SECRET, now)).toThrow('does not match');
    const late = new Date((at + WEBHOOK_TOLERANCE_SECS + 1) * 1000);
    expect(() => verifySignature(body, signed(body, at), SECRET, late)).toThrow('expired');
    expect(() => verifySignature(body, undefined, SECRET, now)).toThrow('Missing or malformed');
  });
});

describe('parsePostCallEvent', () => {
  const event = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('reads the event, falling back to the signed time', () => {
    const data = { conversation_id: 'conv_1', agent_id: 'agent_1' };
    expect(parsePostCallEvent(event({ type: 'post_call_audio', data }), 42)).toEqual({
      type: 'post_call_audio',
      conversationId: 'conv_1',
      agentId: 'agent_1',
      eventTimestamp: 42,
    });
    expect(parsePostCallEvent(event({ type: 'post_call_audio', event_timestamp: 7, data }), 42).eventTimestamp).toBe(7);
  });

  it('refuses bodies that are not post-call events', () => {
    expect(() => parsePostCallEvent(Buffer.from('nope'), 1)).toThrow('not JSON');
    expect(() => parsePostCallEvent(event({ type: 'other', data: {} }), 1)).toThrow('not an ElevenLabs post-call');
    expect(() => parsePostCallEvent(event([1, 2]), 1)).toThrow('not an ElevenLabs post-call');
  });
});
