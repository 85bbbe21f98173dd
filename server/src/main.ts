import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { createRuntime } from './bootstrap';
import { listeningOrigin, loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seeds/demo-accounts';
import { exitGracefullyOnSignal } from './lib/shutdown';
import { createLogger } from './logger';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const runtime = await createRuntime(config, logger);
  const { app } = createApp(runtime.deps, runtime.services);
  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  runtime.setPublicBaseUrl(`http://127.0.0.1:${port}`);
  await runtime.provisionDemoBilling();

  // The address links and redirects use; with an ephemeral port (PORT=0), where it is listening.
  const address = config.port === 0 ? listeningOrigin(config.host, port) : config.publicUrl;
  const lines = [`Parley is running at ${address}`];
  if (config.seedDemo) {
    lines.push(`Demo sign-ins (password: ${DEMO_PASSWORD}):`);
    for (const account of Object.values(DEMO_ACCOUNTS)) lines.push(`  ${account.role.padEnd(10)} ${account.email}`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

  exitGracefullyOnSignal(logger, async () => {
    // No new requests; idle keep-alive connections go now, busy ones when their response is sent.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    await runtime.close();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Parley failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
