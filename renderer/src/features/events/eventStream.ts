import type { DeliveredEvent, LiveEventType } from '@shared/api/events.types';
import { LIVE_EVENT_TYPES, UNNUMBERED_EVENTS } from '@shared/api/events.types';
import { backoffMs } from '@shared/domain/backoff';

/** One complete Server-Sent Events block: its id, its event type and its JSON data. */
export interface StreamFrame {
  id: string | null;
  type: string;
  data: string;
}

/**
 * Splits a growing text buffer into complete SSE blocks (separated by a blank line); returns them and the unfinished
 * rest. Comment lines (heartbeats) and `retry:` are dropped.
 */
export function parseFrames(buffer: string): { frames: StreamFrame[]; rest: string } {
  const frames: StreamFrame[] = [];
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let id: string | null = null;
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) frames.push({ id, type, data: data.join('\n') });
  }
  return { frames, rest };
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(LIVE_EVENT_TYPES);

/** A frame as a typed event, or null for a type this renderer does not know or data that is not JSON. */
export function toLiveEvent(frame: StreamFrame): DeliveredEvent | null {
  if (!KNOWN_TYPES.has(frame.type)) return null;
  if (!frame.id && !UNNUMBERED_EVENTS.has(frame.type as LiveEventType)) return null;
  try {
    const { at, ...data } = JSON.parse(frame.data) as Record<string, unknown> & { at?: string };
    return { id: frame.id ?? '', type: frame.type as LiveEventType, data, at: at ?? '' } as DeliveredEvent;
  } catch {
    return null;
  }
}

export interface EventStreamOptions {
  url: string;
  /** The current access token; read again at every (re)connection. */
  token(): string | null;
  onEvent(event: DeliveredEvent): void;
  /** The server refused the token (401): the session should refresh it. */
  onUnauthorized(): void;
  /** The stream opened (true) or dropped (false). */
  onConnectionChange?(connected: boolean): void;
  signal: AbortSignal;
}

const RECONNECT_BACKOFF = { firstMs: 1000, maxMs: 30_000 };

/**
 * Reads GET /api/events with fetch, so that the access token travels in the Authorization header (EventSource cannot
 * send one, and a token in the URL would end up in logs). Reconnects with growing pauses and the last event's id, so
 * the server replays what was missed; stops when the signal aborts.
 */
export async function runEventStream(options: EventStreamOptions): Promise<void> {
  let lastEventId: string | null = null;
  let failures = 0;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      options.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  while (!options.signal.aborted) {
    const token = options.token();
    if (!token) {
      await sleep(backoffMs(failures + 1, RECONNECT_BACKOFF));
      continue;
    }
    try {
      const response = await fetch(options.url, {
        headers: {
          Accept: 'text/event-stream',
          Authorization: `Bearer ${token}`,
          ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
        },
        cache: 'no-store',
        signal: options.signal,
      });
      if (response.status === 401) options.onUnauthorized();
      if (response.ok && response.body) {
        failures = 0;
        options.onConnectionChange?.(true);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseFrames(buffer + value);
          buffer = parsed.rest;
          for (const frame of parsed.frames) {
            const event = toLiveEvent(frame);
            if (!event) continue;
            if (event.id) lastEventId = event.id;
            options.onEvent(event);
          }
        }
      }
    } catch {
      // A dropped connection or an abort: reconnect below unless aborted.
    }
    options.onConnectionChange?.(false);
    if (options.signal.aborted) break;
    failures += 1;
    await sleep(backoffMs(failures, RECONNECT_BACKOFF));
  }
}
