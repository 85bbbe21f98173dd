import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';

/** The SDK's Agents platform, which every resource of the voice port talks to. */
export type ConvAi = ElevenLabsClient['conversationalAi'];
