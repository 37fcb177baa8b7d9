import { execFileSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

// An HTTPS receiver with a certificate made here; the server is told to trust it and, as an
// operator would for a local receiver, to allow a private address.
const certDir = mkdtempSync(join(tmpdir(), 'timbre-e2e-webhook-'))
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    join(certDir, 'key.pem'),
    '-out',
    join(certDir, 'cert.pem'),
  ],
  { stdio: 'ignore' },
)
const journey = useJourney({
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_CA_FILE: join(certDir, 'cert.pem'),
})

const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = []
const receiver = createServer(
  { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
  (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.end('{}')
    })
  },
)
let receiverPort = 0
beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  receiverPort = (receiver.address() as AddressInfo).port
})
afterAll(async () => {
  receiver.closeAllConnections()
  await new Promise((r) => receiver.close(r))
})

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({
        path: `${shots}workspace-${name}-${scheme}-${width}.png`,
        fullPage: width === 1280,
      })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('a workspace admin', () => {
  it('configures a webhook in the UI and the HTTPS receiver gets a signed test delivery', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `hooks-${Date.now()}@example.com`,
      password: 'hooks pass 2026',
      firstName: 'Hook',
    })
    await page.goto(`${journey.server.url}/app/workspace/settings/webhooks`)
    await page.getByText('No webhooks yet.').waitFor()
    await page.getByRole('button', { name: 'Create webhook' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create webhook' })
    await dialog.getByLabel('Name').fill('Local receiver')
    await dialog.getByLabel('Webhook URL').fill(`http://127.0.0.1:${receiverPort}/hook`)
    await dialog.getByText('Please enter a valid HTTPS URL').waitFor()
    await shoot(page, 'webhook-dialog')
    await dialog.getByLabel('Webhook URL').fill(`https://127.0.0.1:${receiverPort}/hook`)
    await dialog.getByRole('button', { name: 'Create webhook' }).click()

    const secretDialog = page.getByRole('dialog', { name: 'Webhook signing secret' })
    const secret = (await secretDialog.getByTestId('secret-value').textContent()) ?? ''
    expect(secret).toMatch(/^wsec_[0-9a-f]{64}$/)
    await secretDialog.getByRole('button', { name: 'Close' }).click()

    const row = page.getByTestId('webhook-row').filter({ hasText: 'Local receiver' })
    await row.getByRole('button', { name: 'Send test' }).click()
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0)
    const hit = received[0] as (typeof received)[number]
    const match = /^t=(\d+),v0=([0-9a-f]{64})$/.exec(String(hit.headers['elevenlabs-signature']))
    expect(match).not.toBeNull()
    const [, ts, v0] = match as RegExpExecArray
    expect(v0).toBe(createHmac('sha256', secret).update(`${ts}.${hit.body}`).digest('hex'))
    expect(JSON.parse(hit.body)).toMatchObject({ type: 'timbre_webhook_test' })

    await row.getByRole('button', { name: 'Delivery log' }).click()
    const log = page.getByTestId('delivery-log')
    await log.getByText('Delivered').waitFor({ timeout: 30_000 })
    await log.getByText('HTTP 200').waitFor()
    await shoot(page, 'webhook-deliveries')
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()

    // Switched off: the switch says so after a reload.
    await row.getByRole('switch').click()
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('false')
    await page.reload()
    await expect
      .poll(() => page.getByTestId('webhook-row').getByRole('switch').getAttribute('aria-checked'))
      .toBe('false')
    await shoot(page, 'webhooks')

    // The other settings pages of an admin, for the record.
    for (const section of ['auth-connections', 'service-accounts', 'user-api-keys']) {
      await page.goto(`${journey.server.url}/app/workspace/settings/${section}`)
      await page.getByRole('heading', { level: 2 }).waitFor()
      await shoot(page, section)
    }
    await context.close()
  })
})
