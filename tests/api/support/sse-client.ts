import { apiRoutes } from '@shared/api/routes';

/** One event as a Server-Sent Events stream delivered it. */
export interface StreamedEvent {
  id: string | null;
  type: string;
  data: Record<string, unknown>;
}

export interface EventStream {
  status: number;
  headers: Headers;
  events: StreamedEvent[];
  /** Comment lines received (heartbeats). */
  comments: string[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (event: StreamedEvent) => boolean, timeoutMs?: number): Promise<StreamedEvent>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens GET /api/events (or another stream's path) as the renderer does: fetch with the bearer token in a header,
 * read as a stream.
 */
export async function openEventStream(
  baseUrl: string,
  token: string | undefined,
  lastEventId?: string,
  path = apiRoutes.events.stream(),
): Promise<EventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${baseUrl}${path}`, { headers, signal: controller.signal });
  const events: StreamedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());

  const ended = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let type = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) events.push({ id, type, data: JSON.parse(data) as Record<string, unknown> });
          notify();
        }
      }
    } catch {
      // Closed by the test.
    }
  })();

  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended,
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms; received ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
