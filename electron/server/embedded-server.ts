import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { createApp } from '../../server/src/app';
import { createRuntime, type Runtime } from '../../server/src/bootstrap';
import { JWT_SECRET_FILE, loadConfig, type Config } from '../../server/src/config';
import { readSecretFile } from '../../server/src/lib/secrets';

/** The demo server running inside the app: SQLite and the sandbox providers, on a loopback port of its own. */
export interface EmbeddedServer {
  origin: string;
  close(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** Database, uploads, sandbox state and the signing key; under the user-data folder in the app. */
  dataDir: string;
  /** The built renderer, served too so that links in demo e-mails open in a browser. */
  rendererDir: string;
  logger: Logger;
  /** Tests lower the password-hashing cost here. */
  overrides?: Partial<Config>;
}

export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  // Listen first: the port is part of the configuration (the public URL in e-mailed links).
  const server = http.createServer();
  await listen(server);
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  let runtime: Runtime;
  try {
    const config = loadConfig(
      { NODE_ENV: 'production' },
      {
        host: '127.0.0.1',
        port,
        publicUrl: origin,
        dataDir: options.dataDir,
        rendererDir: options.rendererDir,
        // One random signing key per installation; production mode alone would refuse to make it.
        jwtSecret: readSecretFile(path.join(options.dataDir, JWT_SECRET_FILE), { create: true }),
        providers: 'sandbox',
        serveRenderer: true,
        // The embedded server is the sales demo on a loopback port: its demo accounts are forced on purpose.
        seedDemo: true,
        ...options.overrides,
      },
    );
    runtime = await createRuntime(config, options.logger);
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  const { app } = createApp(runtime.deps, runtime.services);
  const handle = app.callback();
  // A web page could reach a loopback port through DNS rebinding; its requests carry a foreign Host header.
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  server.on('request', (request, response) => {
    if (!hosts.has(request.headers.host ?? '')) {
      response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Misdirected request');
      return;
    }
    void handle(request, response);
  });
  runtime.setPublicBaseUrl(origin);
  await runtime.provisionDemoBilling();
  options.logger.info({ origin, dataDir: options.dataDir }, 'embedded server listening');

  return {
    origin,
    async close() {
      await closeServer(server);
      await runtime.close();
    },
  };
}

function listen(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
