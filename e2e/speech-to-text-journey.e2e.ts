import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { wavFile } from './helpers/wav.js'

const journey = useJourney()
const RATE = 16_000

/** Our own speech of a text in a premade voice, as 16 kHz PCM, made through the API by the page. */
async function speech(page: Page, voiceName: string, text: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ voiceName, text }) => {
      const voices = (await (await fetch('/v1/voices')).json()) as {
        voices: { voice_id: string; name: string }[]
      }
      const voice = voices.voices.find((v) => v.name === voiceName)
      const res = await fetch(`/v1/text-to-speech/${voice?.voice_id}?output_format=pcm_16000`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, model_id: 'eleven_multilingual_v2' }),
      })
      const bytes = new Uint8Array(await res.arrayBuffer())
      let binary = ''
      for (const b of bytes) binary += String.fromCharCode(b)
      return btoa(binary)
    },
    { voiceName, text },
  )
  return Buffer.from(base64, 'base64')
}

/** Clicks Download and reads the file the browser saved. */
async function downloaded(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ])
  return { name: download.suggestedFilename(), text: readFileSync((await download.path()) ?? '', 'utf8') }
}

describe('speech to text', () => {
  it('transcribes a two-voice recording with speakers, shows it, exports it, at two widths and both themes', async () => {
    const context = await journey.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `stt-${Date.now()}@example.com`,
      password: 'listening pass 2026',
      firstName: 'Scribe',
    })
    // A woman asks, a man answers, a second of silence between them.
    const question = await speech(page, 'Emma', 'Where did you plant the tomatoes this year?')
    const answer = await speech(page, 'Noah', 'In the small garden behind the house, next to the beans.')
    const file = wavFile(Buffer.concat([question, Buffer.alloc(RATE * 2), answer]), RATE, 'garden talk.wav')

    await page.getByRole('link', { name: 'Speech to text' }).first().click()
    await page.getByLabel('Choose an audio or video file').setInputFiles(file)
    // The price shows before anything starts.
    await expect.poll(() => page.getByText(/^\d+ credits$/).count()).toBeGreaterThan(0)
    await page.getByLabel('Number of speakers').fill('2')
    await page.screenshot({ path: `${shots}stt-upload-1280-light.png` })
    await page.getByRole('button', { name: 'Transcribe' }).click()

    await page.getByRole('heading', { name: 'Transcript' }).waitFor({ timeout: 120_000 })
    const paragraphs = page.getByTestId('transcript-paragraphs')
    await expect.poll(() => paragraphs.textContent()).toMatch(/garden/)
    const speakers = await page.getByTestId('transcript-speaker').allTextContents()
    expect(new Set(speakers)).toEqual(new Set(['Speaker 1', 'Speaker 2']))
    await page.screenshot({ path: `${shots}stt-transcript-1280-light.png` })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: `${shots}stt-transcript-1280-dark.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${shots}stt-transcript-390-dark.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.screenshot({ path: `${shots}stt-transcript-390-light.png`, fullPage: true })
    // No page may scroll sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // Subtitles by default; any export format from the same menu.
    const srt = await downloaded(page)
    expect(srt.name).toMatch(/\.srt$/)
    expect(srt.text).toMatch(/^1\n00:00:00,\d{3} --> 00:00:\d{2},\d{3}\n/)
    expect(srt.text).toContain('garden')
    await page.getByLabel('Format').selectOption('txt')
    const txt = await downloaded(page)
    expect(txt.name).toMatch(/\.txt$/)
    expect(txt.text).toContain('garden')

    await page.getByRole('link', { name: 'All transcripts' }).click()
    const list = page.getByTestId('transcript-list')
    await expect.poll(() => list.textContent()).toContain('garden talk.wav')
    await page.screenshot({ path: `${shots}stt-list-390-light.png`, fullPage: true })
    await page.getByRole('button', { name: 'Delete garden talk.wav' }).click()
    await expect.poll(() => page.getByText('No transcripts yet.').count()).toBe(1)
    await context.close()
  })
})
