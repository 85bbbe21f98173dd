import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Logger } from 'pino';

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

export interface VendorErrorBodies {
  /** What the vendor answers to a request it cannot read (a thrown error with a status under 500). */
  invalid(ctx: Koa.Context, error: unknown): void;
  internal(ctx: Koa.Context): void;
}

/** Answers what a route throws in the vendor's own error bodies, so the official SDKs see the vendor's errors. */
export function vendorErrors(vendor: string, bodies: VendorErrorBodies, logger?: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const status = (error as { status?: number }).status ?? 500;
      if (status < 500) {
        bodies.invalid(ctx, error);
        return;
      }
      logger?.error({ err: error, path: ctx.path }, `${vendor} sandbox: request failed`);
      bodies.internal(ctx);
    }
  };
}
