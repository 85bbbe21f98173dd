import compress from 'koa-compress';
import type { Middleware } from 'koa';
import type { AppState } from './auth.middleware';

/** Below this a compressed body saves less than its headers and the CPU cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses compressible responses above the threshold on the fly: API JSON, and renderer files that have no
 * precompressed copy. Files sent already encoded are left alone. The API authenticates with bearer tokens, never
 * cookies, so a cross-site page cannot make the browser compress secrets beside its own input (BREACH).
 */
export function compressResponses(): Middleware<AppState> {
  return compress({ threshold: COMPRESSION_THRESHOLD_BYTES });
}
