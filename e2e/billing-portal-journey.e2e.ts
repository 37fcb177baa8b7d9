import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { issueGrantOffer } from './helpers/operator.js'

const journey = useJourney()

/** A user whose email is verified through the mailed link, signed in through the form. */
const signedInUser = (page: Page, email: string, password: string) =>
  signUpAndSignIn(journey, page, { email, password, firstName: 'Card' })

/** Screenshots at the desktop and phone widths, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({ path: `${shots}billing-${name}-${scheme}-${width}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

const cardInput = (page: Page) => page.getByLabel('Card number')

describe('a Starter subscriber', () => {
  it('replaces the card (the declining one, a bad number, then a good one) and sees it in the billing portal', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signedInUser(page, `portal-${Date.now()}@example.com`, 'portal pass 2026')

    // Subscribe to Starter with the test card that pays.
    await page.goto(`${journey.server.url}/pricing`)
    await page.getByTestId('plan-card-starter').getByRole('button').click()
    await page.waitForURL(/\/checkout\/cs_/)
    await cardInput(page).fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: /^Pay / }).click()
    await page.waitForURL(/\/app\/subscription/)
    await expect.poll(() => page.getByTestId('current-plan-name').textContent()).toBe('Starter')
    await page.getByRole('button', { name: 'Manage payment method' }).waitFor()
    await shoot(page, 'subscription-payment')

    // The card page: the server's URL leads to our test-mode page with the card on file.
    await page.getByRole('button', { name: 'Manage payment method' }).click()
    await page.waitForURL(/\/billing\/local\/portal\/payment-method$/)
    await page.getByTestId('test-mode-banner').waitFor()
    await expect
      .poll(() => page.getByTestId('current-card').textContent())
      .toBe('On file: Visa ending in 4242.')
    await shoot(page, 'payment-method')

    // A number that is not a card: the server's refusal is shown under the field.
    await cardInput(page).fill('4242 4242 4242 4241')
    await page.getByRole('button', { name: 'Save card' }).click()
    await page.getByText('The card number is not valid.').waitFor()
    expect(await cardInput(page).getAttribute('aria-invalid')).toBe('true')

    // The declining test card is kept (nothing is owed), with the warning that it will decline.
    await cardInput(page).fill('4000000000000002')
    expect(await cardInput(page).inputValue()).toBe('4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Save card' }).click()
    await page.getByTestId('card-saved').getByText('Card saved: Visa ending in 0002.').waitFor()
    await page.getByText('This test card declines every charge').waitFor()
    await shoot(page, 'payment-method-declining')

    // The card that pays replaces it.
    await page.getByRole('button', { name: /4242 4242 4242 4242/ }).click()
    await page.getByRole('button', { name: 'Save card' }).click()
    await page.getByTestId('card-saved').getByText('Card saved: Visa ending in 4242.').waitFor()
    expect(await page.getByText('This test card declines every charge').count()).toBe(0)
    await expect
      .poll(() => page.getByTestId('current-card').textContent())
      .toBe('On file: Visa ending in 4242.')

    // Back on the subscription page, the billing portal shows the plan and the card's last four.
    await page.getByRole('link', { name: 'Back to your subscription' }).click()
    await page.waitForURL(/\/app\/subscription/)
    await page.getByRole('button', { name: 'Billing portal' }).click()
    await page.waitForURL(/\/billing\/local\/portal$/)
    await expect.poll(() => page.getByTestId('portal-card').textContent()).toMatch(/Visa ending in 4242/)
    expect(await page.getByTestId('portal-plan').textContent()).toBe('Starter')
    await page.getByTestId('portal-nothing-owed').waitFor()
    await shoot(page, 'portal')
    await page.getByRole('link', { name: 'Back to your subscription' }).click()
    await page.waitForURL(/\/app\/subscription/)

    // Grant plans require two-factor sign-in of every member: the owner turns it on first.
    const secret = await page.evaluate(async () => {
      const response = await fetch('/v1/user/mfa/totp/enroll', { method: 'POST' })
      return ((await response.json()) as { secret: string }).secret
    })
    const confirmed = await page.evaluate(async (code) => {
      const response = await fetch('/v1/user/mfa/totp/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      })
      return response.status
    }, new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate())
    expect(confirmed).toBe(200)

    // An operator issues a grant offer through the operator API; the paying workspace converts
    // onto it.
    const { code } = await issueGrantOffer(journey.server, { tier: 'grant_tier_1', duration_months: 12 })
    const started = await page.evaluate(async (grantCode) => {
      const response = await fetch('/create-grant-acceptance-session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_code: grantCode }),
      })
      return (await response.json()) as { url: string }
    }, code)
    await page.goto(started.url)
    await page.getByText('This workspace pays for Starter.', { exact: false }).waitFor()
    await shoot(page, 'grant')
    await page.getByRole('button', { name: 'Convert and accept grant' }).click()
    await page.waitForURL(/\/app\/subscription/)
    await expect.poll(() => page.getByTestId('current-plan-name').textContent()).toMatch(/Grant/)
    await context.close()
  })
})
