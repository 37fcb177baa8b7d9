import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, useJourney } from './helpers/journey.js'

const journey = useJourney()
const STEP_DONE = 'Congratulations on completing a step in your onboarding checklist.'

/** A page at a width and theme, already signed in with the cookies of `from`. */
async function viewAs(browser: Browser, from: Page, width: number, theme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    storageState: await from.context().storageState(),
  })
  await context.addInitScript((t) => window.localStorage.setItem('xi:theme', t), theme)
  return context.newPage()
}

describe('a new user is onboarded', () => {
  it('signs up, answers the survey, generates speech to complete a step and reads a notification', async () => {
    const email = `onboarding-${Date.now()}@example.com`
    const password = 'onboarding pass 2026'
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()

    // Sign up in the form, verify through the mailed link, sign in.
    await page.goto(`${journey.server.url}/sign-up`)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByText(email).first().waitFor()
    await page.goto(await journey.smtp.linkFor(email, 'verifyEmail'))
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .click()
    await page.waitForURL(/\/sign-in/)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()

    // A new account lands on the survey.
    await page.waitForURL(/\/app\/onboarding/)
    await page.getByRole('heading', { name: 'Tell us a little about yourself' }).waitFor()
    await page.getByLabel('First name').fill('Robin')
    await page.getByText('Developer', { exact: true }).click()
    await page.getByLabel('How did you hear about us?').selectOption('podcast')
    await page.screenshot({ path: `${shots}onboarding-01-survey.png`, fullPage: true })
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(/\/app\/home/)
    await page.getByRole('heading', { name: 'Welcome, Robin' }).waitFor()
    const survey = (await page.evaluate(async () => (await fetch('/v1/onboarding/survey')).json())) as {
      onboarding_survey: { first_name: string; role: string; source: string; timezone: string }
    }
    expect(survey.onboarding_survey).toMatchObject({
      first_name: 'Robin',
      role: 'developer',
      source: 'podcast',
    })
    expect(survey.onboarding_survey.timezone).toBeTruthy()

    // The checklist is on the home page with nothing done yet.
    const checklist = page.getByTestId('onboarding-checklist')
    await checklist.getByText('0 of 7 done').waitFor()
    const ttsStep = checklist.locator('li').filter({ hasText: 'Generate speech from text' })
    expect(await ttsStep.getAttribute('data-completed')).toBe('false')

    // Start the step from the checklist and generate speech.
    await ttsStep.getByRole('link', { name: /Start/ }).click()
    await page.waitForURL(/\/app\/speech-synthesis/)
    await page.getByRole('textbox', { name: 'Text to speak' }).fill('My first words with Timbre.')
    await page.getByRole('button', { name: 'Generate speech' }).click()
    await page.getByText(STEP_DONE).first().waitFor({ timeout: 60_000 })
    await page.screenshot({ path: `${shots}onboarding-02-step-toast.png` })

    // Back home the item is ticked.
    await page.getByRole('link', { name: 'Home' }).first().click()
    await checklist.getByText('1 of 7 done').waitFor()
    expect(await ttsStep.getAttribute('data-completed')).toBe('true')
    await page.getByText('My first words with Timbre.').first().waitFor()

    // Screenshots of home and notifications at desktop and phone widths, light and dark.
    for (const width of [1280, 390]) {
      for (const theme of ['light', 'dark'] as const) {
        const view = await viewAs(journey.browser, page, width, theme)
        await view.goto(`${journey.server.url}/app/home`)
        await view.getByTestId('onboarding-checklist').waitFor()
        await view.getByText('My first words with Timbre.').first().waitFor()
        await view.screenshot({ path: `${shots}onboarding-home-${width}-${theme}.png`, fullPage: true })
        await view.goto(`${journey.server.url}/app/notifications`)
        await view.getByText('Welcome to Timbre').first().waitFor()
        await view.screenshot({
          path: `${shots}onboarding-notifications-${width}-${theme}.png`,
          fullPage: true,
        })
        await view.goto(`${journey.server.url}/app/onboarding`)
        await view.getByRole('heading', { name: 'Tell us a little about yourself' }).waitFor()
        await view.screenshot({ path: `${shots}onboarding-survey-${width}-${theme}.png`, fullPage: true })
        await view.context().close()
      }
    }
    // The bell shows the unread welcome message; reading it clears the count.
    const bell = page.getByTestId('notification-bell')
    expect(await bell.getAttribute('aria-label')).toBe('Notifications (1 unread)')
    await bell.click()
    await page.waitForURL(/\/app\/notifications/)
    const welcome = page.locator('li[data-unread="true"]').filter({ hasText: 'Welcome to Timbre' })
    await welcome.waitFor()
    await welcome.getByRole('button', { name: /Mark as read/ }).click()
    await page.getByText('You are all caught up.').waitFor()
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications')

    await context.close()
  })
})
