import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

const journey = useJourney()

const signedInUser = (page: Page, email: string, password: string) =>
  signUpAndSignIn(journey, page, { email, password, firstName: 'Lexi' })

describe('the pronunciation dictionary editor', () => {
  it('creates a dictionary, refuses a phoneme without slashes, saves, and previews a word before and after', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signedInUser(page, `dict-${Date.now()}@example.com`, 'dictionary pass 2026')

    await page.getByRole('link', { name: 'Dictionaries' }).first().click()
    await page.getByRole('heading', { name: 'Pronunciation dictionaries' }).waitFor()
    // An empty name is refused at the field.
    await page.getByRole('button', { name: 'Create dictionary' }).click()
    await page.getByText('Name required.').waitFor()
    await page.getByLabel('Name', { exact: true }).fill('Brand names')
    await page.getByRole('button', { name: 'Create dictionary' }).click()
    await page.getByRole('heading', { name: 'Brand names' }).waitFor()

    await page.getByRole('button', { name: 'Add rule' }).click()
    await page.getByRole('textbox', { name: 'Text to replace, rule 1' }).fill('TMB')
    await page.getByRole('textbox', { name: 'Replacement, rule 1' }).fill('Timbre Voice')
    await page.getByRole('button', { name: 'Add rule' }).click()
    await page.getByRole('combobox', { name: 'Type, rule 2' }).selectOption('ipa')
    await page.getByRole('textbox', { name: 'Text to replace, rule 2' }).fill('tomato')
    await page.getByRole('textbox', { name: 'Replacement, rule 2' }).fill('təˈmeɪtoʊ')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Phoneme output must start and end with a slash.').first().waitFor()
    await page.getByRole('textbox', { name: 'Replacement, rule 2' }).fill('/təˈmeɪtoʊ/')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Saved as a new version. Rules: 2').first().waitFor()
    await expect.poll(() => page.getByText('Rules: 2', { exact: true }).count()).toBeGreaterThan(0)

    // A workspace admin makes it a workspace default; it stays one after a reload.
    const byDefault = page.getByRole('checkbox', { name: /Use by default in this workspace/ })
    // The box follows the server: it is ticked once the workspace list has been saved.
    await byDefault.click()
    await expect.poll(() => byDefault.isChecked(), { timeout: 10_000 }).toBe(true)
    await page.reload()
    await expect.poll(() => page.getByRole('checkbox', { name: /Use by default/ }).isChecked()).toBe(true)

    await page.getByRole('textbox', { name: 'Word' }).fill('TMB')
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    const after = page.getByTestId('preview-after')
    await after.waitFor({ timeout: 60_000 }).catch(async (error) => {
      await page.screenshot({ path: `${shots}dictionary-00-preview-failed.png`, fullPage: true })
      throw error
    })
    expect(await after.textContent()).toContain('Timbre Voice')
    expect(await page.getByTestId('preview-before').textContent()).not.toContain('Timbre Voice')
    await page.screenshot({ path: `${shots}dictionary-01-editor-1280-light.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.waitForTimeout(400) // colour transitions settle
    await page.screenshot({ path: `${shots}dictionary-02-editor-1280-dark.png`, fullPage: true })

    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${shots}dictionary-03-editor-390-dark.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${shots}dictionary-04-editor-390-light.png`, fullPage: true })
    await page.getByRole('link', { name: 'All dictionaries' }).click()
    await page.getByRole('link', { name: /Brand names/ }).waitFor()
    await page.screenshot({ path: `${shots}dictionary-05-list-390-light.png`, fullPage: true })
    await context.close()
  })
})
