import { mkdirSync } from 'node:fs'
import type { Browser, Locator, Page } from 'playwright-core'
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
export function useJourney(env: Record<string, string> = {}): Journey {
  const journey = {} as Journey
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    journey.smtp = await startSmtp()
    journey.server = await startServer({ ...env, SMTP_URL: journey.smtp.url })
    journey.browser = await launchChromium()
  })
  afterAll(async () => {
    await journey.browser?.close()
    await journey.server?.stop()
    await journey.smtp?.close()
  })
  return journey
}

/**
 * A new account as a user makes one: signed up through the API, verified from the mailed link
 * (which leads to sign-in), then signed in through the form. Ends on a page of the app.
 */
export async function signUpAndSignIn(
  journey: Journey,
  page: Page,
  account: { email: string; password: string; firstName: string },
): Promise<void> {
  const { email, password, firstName } = account
  const signUp = await fetch(`${journey.server.url}/v1/auth/sign-up`, {
    method: 'POST',
    headers: { origin: journey.server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, first_name: firstName }),
  })
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`)
  await page.goto(await journey.smtp.linkFor(email, 'verifyEmail'))
  await page
    .getByRole('button', { name: /sign in/i })
    .first()
    .click()
  await page.waitForURL(/\/sign-in/)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/app\//)
}

/**
 * Types into a field and waits until the form's submit button takes it. On a loaded machine a
 * page can still be settling (a late query re-rendering the form) when the first keystrokes
 * land; typing again is what a user would do, and the button must end up enabled either way.
 */
export async function fillUntilSubmittable(
  field: Locator,
  value: string,
  submit: Locator,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if ((await field.inputValue()) !== value) await field.fill(value)
    if (await submit.isEnabled()) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the submit button stayed disabled after typing ${JSON.stringify(value)}`)
}
