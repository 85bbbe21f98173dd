import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedExchange, Vendor } from './vendor-oracle';

export interface RecordingProxy {
  baseUrl: string;
  close(): Promise<void>;
}

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/**
 * Stands between the SDKs and an emulator on loopback, passing every request on unchanged and keeping each answer
 * exactly as it went over the wire. `target` is asked per request, so the proxy outlives an emulator restart.
 */
export async function startRecordingProxy<V extends string = Vendor>(
  vendor: V,
  target: () => string,
  exchanges: Array<RecordedExchange<V>>,
): Promise<RecordingProxy> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const requestBody = await readAll(req);
      const url = new URL(req.url ?? '/', target());
      const upstream = http.request(url, { method: req.method, headers: { ...req.headers, host: url.host } });
      upstream.on('response', (answer) => {
        void readAll(answer).then((body) => {
          exchanges.push({
            vendor,
            method: req.method ?? 'GET',
            path: url.pathname,
            status: answer.statusCode ?? 0,
            contentType: answer.headers['content-type'] ?? '',
            body,
          });
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(body);
        });
      });
      upstream.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`recording proxy: ${error.message}`);
      });
      upstream.end(requestBody);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
