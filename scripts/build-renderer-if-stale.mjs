// Builds the renderer before `npm start` when dist/renderer is missing, older than its sources, or lacks the
// precompressed copies the server sends (a build from before compression was part of it).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/renderer/index.html');
const precompressed = [`${built}.br`, `${built}.gz`];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () =>
  Math.max(newestMtime(path.join(root, 'renderer')), newestMtime(path.join(root, 'shared'))) >
  fs.statSync(built).mtimeMs;

if (![built, ...precompressed].every((file) => fs.existsSync(file)) || sourcesChanged()) {
  execSync('npx vite build --config renderer/vite.config.ts', { cwd: root, stdio: 'inherit' });
}
