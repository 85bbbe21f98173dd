import net from 'node:net';

/**
 * A keep-alive HTTP/1.1 load generator, run as a child process so that it does not share the event loop of the
 * servers it measures. It writes requests on raw sockets (one request in flight per connection) and reads responses
 * by Content-Length, so its own cost per request stays far below node:http's client.
 *
 * The parent sends a LoadRequest over IPC and receives a LoadResult for each.
 */
export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  /** Responses other than 200, and connections that failed. */
  errors: number;
  /** The status line of the first response other than 200, so that a failed run says why. */
  firstFailure: string | null;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

function requestBytes(target: URL, headers: Record<string, string>): Buffer {
  const lines = [`GET ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
}

/** One connection sending requests back to back until the deadline; latencies are pushed in milliseconds. */
function drive(
  target: URL,
  request: Buffer,
  deadline: number,
  latencies: number[],
  firstFailure: { head?: string },
): Promise<number> {
  return new Promise((resolve) => {
    let errors = 0;
    let pending: Buffer = Buffer.alloc(0);
    let sentAt = 0;
    const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
    const send = () => {
      if (performance.now() >= deadline) {
        socket.end();
        return;
      }
      sentAt = performance.now();
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      const headerEnd = pending.indexOf(HEADER_END);
      if (headerEnd < 0) return;
      const head = pending.subarray(0, headerEnd).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
      if (Number.isNaN(length)) {
        errors += 1;
        socket.destroy();
        return;
      }
      const total = headerEnd + HEADER_END.length + length;
      if (pending.length < total) return;
      latencies.push(performance.now() - sentAt);
      if (!head.startsWith('HTTP/1.1 200')) {
        errors += 1;
        firstFailure.head ??= head.split('\r\n', 1)[0];
      }
      pending = pending.subarray(total);
      send();
    });
    socket.on('error', () => {
      errors += 1;
    });
    socket.on('close', () => resolve(errors));
  });
}

export async function generateLoad(load: LoadRequest): Promise<LoadResult> {
  const target = new URL(load.url);
  const request = requestBytes(target, load.headers);
  const latencies: number[] = [];
  const firstFailure: { head?: string } = {};
  const started = performance.now();
  const deadline = started + load.durationMs;
  const errors = await Promise.all(
    Array.from({ length: load.connections }, () => drive(target, request, deadline, latencies, firstFailure)),
  );
  const elapsedMs = performance.now() - started;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors: errors.reduce((sum, n) => sum + n, 0),
    firstFailure: firstFailure.head ?? null,
    requestsPerSecond: (latencies.length * 1000) / elapsedMs,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
  };
}

if (process.send) {
  process.on('message', (message: LoadRequest) => {
    void generateLoad(message).then((result) => process.send?.(result));
  });
}
