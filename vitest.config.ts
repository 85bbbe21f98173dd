import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@shared': path.resolve(import.meta.dirname, 'shared') } },
  test: {
    include: [
      'shared/**/*.test.ts',
      'server/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/src/**/*.test.{ts,tsx}',
      'tests/api/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'scripts/**/*.test.js',
      'tests/lint/**/*.test.ts',
      'tests/support/**/*.test.ts',
    ],
    globalSetup: ['tests/api/support/postgres-leg.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
