import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface ListeningEmulator {
  baseUrl: string;
  close(): Promise<void>;
}

/** Serves an emulator on the loopback interface, on a port the OS picks. */
export async function listenOnLoopback(app: Koa): Promise<ListeningEmulator> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
