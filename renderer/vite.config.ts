import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const rendererDir = import.meta.dirname;

/**
 * The web build of the renderer. Paths are relative to this folder: the build goes to the repository's
 * dist/renderer (which the server serves), and the dev server proxies the API to a local server.
 */
export default defineConfig({
  root: rendererDir,
  base: '/',
  plugins: [
    react(),
    // Brotli and gzip copies of every text file, made once here so the server never compresses them per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  resolve: { alias: { '@shared': `${rendererDir}/../shared` } },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The compression above runs inside Vite's own bundle hook at maximum quality on purpose; its time is no fault.
      checks: { bundlerTimings: false },
      // Everything the entry imports statically loads on every visit anyway: one file compresses better than many.
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  server: {
    port: 5173,
    // Only /api and /api/… are the API: /api-keys is a page of the renderer.
    proxy: { '^/api(/|$)': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
