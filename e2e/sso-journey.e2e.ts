/// <reference path="../apps/server/test/helpers/oidc-provider.d.ts" />
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDnsServer } from '../apps/server/test/helpers/dns-server.js'
import { type OidcAccount, startOidcServer } from '../apps/server/test/helpers/oidc-server.js'
import { launchChromium } from './helpers/browser.js'
import { shots, signUpAndSignIn } from './helpers/journey.js'
import { type RunningServer, startServer } from './helpers/server.js'
import { startSmtp } from './helpers/smtp.js'

// Single sign-on as an admin and a member meet it: verify a domain over DNS (a DNS server
// started here), set up an OpenID Connect provider (oidc-provider started here, on 127.0.0.1
// with the operator's allowance), then continue with SSO from the sign-in page.

const DOMAIN = 'e2e-corp.test'
const accounts = new Map<string, OidcAccount>()
let server: RunningServer
let smtp: Awaited<ReturnType<typeof startSmtp>>
let browser: Browser
let dns: Awaited<ReturnType<typeof startDnsServer>>
let idp: Awaited<ReturnType<typeof startOidcServer>>

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  dns = await startDnsServer()
  smtp = await startSmtp()
  server = await startServer({
    SMTP_URL: smtp.url,
    DNS_SERVER: dns.server,
    SSO_ALLOW_PRIVATE_ADDRESSES: 'true',
  })
  idp = await startOidcServer({
    clientId: 'timbre-e2e',
    clientSecret: 'e2e-client-secret',
    redirectUris: [`${server.url}/v1/sso/oidc/callback`],
    accounts,
  })
  browser = await launchChromium()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await smtp?.close()
  await idp?.close()
  await dns?.close()
})

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}sso-${name}.png`, fullPage: true })
}

describe('single sign-on', { timeout: 240_000 }, () => {
  const admin = { email: `admin@${DOMAIN}`, password: 'sso journey 2026', firstName: 'Ada' }

  it('an admin verifies the domain, sets up OIDC and turns on auto provisioning', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signUpAndSignIn({ server, smtp, browser }, page, admin)

    await page.goto(`${server.url}/app/workspace/settings/verified-domains`)
    await page.getByLabel('Domain', { exact: true }).fill(DOMAIN)
    await page.getByRole('button', { name: 'Add domain' }).click()
    await page.getByText('Pending').first().waitFor()
    const name = await page.getByText(`_timbre-verification.${DOMAIN}`).first().textContent()
    const value =
      (await page
        .getByText(/^timbre-verification=/)
        .first()
        .textContent()) ?? ''
    expect(name).toBe(`_timbre-verification.${DOMAIN}`)
    await page.getByRole('button', { name: 'Verify now' }).click()
    await page.getByText(/no TXT record was found/).waitFor()
    await shoot(page, '01-domain-pending')

    dns.txt.set(`_timbre-verification.${DOMAIN}`, [value])
    await page.getByRole('button', { name: 'Verify now' }).click()
    await page.getByText('Domain verified.').waitFor()
    await page.getByText('Passed').first().waitFor()
    await shoot(page, '02-domain-passed')

    await page.goto(`${server.url}/app/workspace/settings/sso`)
    await page.getByRole('button', { name: 'Set up SSO' }).click()
    await page.getByLabel('Display name').fill('Corp login')
    await page.getByLabel('Issuer URL').fill(idp.issuer)
    await page.getByLabel('Client ID').fill('timbre-e2e')
    await page.getByLabel('Client secret', { exact: true }).fill('e2e-client-secret')
    await page.getByLabel('Domains').fill(DOMAIN)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText(`${server.url}/v1/sso/oidc/callback`).waitFor()
    const requireSso = page.getByRole('switch', { name: 'Require SSO' })
    await requireSso.click()
    await page.waitForFunction(
      () =>
        document.querySelector('[role="switch"][aria-label="Require SSO"]')?.getAttribute('aria-checked') ===
        'true',
    )
    await shoot(page, '03-provider')

    await page.goto(`${server.url}/app/workspace/settings/auto-provisioning`)
    await page.getByRole('switch', { name: 'Provision users automatically' }).click()
    await page.getByText(`Turned on by ${admin.email}`).waitFor()
    await shoot(page, '04-auto-provisioning')
    await page.setViewportSize({ width: 390, height: 844 })
    await shoot(page, '05-auto-provisioning-phone')
    await page.close()
  })

  it('continues with SSO from the sign-in page through the provider, and back signed in', async () => {
    accounts.set('ada', { sub: 'ada-at-corp', email: admin.email, email_verified: true, name: 'Ada' })
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto(`${server.url}/sign-in`)
    await page.getByRole('link', { name: 'Continue with SSO' }).click()
    await page.getByLabel('Work email').fill(admin.email)
    await shoot(page, '06-continue-with-sso-dark')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL((url) => url.origin === idp.issuer)
    await page.locator('input[name="login"]').fill('ada')
    await page.locator('input[name="password"]').fill('anything')
    await page.getByRole('button', { name: 'Sign-in' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(/\/app\//)
    await page.getByText('Ada').first().waitFor()
    await shoot(page, '07-signed-in-through-sso')
    await context.close()
  })

  it('sends a refused single sign-on back to the sign-in page with the reason', async () => {
    // The free plan's one seat is the admin's: a new person cannot be provisioned.
    accounts.set('bob', { sub: 'bob-at-corp', email: `bob@${DOMAIN}`, email_verified: true })
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${server.url}/continue-with-sso?email=${encodeURIComponent(`bob@${DOMAIN}`)}`)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL((url) => url.origin === idp.issuer)
    await page.locator('input[name="login"]').fill('bob')
    await page.locator('input[name="password"]').fill('anything')
    await page.getByRole('button', { name: 'Sign-in' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(/\/sign-in\?sso_error=seat_limit_reached/)
    await page.getByText('All seats of this workspace are taken.', { exact: false }).waitFor()
    await shoot(page, '08-refused-phone')
    await page.close()
  })
})
