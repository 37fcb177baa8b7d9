import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

const journey = useJourney()

/** Screenshots at the desktop and phone widths, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({ path: `${shots}analytics-${name}-${scheme}-${width}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** A call the signed-in page makes itself (its cookie, its origin). */
function inPage(page: Page, method: string, path: string, body?: object) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const r = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      return { status: r.status, json: await r.json().catch(() => null) }
    },
    { method, path, body },
  )
}

describe('a workspace owner', () => {
  it('sees their API requests in the usage analytics and their admin actions in the audit log', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `analytics-${Date.now()}@example.com`,
      password: 'analytics pass 2026',
      firstName: 'Ada',
    })
    const key = await inPage(page, 'POST', '/v1/user/api-keys', { name: 'Render farm' })
    expect(key.status).toBe(201)
    const voices = await (
      await fetch(`${journey.server.url}/v1/voices`, { headers: { 'xi-api-key': key.json.api_key } })
    ).json()
    const voiceId = voices.voices[0].voice_id as string
    for (const text of ['First metered sentence.', 'A second, somewhat longer metered sentence.']) {
      const r = await fetch(`${journey.server.url}/v1/text-to-speech/${voiceId}`, {
        method: 'POST',
        headers: { 'xi-api-key': key.json.api_key, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      })
      expect(r.status).toBe(200)
      await r.arrayBuffer()
    }
    expect((await inPage(page, 'POST', '/v1/workspace/groups', { name: 'Narrators' })).status).toBe(201)

    await page.goto(`${journey.server.url}/app/workspace/settings/analytics`)
    await page.getByTestId('analytics-summary').waitFor()
    await expect.poll(() => page.getByTestId('analytics-summary').textContent()).toContain('2')
    await page.getByTestId('recent-requests').waitFor()
    expect(await page.getByTestId('recent-requests').textContent()).toContain('Render farm')
    await page.getByLabel('Breakdown'.replace('Breakdown', 'Break down by')).selectOption('hashed_xi_api_key')
    await page.locator('figure svg rect').first().waitFor()
    await shoot(page, 'dashboard')
    // Time to first byte has no breakdown: one series of averages.
    await page.getByLabel('Metric').selectOption('ttfb_avg_ms')
    await page.locator('figure svg rect').first().waitFor()
    // The bucket sizes offered follow the range: a second is not offered for a week.
    await page.getByLabel('Time range').selectOption('7d')
    const buckets = await page.getByLabel('Bucket size').locator('option').allTextContents()
    expect(buckets).not.toContain('1 second')
    expect(buckets.length).toBeGreaterThan(0)

    await page.goto(`${journey.server.url}/app/workspace/settings/audit-log`)
    await page.getByTestId('audit-entries').waitFor()
    expect(await page.getByTestId('audit-entries').textContent()).toContain('Group created')
    await page.getByLabel('Action').selectOption('webhook_created')
    await page.getByText('No admin actions match these filters.').waitFor()
    await page.getByLabel('Action').selectOption('')
    await page.getByTestId('audit-entries').waitFor()
    await shoot(page, 'audit-log')
    await context.close()
  })
})
