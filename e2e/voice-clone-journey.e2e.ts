import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

// The Add voice dialog of the voices page, as a new user on the free plan meets it: it opens from
// the page header and says at once that cloning needs a paid plan, with the link to upgrade.
const journey = useJourney()

describe('adding a voice by cloning', () => {
  it('tells a free plan before the form that cloning needs a paid plan, with the way to upgrade', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `clone-${Date.now()}@example.com`,
      password: 'clone pass 2026',
      firstName: 'Cleo',
    })
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height })
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(`${journey.server.url}/app/voices`)
        await page.getByRole('button', { name: 'Add voice' }).click()
        const dialog = page.getByRole('dialog', { name: 'Add a voice by cloning' })
        await dialog.waitFor()
        // A free plan is told before any form that cloning needs a paid plan, with the way to upgrade.
        await dialog.getByText('Cloning a voice needs a paid plan.', { exact: false }).waitFor()
        expect(await dialog.getByLabel('Name', { exact: true }).count()).toBe(0)
        expect(await dialog.getByRole('link', { name: 'See plans' }).getAttribute('href')).toMatch(
          /subscription/,
        )
        await page.screenshot({ path: `${shots}voice-add-${width}-${scheme}.png` })
        await page.keyboard.press('Escape')
      }
    }
    await context.close()
  }, 120_000)
})
