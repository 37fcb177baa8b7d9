import { defineConfig } from 'vitest/config'

// End-to-end journeys: the built server (apps/server/dist) and web app (apps/web/dist),
// driven in Debian's Chromium. `npm run test:e2e` builds first.
export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
})
