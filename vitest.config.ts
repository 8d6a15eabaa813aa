import { defineConfig } from 'vitest/config';

// One Vitest run, four projects (ARCHITECTURE.md §8). The JSON report feeds .ci/run's summary line.
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        test: {
          name: 'core',
          root: './core',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'adapters',
          root: './adapters',
          environment: 'node',
          environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
          include: ['src/**/*.test.ts'],
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'ui',
          root: './ui',
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
          globals: true,
          setupFiles: ['./src/test-setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'app',
          root: './app',
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'app-server',
          root: './app',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'test',
          root: './test',
          environment: 'node',
          include: ['src/**/*.test.ts', 'lint/**/*.test.ts', 'contract/**/*.test.ts'],
          testTimeout: 30000,
        },
      },
    ],
  },
});
