import type { Context } from 'koa';
import type { EmulatorRoute } from '../emulator-route';
import { deepMerge, jsonBody } from './elevenlabs.http';
import type { ElevenLabsState } from './elevenlabs.state';

/** Workspace settings, where the post-call webhook is chosen: `/v1/convai/settings`. */

function getSettings(ctx: Context, state: ElevenLabsState): void {
  ctx.body = state.settings.get('convai') ?? {};
}

function updateSettings(ctx: Context, state: ElevenLabsState): void {
  const updated = deepMerge(state.settings.get('convai') ?? {}, jsonBody(ctx));
  state.settings.put('convai', updated);
  ctx.body = updated;
}

export const settingsRoutes: ReadonlyArray<EmulatorRoute<ElevenLabsState>> = [
  { method: 'get', path: '/v1/convai/settings', handle: getSettings },
  { method: 'patch', path: '/v1/convai/settings', handle: updateSettings },
];
