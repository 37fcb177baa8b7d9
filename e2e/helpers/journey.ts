import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium } from './browser.js'
import { type RunningServer, startServer } from './server.js'
import { startSmtp } from './smtp.js'

/** Where journeys leave their screenshots. */
export const shots = new URL('../../.artifacts/e2e/', import.meta.url).pathname

export interface Journey {
  server: RunningServer
  smtp: Awaited<ReturnType<typeof startSmtp>>
  browser: Browser
}

/**
 * The product as a user meets it: the built server with a real SMTP server behind it and
 * Chromium in front, started once for the file's tests and stopped after them.
 */
export function useJourney(): Journey {
  const journey = {} as Journey
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    journey.smtp = await startSmtp()
    journey.server = await startServer({ SMTP_URL: journey.smtp.url })
    journey.browser = await launchChromium()
  })
  afterAll(async () => {
    await journey.browser?.close()
    await journey.server?.stop()
    await journey.smtp?.close()
  })
  return journey
}
