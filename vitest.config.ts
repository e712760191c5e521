import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      'server-only': path.join(root, 'tests/support/server-only.ts'),
      '@': path.join(root, 'src'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Opening a fresh PGlite database (initdb + migrations) takes a few seconds.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
