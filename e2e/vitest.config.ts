import { defineConfig } from 'vitest/config'

// End-to-end journeys: the built server (apps/server/dist) and web app (apps/web/dist),
// driven in Debian's Chromium. `npm run test:e2e` builds first.
export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // Each journey starts its own server, database, mail server and browser, so two can run
    // side by side; more would only queue on CI's two cores.
    maxWorkers: 2,
  },
})
