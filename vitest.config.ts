import { defineConfig } from 'vitest/config'

// One runner, one project per workspace. `--project server` runs the server suites alone
// (CI runs them a second time against PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] },
      },
      {
        resolve: { conditions: ['source'] },
        test: {
          name: 'speech',
          root: 'packages/speech',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        resolve: { conditions: ['source'] },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { conditions: ['source'] },
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] },
      },
    ],
  },
})
