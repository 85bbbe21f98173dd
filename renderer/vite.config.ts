import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { API_PREFIX } from '../shared/api/routes';

const rendererDir = import.meta.dirname;

/**
 * The web build of the renderer. Paths are relative to this folder: the build goes to the repository's
 * dist/renderer (which the server serves), and the dev server proxies /api to a local server.
 */
export default defineConfig({
  root: rendererDir,
  base: '/',
  plugins: [react()],
  resolve: { alias: { '@shared': `${rendererDir}/../shared` } },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: { [API_PREFIX]: { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
