import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

// Audio Native as a publisher meets it: a player made on the settings page from an article,
// its embed code pasted into a plain HTML page on another site (a server this test starts), and
// a reader playing the article there in Chromium; the play shows in the player's analytics.
// A page outside the allowlist gets no player. With sessionization, a reload resumes where the
// reader was and counts one play; a new article converted without publishing waits for the
// Publish button while the published audio keeps playing.

const journey = useJourney()

const ARTICLE_BODY = `<article><h1>The keeper</h1>
<p>The lighthouse keeper climbed the stairs every evening at dusk, counting each step as he went up.</p>
<p>From the top he could see the whole bay, the fishing boats coming home, and the storm clouds far out at sea.</p>
</article>`
let snippet = ''
let site: Server
let siteOrigin: string

function articlePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The keeper</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: Georgia, serif; max-width: 680px; margin: 40px auto; padding: 0 16px">
${snippet}
${ARTICLE_BODY}
</body></html>`
}

beforeAll(async () => {
  site = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8')
    res.end(articlePage())
  })
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((r) => site?.close(r))
})

/** Screenshots at the desktop and phone widths, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({ path: `${shots}audio-native-${name}-${scheme}-${width}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('Audio Native', () => {
  it('publishes an article player and plays the article on a plain HTML page', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const app = await context.newPage()
    await signUpAndSignIn(journey, app, {
      email: `native-${Date.now()}@example.com`,
      password: 'native pass 2026',
      firstName: 'Nadia',
    })
    const articleFile = join(tmpdir(), `keeper-${Date.now()}.html`)
    writeFileSync(
      articleFile,
      `<!doctype html><html><head><title>The keeper</title></head><body>${ARTICLE_BODY}</body></html>`,
    )

    await app.goto(`${journey.server.url}/app/audio-native`)
    await app.getByRole('heading', { name: 'Audio Native', exact: true }).waitFor()
    await app.getByLabel('Name', { exact: true }).fill('Keeper article')
    await app.getByLabel('Article page (HTML or text)').setInputFiles(articleFile)
    await app.getByLabel('Allowed pages').fill(`${siteOrigin}/articles/`)
    await app.getByRole('button', { name: 'Create player' }).click()
    const card = app.getByTestId('audio-native-player').first()
    await card.getByTestId('player-state').filter({ hasText: 'Published' }).waitFor({ timeout: 120_000 })
    const embed = (await card.locator('pre').textContent()) ?? ''
    expect(embed).toContain('/audio-native/player.js')
    await shoot(app, 'settings')

    // The publisher pastes the embed code into the article page of their site.
    snippet = embed
    const reader = await context.newPage()
    await reader.goto(`${siteOrigin}/articles/keeper.html`)
    const host = reader.locator('#timbre-audio-native')
    await expect.poll(() => host.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready')
    await reader.getByRole('button', { name: 'Listen to this article' }).click()
    await expect
      .poll(
        () => reader.locator('audio[data-timbre-audio]').evaluate((a) => (a as HTMLAudioElement).currentTime),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0.5)
    await reader.screenshot({ path: `${shots}audio-native-article-playing.png`, fullPage: true })
    await reader.getByRole('button', { name: 'Pause' }).click()

    // A page of the same site outside the allowed prefix gets no player.
    const outside = await context.newPage()
    await outside.goto(`${siteOrigin}/drafts/keeper.html`)
    const refused = outside.locator('#timbre-audio-native')
    await expect.poll(() => refused.getAttribute('data-state'), { timeout: 30_000 }).toBe('refused')
    expect(await refused.textContent()).toContain('allowlist')

    // The play is counted for the page it happened on.
    await app.reload()
    await expect
      .poll(async () => (await app.getByTestId('total-plays').first().textContent()) ?? '', {
        timeout: 30_000,
      })
      .toBe('Plays: 1')
    await app.getByText(`${siteOrigin}/articles/keeper.html`).waitFor()
    await shoot(app, 'analytics')

    // Sessionization: for 30 minutes a reload resumes where the reader was and counts once.
    await card.getByLabel('Listening session (minutes)').fill('30')
    await card.getByRole('button', { name: 'Save settings' }).click()
    await card.getByText('Settings saved.').waitFor()
    const audioOf = (p: Page) => p.locator('audio[data-timbre-audio]')
    const timeOf = (p: Page) => audioOf(p).evaluate((a) => (a as HTMLAudioElement).currentTime)
    await reader.reload()
    await expect.poll(() => host.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready')
    await reader.getByRole('button', { name: 'Listen to this article' }).click()
    await expect.poll(() => host.getAttribute('data-play-counted'), { timeout: 30_000 }).toBe('yes')
    await expect.poll(() => timeOf(reader), { timeout: 30_000 }).toBeGreaterThan(3)
    await reader.getByRole('button', { name: 'Pause' }).click()
    const pausedAt = await timeOf(reader)
    await reader.reload()
    await expect.poll(() => host.getAttribute('data-resumed-at'), { timeout: 30_000 }).not.toBeNull()
    // Resumed before anything is played again (an MP3 seek lands within a fraction of a second).
    const resumedAt = await timeOf(reader)
    expect(resumedAt).toBeGreaterThan(2)
    expect(Math.abs(resumedAt - pausedAt)).toBeLessThan(1)
    await reader.getByRole('button', { name: 'Listen to this article' }).click()
    await expect.poll(() => host.getAttribute('data-play-counted'), { timeout: 30_000 }).toBe('no')
    // Playing goes on from there, not from the start (the same second of leeway as the seek).
    expect(await timeOf(reader)).toBeGreaterThanOrEqual(pausedAt - 1)
    await reader.getByRole('button', { name: 'Pause' }).click()
    await reader.screenshot({ path: `${shots}audio-native-article-resumed.png`, fullPage: true })
    await app.reload()
    await expect
      .poll(async () => (await app.getByTestId('total-plays').first().textContent()) ?? '', {
        timeout: 30_000,
      })
      .toBe('Plays: 2')

    // A new article converted without publishing waits; the published audio keeps playing.
    const publishedSrc = (await audioOf(reader).getAttribute('src')) ?? ''
    expect(publishedSrc).toContain('v=1')
    const storyFile = join(tmpdir(), `storm-${Date.now()}.txt`)
    writeFileSync(storyFile, 'That night the storm came early, and the lamp had to burn until morning.')
    await card.getByTestId('content-form').getByLabel('Article page (HTML or text)').setInputFiles(storyFile)
    await card.getByLabel('Publish when converted').uncheck()
    await card.getByRole('button', { name: 'Replace article' }).click()
    await card.getByTestId('awaiting-publish').waitFor({ timeout: 120_000 })
    await expect(card.getByTestId('player-state').textContent()).resolves.toBe('Converted, awaiting publish')
    await shoot(app, 'awaiting-publish')
    await reader.reload()
    await expect.poll(() => host.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready')
    expect(await audioOf(reader).getAttribute('src')).toContain('v=1')
    await card.getByRole('button', { name: 'Publish', exact: true }).click()
    await card.getByTestId('player-state').filter({ hasText: 'Published' }).waitFor({ timeout: 30_000 })
    await reader.reload()
    await expect.poll(() => host.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready')
    expect(await audioOf(reader).getAttribute('src')).not.toContain('v=1&')
    await context.close()
  }, 300_000)
})
