import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

const journey = useJourney()

/** A user whose email is verified through the mailed link, signed in through the form. */
const signedInUser = (page: Page, email: string, password: string) =>
  signUpAndSignIn(journey, page, { email, password, firstName: 'Voice' })

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector('audio')
    return {
      duration: audio?.duration ?? 0,
      currentTime: audio?.currentTime ?? 0,
      paused: audio?.paused ?? true,
    }
  })

describe('a verified user', () => {
  it('generates speech, hears it in the player, finds it in history and gives feedback', async () => {
    const email = `speech-${Date.now()}@example.com`
    const password = 'speech pass 2026'
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.url })
    const page = await context.newPage()
    await signedInUser(page, email, password)

    await page.getByRole('link', { name: 'Text to speech' }).first().click()
    const text =
      'Timbre reads this sentence aloud in the journey.browser. The player streams it while it is made, then shows it in history.'
    await page.getByRole('textbox', { name: 'Text to speak' }).fill(text)
    await expect
      .poll(() => page.getByTestId('tts-counter').textContent())
      .toContain(`${text.length} / 2.5K characters`)
    await page.getByRole('button', { name: 'Generate speech' }).click()

    // The audio element reports a real duration and its time advances: the speech is heard.
    await page.waitForFunction(
      () => {
        const audio = document.querySelector('audio')
        return !!audio && Number.isFinite(audio.duration) && audio.duration > 0 && audio.currentTime > 0.2
      },
      null,
      { timeout: 60_000 },
    )
    const first = await audioState(page)
    await page.waitForTimeout(600)
    const second = await audioState(page)
    expect(first.duration).toBeGreaterThan(1)
    expect(second.currentTime).toBeGreaterThan(first.currentTime)
    expect(await page.getByTestId('player-title').textContent()).toContain('Timbre reads this sentence')

    // Keyboard: space pauses and plays again, the left arrow goes back 3 seconds.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('Space')
    await expect.poll(async () => (await audioState(page)).paused).toBe(true)
    const paused = await audioState(page)
    await page.keyboard.press('ArrowLeft')
    const back = await audioState(page)
    expect(back.currentTime).toBeCloseTo(Math.max(0, paused.currentTime - 3), 1)
    await page.keyboard.press('Space')
    await expect.poll(async () => (await audioState(page)).paused).toBe(false)
    await page.screenshot({ path: `${shots}speech-01-playing.png` })

    // Feedback controls appear after 3 s of playback, once the history item is known.
    const thumbsUp = page.getByRole('button', { name: 'Good result' }).first()
    await thumbsUp.waitFor({ timeout: 30_000 })
    await thumbsUp.click()
    const dialog = page.getByRole('dialog', { name: 'What did you like?' })
    await dialog.getByRole('textbox').fill('Too short')
    await dialog.getByRole('button', { name: 'Send feedback' }).click()
    await dialog.getByText('minimum 20 characters').waitFor()
    await dialog.getByRole('textbox').fill('Clear words and an even, steady pace.')
    await dialog.getByRole('button', { name: 'Send feedback' }).click()
    await page.getByText('Thank you for your feedback').first().waitFor()
    await dialog.waitFor({ state: 'detached' })

    // History lists the item (the player keeps playing across pages).
    await page.getByRole('link', { name: 'History' }).first().click()
    const row = page.getByTestId('history-row').filter({ hasText: 'Timbre reads this sentence' })
    await row.waitFor()
    await row.getByText('Feedback sent').waitFor()
    await page.screenshot({ path: `${shots}speech-02-history.png` })

    const listed = (await page.evaluate(async () => (await fetch('/v1/history')).json())) as {
      history: { text: string; feedback: { thumbs_up: boolean; feedback: string } | null }[]
    }
    expect(listed.history).toHaveLength(1)
    expect(listed.history[0]?.text).toBe(text)
    expect(listed.history[0]?.feedback).toMatchObject({
      thumbs_up: true,
      feedback: 'Clear words and an even, steady pace.',
    })

    // Download: the item's audio under the generated name (prefix, time, voice, category, settings, model).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download' }).first().click(),
    ])
    // The page starts with the library's first English voice, Emma.
    expect(download.suggestedFilename()).toMatch(
      /^Timbre_\d{4}_\d{2}_\d{2}T\d{2}_\d{2}_\d{2}_Emma_pre_s50_sb75_se0_b_m2\.mp3$/,
    )

    // A thumbs down from the row replaces it with a checklist answer.
    await row.getByRole('button', { name: 'Bad result' }).first().click()
    const down = page.getByRole('dialog', { name: 'What went wrong?' })
    await down.getByLabel('Glitches or mispronunciations').check()
    await down.getByRole('button', { name: 'Send feedback' }).click()
    await down.waitFor({ state: 'detached' })
    const after = (await page.evaluate(async () => (await fetch('/v1/history')).json())) as {
      history: { feedback: { thumbs_up: boolean; glitches: boolean } | null }[]
    }
    expect(after.history[0]?.feedback).toMatchObject({ thumbs_up: false, glitches: true })

    // Share: the link is fetched, copied, and opens the audio without the session.
    await row.getByRole('button', { name: 'Share' }).first().click()
    const shareLink = page.getByTestId('share-link')
    await shareLink.filter({ hasText: 'http' }).waitFor()
    await page.getByRole('button', { name: 'Copy link' }).click()
    await page.getByText('Share link copied to clipboard').first().waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toMatch(/^http/)
    expect(((await shareLink.textContent()) ?? '').length).toBeLessThanOrEqual(39)
    await page.screenshot({ path: `${shots}speech-03-share.png` })
    await context.close()
  })
})
