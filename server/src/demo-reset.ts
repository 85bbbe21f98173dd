/**
 * `npm run demo:reset`: the demo clinic back to its first-start state, on the database and sandbox of DATA_DIR (or
 * DATABASE_URL). Best run with the server stopped; a running server offers superadmins the same as an action.
 */
import { createRuntime } from './bootstrap';
import { loadConfig } from './config';
import { createLogger } from './logger';

async function resetDemo(): Promise<void> {
  const config = loadConfig(process.env, { runWorkers: false });
  const runtime = await createRuntime(config, createLogger(config));
  try {
    if (!(await runtime.resetDemo())) throw new Error('Demo data is off here (SEED_DEMO); nothing was reset');
    process.stdout.write('The demo data is back to its first-start state.\n');
  } finally {
    await runtime.close();
  }
}

resetDemo().catch((error: unknown) => {
  process.stderr.write(`Demo reset failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
