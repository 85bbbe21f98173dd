import { execSync } from 'node:child_process';
import { REPO_ROOT, startServer } from './server';

/**
 * Builds the renderer and starts one server on a fresh database for the whole run. Its address reaches the tests
 * through PARLEY_E2E_BASE_URL. PARLEY_E2E_SKIP_BUILD=1 skips the build (when dist/renderer is known to be fresh).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.PARLEY_E2E_SKIP_BUILD) {
    execSync('npx vite build --config renderer/vite.config.ts --logLevel warn', { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const server = await startServer();
  process.env.PARLEY_E2E_BASE_URL = server.url;
  return () => server.stop();
}
