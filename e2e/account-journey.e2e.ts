import { describe, expect, it } from 'vitest'
import { fillUntilSubmittable, shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

const journey = useJourney()

describe('a new user', () => {
  it('signs up, opens the mailed link, signs in, creates an API key in the UI and calls the API with it', async () => {
    const email = `journey-${Date.now()}@example.com`
    const password = 'journey pass 2026'
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } })

    await page.goto(`${journey.server.url}/sign-up`)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('First name (optional)').fill('Journey')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByText(email).first().waitFor()
    await page.screenshot({ path: `${shots}01-check-email.png` })

    const link = await journey.smtp.linkFor(email, 'verifyEmail')
    expect(new URL(link).origin).toBe(journey.server.url)
    await page.goto(link)
    const signInAgain = page.getByRole('button', { name: /sign in/i })
    await signInAgain.first().waitFor()
    await page.screenshot({ path: `${shots}02-verified.png` })
    await signInAgain.first().click()

    await page.waitForURL(/\/sign-in/)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/app\//)
    await page.getByText('Journey').first().waitFor()
    await page.screenshot({ path: `${shots}03-home.png` })

    await page.goto(`${journey.server.url}/app/settings/api-keys`)
    await page.getByRole('button', { name: 'Create API key' }).first().click()
    await page.getByLabel('Name').fill('journey key')
    await page.getByRole('button', { name: 'Create key' }).click()
    const keyField = page.getByRole('textbox', { name: 'Your new API key' })
    await keyField.waitFor()
    const apiKey = await keyField.inputValue()
    expect(apiKey).toMatch(/^sk_[0-9a-f]{48}$/)
    await page.screenshot({ path: `${shots}04-new-key.png` })

    const res = await fetch(`${journey.server.url}/v1/user`, { headers: { 'xi-api-key': apiKey } })
    expect(res.status).toBe(200)
    const user = (await res.json()) as {
      email: string
      is_email_verified: boolean
      subscription: { tier: string }
    }
    expect(user).toMatchObject({ email, is_email_verified: true, subscription: { tier: 'free' } })
    await page.close()
  })
})

describe('account settings', () => {
  it('renames the account, then deletes it with the typed email and cannot sign in again', async () => {
    const email = `settings-${Date.now()}@example.com`
    const password = 'settings pass 2026'
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await signUpAndSignIn(journey, page, { email, password, firstName: 'Before' })

    await page.getByRole('button', { name: /Account menu for Before/ }).click()
    await page.getByRole('menuitem', { name: 'Account settings' }).click()
    await page.waitForURL(/\/app\/settings\/profile/)
    await page.waitForLoadState('networkidle')
    // The name's own form: the page has other sections with a Save button of their own.
    const save = page
      .locator('form')
      .filter({ has: page.getByLabel('First name') })
      .getByRole('button', { name: 'Save' })
    await fillUntilSubmittable(page.getByLabel('First name'), 'After', save)
    await save.click()
    await page.getByRole('button', { name: /Account menu for After/ }).waitFor()
    await page.screenshot({ path: `${shots}account-settings.png`, fullPage: true })

    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog')
    const confirm = dialog.getByRole('button', { name: /Delete my account/ })
    await dialog.getByLabel('Your email').fill('someone-else@example.com')
    expect(await confirm.isDisabled()).toBe(true)
    await dialog.getByLabel('Your email').fill(email)
    await page.screenshot({ path: `${shots}account-delete-dialog.png` })
    // The confirm button stays disabled for a short countdown after the dialog opens.
    await confirm.and(page.locator(':enabled')).waitFor()
    await confirm.click()
    await page.waitForURL(/\/sign-in/)

    const signIn = await fetch(`${journey.server.url}/v1/auth/sign-in`, {
      method: 'POST',
      headers: { origin: journey.server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    expect(signIn.status).toBe(401)
    await page.close()
  })
})

describe('auth pages in two locales', () => {
  it.each([
    ['en-US', 'Sign in'],
    ['de-DE', 'Anmelden'],
  ])('%s sign-in and sign-up pages render translated', async (locale, signInLabel) => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addInitScript((l) => window.localStorage.setItem('xi:locale', l), locale)
    const page = await context.newPage()
    await page.goto(`${journey.server.url}/sign-in`)
    await page.getByRole('button', { name: signInLabel, exact: true }).waitFor()
    await page.screenshot({ path: `${shots}sign-in-${locale}.png` })
    await page.goto(`${journey.server.url}/sign-up`)
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: `${shots}sign-up-${locale}.png` })
    const form = page.locator('form').first()
    expect((await form.boundingBox())?.width).toBe(360)
    await context.close()
  })
})
