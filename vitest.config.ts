import { defineConfig } from 'vitest/config'

// One runner, one project per workspace. `--project server` runs the server suites alone
// (CI runs them a second time against PostgreSQL).
// Workspace packages resolve to their TypeScript sources (the `source` export condition),
// so tests never need a build first.
const conditions = ['source', 'module', 'node', 'development|production']
const sourceConditions = {
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
}

// The server runs on plain Node, which knows no `module` condition. Vitest hands its conditions
// to Node for external packages too, and packages such as the AWS SDK point `module` at a
// bundler-only build that Node cannot load; so the server's tests resolve as Node does.
const serverConditions = conditions.filter((c) => c !== 'module')

// Vitest's default is one worker fewer than the cores, which on CI's two cores is one test file
// at a time. Most files spend their time waiting on servers, databases and child processes, so
// three at once keeps both cores busy.
export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      {
        ...sourceConditions,
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] },
      },
      {
        ...sourceConditions,
        test: {
          name: 'speech',
          root: 'packages/speech',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        resolve: { conditions: serverConditions },
        ssr: { resolve: { conditions: serverConditions, externalConditions: ['source'] } },
        test: {
          name: 'server',
          root: 'apps/server',
          globalSetup: ['test/global-setup.ts'],
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Every server test file builds its own app, database and servers and mocks nothing, so
          // the files of one worker can share loaded modules: importing the app graph once per
          // worker instead of once per file took a third off a sample's wall time.
          isolate: false,
          // These packages publish their TypeScript sources under the `source` condition, which
          // Node cannot load; Vitest transforms them instead (the MCP SDK imports them).
          server: { deps: { inline: [/@modelcontextprotocol\/sdk/, /eventsource/] } },
        },
      },
      {
        ...sourceConditions,
        // Component tests (`*.test.tsx`) name the jsdom environment in their first line; the
        // rest run on plain Node.
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
      },
    ],
  },
})
