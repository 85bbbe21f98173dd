import http from 'node:http';
import { API_PREFIX, type ApiRoute } from '@shared/api/routes';

export interface RawRequest {
  method: string;
  /** Sent byte for byte: fetch would normalise `%2e%2e` away and refuses TRACE. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

/** A route's path with its parameters put in as given, not encoded: for malformed or hostile parameters. */
export function rawPath(route: ApiRoute, ...rawParams: string[]): string {
  let next = 0;
  return `${API_PREFIX}${route.pattern.replace(/:[A-Za-z]+/g, () => rawParams[next++] ?? '')}`;
}

/** One HTTP/1.1 request exactly as given, for inputs an ordinary client would clean up or refuse to send. */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  // Node sends a DELETE or GET body without framing unless it is told the length.
  const headers =
    request.body === undefined
      ? request.headers
      : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: hostname, port, method: request.method, path: request.path, headers },
      (incoming) => {
        // A live stream never ends by itself: its status and headers are the answer.
        if (String(incoming.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: '', json: undefined });
          outgoing.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text, json });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
