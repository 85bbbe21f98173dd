import type { Context } from 'koa';
import { VOICES } from '../../db/seeds/catalogue';
import type { EmulatorRoute } from '../emulator-route';
import { pageSizeOf, queryValue } from './elevenlabs.http';
import type { ElevenLabsState } from './elevenlabs.state';

/** The voice library, served from our catalogue: `/v1/voices` and `/v2/voices`. */

const voiceIds = new Set(VOICES.map((voice) => voice.elevenlabsId));
/** The models our agents speak with; premade voices are tuned for each of them. */
const HIGH_QUALITY_MODELS = [
  'eleven_turbo_v2',
  'eleven_turbo_v2_5',
  'eleven_flash_v2',
  'eleven_flash_v2_5',
  'eleven_multilingual_v2',
];

export const isKnownVoice = (voiceId: string) => voiceIds.has(voiceId);

function voiceBody(voice: (typeof VOICES)[number]) {
  return {
    voice_id: voice.elevenlabsId,
    name: voice.name,
    category: 'premade',
    description: voice.description,
    labels: {},
    preview_url: null,
    // Empty: the sandbox keeps no voice to a subscription tier.
    available_for_tiers: [],
    high_quality_base_model_ids: HIGH_QUALITY_MODELS,
  };
}

function listVoices(ctx: Context): void {
  ctx.body = { voices: VOICES.map(voiceBody) };
}

function searchVoices(ctx: Context): void {
  const search = queryValue(ctx, 'search')?.toLowerCase();
  const matching = VOICES.filter((voice) => !search || voice.name.toLowerCase().includes(search));
  const size = pageSizeOf(ctx, 10, 100);
  const start = Number(queryValue(ctx, 'next_page_token') ?? 0) || 0;
  const hasMore = start + size < matching.length;
  ctx.body = {
    voices: matching.slice(start, start + size).map(voiceBody),
    has_more: hasMore,
    total_count: matching.length,
    next_page_token: hasMore ? String(start + size) : null,
  };
}

export const voiceRoutes: ReadonlyArray<EmulatorRoute<ElevenLabsState>> = [
  { method: 'get', path: '/v1/voices', handle: listVoices },
  { method: 'get', path: '/v2/voices', handle: searchVoices },
];
