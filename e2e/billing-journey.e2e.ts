import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { issuePromoCode } from './helpers/operator.js'

const journey = useJourney()

/** A user whose email is verified through the mailed link, signed in through the form. */
const signedInUser = (page: Page, email: string, password: string) =>
  signUpAndSignIn(journey, page, { email, password, firstName: 'Payer' })

const card = (page: Page, tier: string) => page.getByTestId(`plan-card-${tier}`)
const cardButton = (page: Page, tier: string) => card(page, tier).getByRole('button')

async function openPricing(page: Page): Promise<void> {
  await page.goto(`${journey.server.url}/pricing`)
  await card(page, 'creator').getByTestId('plan-price').waitFor()
}

/** Screenshots at the desktop and phone widths, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({ path: `${shots}billing-${name}-${scheme}-${width}.png`, fullPage: true })
      // The phone's first screen as it is seen (the full page stretches fixed bars).
      if (width === 390) await page.screenshot({ path: `${shots}billing-${name}-${scheme}-${width}-top.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('a free user', () => {
  it('subscribes to Creator with the test card, downgrades and takes it back, cancels and renews, applies a code', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signedInUser(page, `billing-${Date.now()}@example.com`, 'billing pass 2026')

    // Pricing: labels by the plan-action table, prices in USD then EUR.
    await openPricing(page)
    expect(await cardButton(page, 'free').textContent()).toBe('Subscribed')
    expect(await cardButton(page, 'creator').textContent()).toBe('Subscribe')
    await card(page, 'creator').getByText('Most popular').waitFor()
    expect(await card(page, 'creator').getByTestId('plan-price').textContent()).toBe('$22')
    await shoot(page, 'pricing-usd')
    await page.getByRole('radio', { name: 'EUR' }).click()
    await expect.poll(() => card(page, 'creator').getByTestId('plan-price').textContent()).toBe('21€')
    await shoot(page, 'pricing-eur')
    await page.getByRole('radio', { name: 'USD' }).click()
    await page.getByRole('radio', { name: /Annual/ }).click()
    await expect.poll(() => card(page, 'creator').getByTestId('plan-price').textContent()).toBe('$18.33')
    await page.getByRole('radio', { name: 'Monthly' }).click()

    // Checkout in test mode: the declining card is refused, the good one pays the first month.
    await cardButton(page, 'creator').click()
    await page.waitForURL(/\/checkout\/cs_/)
    await page.getByTestId('test-mode-banner').waitFor()
    expect(await page.getByTestId('amount-due').textContent()).toBe('$11')
    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Pay $11' }).click()
    await page.getByText('Your card was declined.').waitFor()
    await shoot(page, 'checkout-declined')
    await page.getByLabel('Card number').fill('4242424242424242')
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay $11' }).click()
    await page.waitForURL(/\/app\/subscription/)
    await expect.poll(() => page.getByTestId('current-plan-name').textContent()).toBe('Creator')
    await expect.poll(() => page.getByTestId('credits-usage').textContent()).toBe('0 of 100,000 used')
    await page.getByText('100K credits left').first().waitFor()
    await page.getByTestId('invoice-row').filter({ hasText: '$11' }).waitFor()

    // A downgrade to Starter is scheduled for the end of the period, then taken back.
    await openPricing(page)
    expect(await cardButton(page, 'creator').textContent()).toBe('Cancel Subscription')
    expect(await cardButton(page, 'pro').textContent()).toBe('Upgrade')
    await cardButton(page, 'pro').click()
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' })
    await upgrade.getByText('$99 per month').waitFor()
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: `${shots}billing-dialog-upgrade-dark.png` })
    await page.emulateMedia({ colorScheme: 'light' })
    await upgrade.getByRole('button', { name: 'Cancel' }).click()
    await upgrade.waitFor({ state: 'detached' })
    await cardButton(page, 'starter').click()
    const downgrade = page.getByRole('dialog', { name: 'Downgrade to Starter?' })
    await downgrade.waitFor()
    await page.screenshot({ path: `${shots}billing-dialog-downgrade.png` })
    await downgrade.getByRole('button', { name: 'Downgrade' }).click()
    await downgrade.waitFor({ state: 'detached' })
    await expect.poll(() => cardButton(page, 'starter').textContent()).toBe('Cancel Downgrade')
    await page.goto(`${journey.server.url}/app/subscription`)
    await expect.poll(() => page.getByTestId('pending-change').textContent()).toMatch(/changes to Starter on/)
    await shoot(page, 'subscription-pending')
    await page.getByRole('button', { name: 'Cancel Downgrade' }).click()
    await page.getByTestId('pending-change').waitFor({ state: 'detached' })
    await openPricing(page)
    expect(await cardButton(page, 'starter').textContent()).toBe('Downgrade')

    // Cancel through the cancellation flow (declining the retention offer), then renew.
    await cardButton(page, 'creator').click()
    const offer = page.getByRole('dialog', { name: 'Before you go' })
    await offer.waitFor()
    await page.screenshot({ path: `${shots}billing-dialog-cancellation.png` })
    await offer.getByRole('button', { name: 'Continue to cancel' }).click()
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' })
    await confirm.getByRole('button', { name: 'Cancel Subscription' }).click()
    await confirm.waitFor({ state: 'detached' })
    await expect.poll(() => cardButton(page, 'creator').textContent()).toBe('Do Not Cancel')
    await cardButton(page, 'creator').click()
    await expect.poll(() => cardButton(page, 'creator').textContent()).toBe('Cancel Subscription')

    // A code that does not validate shows the failure dialog once per page and code.
    await page.goto(`${journey.server.url}/pricing?coupon=NOT-A-CODE`)
    const failure = page.getByRole('dialog', { name: 'Invalid promocode' })
    await failure.waitFor()
    await failure.getByRole('button', { name: 'Close' }).click()
    await page.goto(`${journey.server.url}/pricing?coupon=NOT-A-CODE`)
    await card(page, 'creator').getByTestId('plan-price').waitFor()
    await page.waitForTimeout(500)
    expect(await failure.count()).toBe(0)

    // A discount code through the manage dialog lowers the next invoice.
    await page.goto(`${journey.server.url}/app/subscription?manage-subscription=true`)
    const manage = page.getByRole('dialog', { name: 'Manage subscription' })
    await manage.getByLabel('Discount code').fill('special-offer-nope')
    await manage.getByRole('button', { name: 'Apply' }).click()
    await manage.getByText('This discount code does not exist.').waitFor()
    await manage.getByLabel('Discount code').fill('special-offer-30')
    await manage.getByRole('button', { name: 'Apply' }).click()
    await manage.getByText('Discount special-offer-30 is active.').waitFor()
    await manage.getByRole('button', { name: 'Close' }).last().click()
    await expect.poll(() => page.getByTestId('next-invoice').textContent()).toContain('$15.40')
    expect(page.url()).not.toContain('manage-subscription')
    await shoot(page, 'subscription')

    // Some speech, so the usage page has a day to draw.
    const spoken = await page.evaluate(async () => {
      const voices = (await (await fetch('/v1/voices')).json()) as { voices: { voice_id: string }[] }
      const res = await fetch(`/v1/text-to-speech/${voices.voices[0]?.voice_id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          text: 'Usage shows up as credits per day, by product and by model.',
          model_id: 'eleven_multilingual_v2',
        }),
      })
      await res.arrayBuffer()
      return res.status
    })
    expect(spoken).toBe(200)
    await page.goto(`${journey.server.url}/app/usage`)
    // 59 characters cost at least 59 credits (the model's multiplier may add to it).
    await expect
      .poll(async () => Number(await page.getByTestId('usage-total').textContent()))
      .toBeGreaterThanOrEqual(59)
    await page.getByRole('img', { name: /Credits per day by Product/ }).waitFor()
    await page.locator('figcaption').getByText('Text to speech').waitFor()
    await shoot(page, 'usage')
    await page.getByRole('radio', { name: 'Model' }).click()
    await page.locator('figcaption').getByText('eleven_multilingual_v2').waitFor()

    // An operator issues a code worth Pro's monthly price through the operator API while the
    // server runs; typed into the pricing page's promo field, it offers the upgrade to Pro.
    const { code } = await issuePromoCode(journey.server, { amount_off: 9900, duration_in_months: 1 })
    await page.goto(`${journey.server.url}/pricing`)
    await page.getByLabel('Promo code').fill(` ${code} `)
    await page.getByTestId('promo-code-form').getByRole('button', { name: 'Apply' }).click()
    const promo = page.getByRole('dialog', { name: 'Your promo code unlocks Pro' })
    await promo.waitFor()
    await page.screenshot({ path: `${shots}billing-dialog-promo-upgrade.png` })
    await promo.getByRole('button', { name: 'Upgrade to Pro' }).click()
    await promo.waitFor({ state: 'detached' })
    await expect.poll(() => cardButton(page, 'pro').textContent()).toBe('Cancel Subscription')
    await page.goto(`${journey.server.url}/app/subscription`)
    await expect.poll(() => page.getByTestId('current-plan-name').textContent()).toBe('Pro')
    await context.close()
  })

  it('signed out, a paid plan on the pricing page leads to sign-up', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 390, height: 844 } })
    await openPricing(page)
    expect(await cardButton(page, 'pro').textContent()).toBe('Subscribe')
    await cardButton(page, 'pro').click()
    await page.waitForURL(/\/sign-up/)
    await page.close()
  })
})
