import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles the main process (with the embedded server) and the preload into dist-electron/ as CommonJS: Electron's
 * sandboxed preload cannot load ES modules. Native and optional drivers stay outside the bundle.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** better-sqlite3 is native and rebuilt for Electron by electron-builder; the rest are knex's unused dialects. */
const EXTERNAL = [
  'electron',
  'better-sqlite3',
  'pg',
  'pg-native',
  'pg-query-stream',
  'mysql',
  'mysql2',
  'mariadb',
  'mariadb/callback',
  'oracledb',
  'sqlite3',
  'tedious',
];

const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'electron/main.ts', preload: 'electron/preload.ts' },
  outdir: 'dist-electron',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: EXTERNAL,
  // server/src/config.ts locates the repository from its own folder; in the bundle that is dist-electron/.
  define: { 'import.meta.dirname': '__dirname' },
  minify: true,
  keepNames: true,
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.cjs')) process.stdout.write(`${file}  ${(output.bytes / 1024).toFixed(0)} KiB\n`);
}
