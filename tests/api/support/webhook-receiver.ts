import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  /** The request's path: tests give each endpoint its own under the receiver's URL. */
  path: string;
  headers: Record<string, string>;
  body: string;
  /** When it arrived (ms since the epoch, real time). */
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A customer's receiver on this machine: keeps what it gets and answers as the test tells it to (200 unless told). */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** How to answer the next requests; given what arrived and how many came before it. */
  answer: (request: ReceivedWebhook, count: number) => Answer | Promise<Answer>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: () => ({ status: 200, body: 'ok' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      );
      const received = {
        path: request.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      const answer = receiver.answer(received, receiver.received.length);
      receiver.received.push(received);
      void Promise.resolve(answer).then(({ status, headers, body }) => {
        response.writeHead(status, headers);
        response.end(body ?? '');
      });
    });
  });
  server.keepAliveTimeout = 1;
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
