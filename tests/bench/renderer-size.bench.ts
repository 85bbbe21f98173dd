import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Rolldown } from 'vite';
import type { BenchResult } from './harness';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const SHELL_DIR = path.join(import.meta.dirname, 'fixtures/mui-shell');
const LIMIT_BYTES = 200_000;
const RATIO_TARGET = 1.5;

/**
 * What a first visit to each route loads besides the entry: the modules the app imports lazily on the way to its
 * first screen — the page, and for a signed-in user the page frame and the API the stored session is restored with.
 */
const FIRST_LOAD_MODULES: Record<string, string[]> = {
  '/auth': ['src/features/auth/AuthPage.tsx'],
  '/': [
    'src/features/auth/authApi.ts',
    'src/components/frame/PageFrame.tsx',
    'src/features/dashboard/DashboardPage.tsx',
  ],
};

type Chunk = Rolldown.OutputChunk;

/** The JS files a load of the given chunks fetches: each chunk and its static imports, transitively. */
export function staticClosure(chunks: Chunk[], roots: Chunk[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: Chunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return [...files];
}

function chunkHolding(chunks: Chunk[], moduleSuffix: string): Chunk {
  const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(moduleSuffix)));
  if (!chunk) throw new Error(`No chunk of the build holds ${moduleSuffix}`);
  return chunk;
}

function gzipBytes(outDir: string, files: string[]): number {
  return files.reduce(
    (sum, file) =>
      sum + gzipSync(fs.readFileSync(path.join(outDir, file)), { level: zlibConstants.Z_BEST_COMPRESSION }).length,
    0,
  );
}

async function buildChunks(config: InlineConfig): Promise<Chunk[]> {
  const result = await build({ ...config, logLevel: 'warn' });
  const outputs = Array.isArray(result) ? result : [result as Rolldown.RolldownOutput];
  return outputs.flatMap((output) => output.output).filter((item): item is Chunk => item.type === 'chunk');
}

/** R1: gzip size of the JS a first load of /auth and of / needs, against a bare React + MUI shell built alongside. */
export async function benchRendererSize(): Promise<BenchResult[]> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-r1-'));
  try {
    const shellDir = path.join(workDir, 'shell');
    const shellChunks = await buildChunks({
      configFile: false,
      root: SHELL_DIR,
      plugins: [react()],
      build: { outDir: shellDir, emptyOutDir: true },
    });
    const shellEntries = shellChunks.filter((chunk) => chunk.isEntry);
    const limit = gzipBytes(shellDir, staticClosure(shellChunks, shellEntries)) / 1000;

    const rendererDir = path.join(workDir, 'renderer');
    const chunks = await buildChunks({
      configFile: path.join(repoRoot, 'renderer/vite.config.ts'),
      build: { outDir: rendererDir, emptyOutDir: true, sourcemap: false },
    });
    const entries = chunks.filter((chunk) => chunk.isEntry);
    return Object.entries(FIRST_LOAD_MODULES).map(([route, modules]) => {
      const roots = [...entries, ...modules.map((module) => chunkHolding(chunks, module))];
      const ours = gzipBytes(rendererDir, staticClosure(chunks, roots)) / 1000;
      const ratio = ours / limit;
      return {
        id: 'R1',
        workload: `first-load JS of ${route} (kB gzip) vs React + MUI shell`,
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
