import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

const journey = useJourney()

/** What an authenticator app shows for the secret, `stepsAhead` periods from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 })
}

/** Desktop and phone, light and dark: four pictures of the same screen. */
async function pictures(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${shots}two-factor-${name}-1280-light.png`, fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${shots}two-factor-${name}-1280-dark.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${shots}two-factor-${name}-390-dark.png`, fullPage: true })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${shots}two-factor-${name}-390-light.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('two-factor sign-in', () => {
  it('enrols an authenticator, signs out, signs in with a code, and refuses the same code twice', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const email = `mfa-${Date.now()}@example.com`
    const password = 'two factor pass 2026'
    await signUpAndSignIn(journey, page, { email, password, firstName: 'Ada' })

    await page.getByRole('link', { name: 'Two-factor authentication' }).first().click()
    await page.getByRole('heading', { name: 'Two-factor authentication is off' }).waitFor()
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor()
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await pictures(page, '01-setup')

    // A wrong code is refused with the product's text; the right one turns two-factor on.
    await page.getByLabel('6-digit code').fill('000000')
    await page.getByRole('button', { name: 'Turn on' }).click()
    await page.getByText('Incorrect code. Please try again.').waitFor()
    const enrolCode = codeFor(secret)
    await page.getByLabel('6-digit code').fill(enrolCode)
    await page.getByRole('button', { name: 'Turn on' }).click()
    const codes = page.getByTestId('backup-codes').getByRole('listitem')
    await codes.first().waitFor()
    expect(await codes.count()).toBe(10)
    const backupCode = (await codes.first().textContent())?.trim() ?? ''
    expect(backupCode).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/)
    await pictures(page, '02-backup-codes')
    await page.getByRole('button', { name: 'I have saved my codes' }).click()
    await page.getByRole('heading', { name: 'Two-factor authentication is on' }).waitFor()
    await page.getByText('Unused backup codes: 10').waitFor()

    // Sign out, then in again: the password is followed by the code step.
    await page
      .getByRole('button', { name: /Account/ })
      .first()
      .click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await page.waitForURL(/\/sign-in/)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor()
    await pictures(page, '03-code-step')

    // The code that turned two-factor on was used: it is refused; the next one is taken.
    await page.getByLabel('6-digit code').fill(enrolCode)
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('Incorrect code. Please try again.').waitFor()
    await page.getByLabel('6-digit code').fill(codeFor(secret, 1))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL(/\/app\//)

    // Signed in: a backup code works once, from the same step after another sign-out.
    await page.goto(`${journey.server.url}/app/settings/two-factor`)
    await page.getByRole('heading', { name: 'Two-factor authentication is on' }).waitFor()
    await pictures(page, '04-enabled')

    // As the owner of the workspace: the security settings (two-factor for all, idle timeout).
    await page.goto(`${journey.server.url}/app/workspace/settings/security-and-sso`)
    await page.getByRole('heading', { name: 'Require two-factor authentication' }).waitFor()
    await page.getByText('Every member uses two-factor authentication.').waitFor()
    await page.getByLabel('Session inactivity timeout').selectOption(String(60 * 60))
    await page.getByText('Security settings saved.').first().waitFor()
    await page.getByRole('switch', { name: 'Require two-factor authentication' }).click()
    await expect
      .poll(() =>
        page.getByRole('switch', { name: 'Require two-factor authentication' }).getAttribute('aria-checked'),
      )
      .toBe('true')
    await page.reload()
    await expect
      .poll(() => page.getByLabel('Session inactivity timeout').inputValue(), { timeout: 10_000 })
      .toBe(String(60 * 60))
    await pictures(page, '05-workspace-security')
    await context.close()

    const second = await journey.browser.newContext({ viewport: { width: 390, height: 844 } })
    const phone = await second.newPage()
    await phone.goto(`${journey.server.url}/sign-in`)
    await phone.getByLabel('Email', { exact: true }).fill(email)
    await phone.getByLabel('Password', { exact: true }).fill(password)
    await phone.getByRole('button', { name: 'Sign in' }).click()
    await phone.getByRole('button', { name: 'Use a backup code' }).click()
    await phone.getByLabel('Backup code').fill(backupCode)
    await phone.getByRole('button', { name: 'Verify' }).click()
    await phone.waitForURL(/\/app\//)
    await second.close()
  })
})
