import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { listImpactPartner } from './helpers/operator.js'

const journey = useJourney()

/** The page at desktop and phone widths, light and dark. */
async function fourShots(page: Page, name: string) {
  for (const [width, height, tag] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({ path: `${shots}${name}-${tag}-${scheme}.png`, fullPage: true })
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('referrals, the impact program and the privacy settings', () => {
  it('a referral link brings a sign-up the referrer sees; the settings, impact and alpha screens work', async () => {
    const stamp = Date.now()
    const referrerEmail = `referrer-${stamp}@example.com`
    const password = 'referral pass 2026'
    const referrer = await journey.browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signUpAndSignIn(journey, referrer, { email: referrerEmail, password, firstName: 'Rita' })

    // The referrer joins the affiliate programme and reads the link.
    await referrer.goto(`${journey.server.url}/app/affiliates`)
    await referrer.getByLabel('Website or channel').fill('https://example.com/rita')
    await referrer.getByLabel('Who is your audience?').fill('Podcasters who read their blogs aloud')
    await referrer.getByRole('button', { name: 'Join the affiliate programme' }).click()
    const linkText = await referrer
      .getByText(/\/sign-up\?from=/)
      .first()
      .textContent()
    const link = /https?:\/\/\S+\/sign-up\?from=\w+/.exec(linkText ?? '')?.[0] ?? ''
    expect(link).toContain(journey.server.url)

    // A visitor arrives through it in another browser, signs up in the form, verifies and signs in.
    const visitorContext = await journey.browser.newContext({ viewport: { width: 390, height: 844 } })
    const visitor = await visitorContext.newPage()
    const visitorEmail = `referred-${stamp}@example.com`
    await visitor.goto(link)
    await visitor.getByLabel('Email', { exact: true }).fill(visitorEmail)
    await visitor.getByLabel('Password', { exact: true }).fill(password)
    await visitor.getByLabel('First name (optional)').fill('Vera')
    const stored = await visitor.waitForFunction(() => localStorage.getItem('timbre:referral'))
    expect(JSON.parse((await stored.jsonValue()) as string).value).toMatch(/^rv/)
    await visitor.getByRole('button', { name: 'Create account' }).click()
    await visitor.getByText(visitorEmail).first().waitFor()
    await visitor.goto(await journey.smtp.linkFor(visitorEmail, 'verifyEmail'))
    await visitor
      .getByRole('button', { name: /sign in/i })
      .first()
      .click()
    await visitor.waitForURL(/\/sign-in/)
    await visitor.getByLabel('Email', { exact: true }).fill(visitorEmail)
    await visitor.getByLabel('Password', { exact: true }).fill(password)
    await visitor.getByRole('button', { name: 'Sign in' }).click()
    await visitor.waitForURL(/\/app\//)
    // The new account took the referral: the browser forgets it.
    await visitor.waitForFunction(() => localStorage.getItem('timbre:referral') === null)

    await referrer.reload()
    await referrer.getByText(/1 clicks · 1 sign-ups/).waitFor()
    await fourShots(referrer, 'referrals-affiliates')

    // The impact program: the referrer reviews for a partner; the visitor applies, is approved.
    await listImpactPartner(journey.server, {
      name: 'Open Classrooms',
      description: 'Narrated lessons for schools that cannot pay for them.',
      category: 'educator',
      reviewer_email: referrerEmail,
      benefit: { tier: 'grant_tier_1', duration_months: 6 },
    })
    await visitor.goto(`${journey.server.url}/app/impact-program`)
    await visitor.getByRole('button', { name: 'Apply' }).click()
    await visitor.getByLabel('Organisation').fill('Night School Radio')
    await visitor
      .getByLabel('What you do and how you would use the benefit')
      .fill('We record evening lessons for adults learning to read, and would narrate our course books.')
    await visitor.getByRole('button', { name: 'Send application' }).click()
    await visitor.getByText('Pending').first().waitFor()
    await referrer.goto(`${journey.server.url}/app/impact-program`)
    await referrer.getByText('Night School Radio').first().waitFor()
    await fourShots(referrer, 'referrals-impact-review')
    await referrer.getByRole('button', { name: 'Approve' }).click()
    await referrer.getByText('Approved').first().waitFor()
    await visitor.reload()
    await visitor.getByRole('button', { name: 'Claim your plan' }).waitFor()
    await fourShots(visitor, 'referrals-impact-approved')

    // Settings: public name, the training opt-out, an email change and its revert.
    await referrer.goto(`${journey.server.url}/app/settings/profile`)
    const publicName = referrer.getByLabel('Public name', { exact: true })
    await referrer.getByRole('button', { name: 'Suggest a name' }).click()
    await expect.poll(() => publicName.inputValue()).not.toBe('')
    await referrer.getByRole('button', { name: 'Save' }).nth(1).click()
    await referrer.getByText('Public name updated.').first().waitFor()
    const improve = referrer.getByRole('switch', { name: 'Improve the models for everyone' })
    expect(await improve.getAttribute('aria-checked')).toBe('true')
    await improve.click()
    await referrer.getByText('Workspace training opt out setting successfully updated.').first().waitFor()
    expect(await improve.getAttribute('aria-checked')).toBe('false')

    const newEmail = `rita-new-${stamp}@example.com`
    await referrer.getByLabel('New email address').fill(newEmail)
    await referrer.getByRole('button', { name: 'Send a code' }).click()
    const code = (await journey.smtp.textMatching(newEmail, /new email address: (\d{6})/))[1] ?? ''
    await referrer.getByLabel('Verification code').fill('000000' === code ? '111111' : '000000')
    await referrer.getByRole('button', { name: 'Change my email' }).click()
    await referrer.getByText(/Unable to update email/).waitFor()
    await referrer.getByLabel('Verification code').fill(code)
    await referrer.getByRole('button', { name: 'Change my email' }).click()
    await referrer.getByText(`You sign in as ${newEmail}.`).waitFor()
    await fourShots(referrer, 'referrals-settings')

    const revert = await journey.smtp.linkMatching(referrerEmail, /\/email-change\/revert\?/)
    // A public page follows the system's theme as it loads: this reader's is dark.
    const stranger = await journey.browser.newPage({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    })
    await stranger.goto(revert)
    await stranger.getByRole('button', { name: 'Put my account back on this address' }).click()
    await stranger.getByText(`Your account is back on ${referrerEmail}.`, { exact: false }).waitFor()
    await stranger.screenshot({ path: `${shots}referrals-email-revert-phone-dark.png` })
    await stranger.setViewportSize({ width: 1280, height: 900 })
    await stranger.screenshot({ path: `${shots}referrals-email-revert-desktop-dark.png` })
    await referrer.reload()
    await referrer.getByText(`You sign in as ${referrerEmail}.`).waitFor()

    // Alpha access is asked for, and stays with the operator until granted.
    await visitor.goto(`${journey.server.url}/app/request-alpha-access`)
    await visitor.getByRole('button', { name: 'Request alpha access' }).click()
    await visitor.getByText('Your request is with the operator.', { exact: false }).waitFor()
    await fourShots(visitor, 'referrals-alpha')

    // A song is shared from the music page; its public page plays it, light and dark.
    const composed = await visitor.request.post(`${journey.server.url}/v1/music`, {
      headers: { origin: journey.server.url },
      data: { prompt: 'slow calm piano lullaby', music_length_ms: 4000, seed: 7 },
    })
    expect(composed.status()).toBe(200)
    await visitor.goto(`${journey.server.url}/app/music`)
    await visitor.getByRole('button', { name: 'Share', exact: true }).first().click()
    await visitor
      .getByRole('dialog')
      .getByText(/\/music\/share\//)
      .waitFor()
    const songId = composed.headers()['song-id'] ?? ''
    const shared = await visitor.request.post(`${journey.server.url}/v1/music/songs/${songId}/share-link`, {
      headers: { origin: journey.server.url },
    })
    const songPage = await journey.browser.newPage({ viewport: { width: 390, height: 844 } })
    await songPage.goto((await shared.json()).share_link)
    await songPage.getByText('shared by', { exact: false }).waitFor()
    // The page's own policy lets it load media only; the test reads the same address outside it.
    const src = (await songPage.locator('audio').getAttribute('src')) ?? ''
    const audio = await songPage.request.get(new URL(src, songPage.url()).toString())
    const audioOk = audio.headers()['content-type']
    expect(audioOk).toBe('audio/mpeg')
    await fourShots(songPage, 'music-share-page')
    await songPage.close()

    // The data-use opt-out link offers the workspace's admin the opt-out at once.
    const phone = await visitorContext.newPage()
    await phone.goto(`${journey.server.url}/app/settings/profile?training_opt_out=true`)
    await phone.getByText('You followed a link to stop', { exact: false }).waitFor()
    await phone.getByRole('button', { name: 'Opt out of training' }).click()
    await phone.getByText('Workspace training opt out setting successfully updated.').first().waitFor()
    await fourShots(phone, 'referrals-training-link')
    await visitorContext.close()
    await stranger.close()
    await referrer.close()
  })
})
