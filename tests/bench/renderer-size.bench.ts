import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Manifest } from 'vite';
import type { BenchResult } from './harness';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const SHELL_DIR = path.join(import.meta.dirname, 'fixtures/mui-shell');
const ENTRY = 'index.html';
const LIMIT_BYTES = 200_000;
const RATIO_TARGET = 1.5;

/**
 * What a first visit to each route fetches besides the entry: the page module the route table loads lazily, keyed
 * as in Vite's manifest (relative to renderer/).
 */
const ROUTE_PAGES: Record<string, string[]> = {
  '/auth': ['src/features/auth/AuthPage.tsx'],
  '/': ['src/features/dashboard/DashboardPage.tsx'],
};

/** The JS files a load of the given manifest entries fetches: each chunk and its static imports, transitively. */
export function initialJsFiles(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

function gzipBytes(outDir: string, files: string[]): number {
  return files.reduce(
    (sum, file) =>
      sum + gzipSync(fs.readFileSync(path.join(outDir, file)), { level: zlibConstants.Z_BEST_COMPRESSION }).length,
    0,
  );
}

function readManifest(outDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

async function buildRenderer(outDir: string): Promise<Manifest> {
  await build({
    configFile: path.join(repoRoot, 'renderer/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  return readManifest(outDir);
}

async function buildShell(outDir: string): Promise<Manifest> {
  await build({
    configFile: false,
    root: SHELL_DIR,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return readManifest(outDir);
}

/** R1: gzip size of the JS a first load of /auth and of / needs, against a bare React + MUI shell built alongside. */
export async function benchRendererSize(): Promise<BenchResult[]> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-r1-'));
  try {
    const shellDir = path.join(workDir, 'shell');
    const rendererDir = path.join(workDir, 'renderer');
    const shellBytes = gzipBytes(shellDir, initialJsFiles(await buildShell(shellDir), [ENTRY]));
    const manifest = await buildRenderer(rendererDir);
    return Object.entries(ROUTE_PAGES).map(([route, pages]) => {
      const ours = gzipBytes(rendererDir, initialJsFiles(manifest, [ENTRY, ...pages])) / 1000;
      const limit = shellBytes / 1000;
      const ratio = ours / limit;
      return {
        id: 'R1',
        workload: `renderer initial JS for ${route} (kB gzip) vs React + MUI shell`,
        ours,
        limit,
        unit: 'kB',
        ratio,
        target: `≤ ${RATIO_TARGET}×, ≤ ${LIMIT_BYTES / 1000} kB`,
        pass: ratio <= RATIO_TARGET && ours * 1000 <= LIMIT_BYTES,
      };
    });
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
