import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { launchChromium } from './helpers/browser.js'
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
    const editor = page.getByTestId('transcript-editor')
    await page.getByTestId('transcript-waveform').waitFor()

    // A click on a word plays the recording from it in the persistent player, the word marked.
    const words = page.getByTestId('transcript-word')
    const third = words.nth(2)
    await third.click()
    await expect
      .poll(() => page.getByTestId('player-title').textContent(), { timeout: 10_000 })
      .toBe('garden talk.wav')
    await expect
      .poll(() => page.locator('[data-testid="transcript-word"][aria-current="true"]').count(), {
        timeout: 20_000,
      })
      .toBe(1)
    await page.screenshot({ path: `${shots}stt-editor-playing-1280-light.png` })
    await page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => audio.pause())

    // Edit a word in place: it is saved on the version seen and re-timed by the server.
    const first = words.first()
    await first.dblclick()
    const input = page.getByTestId('word-input')
    await input.fill('Wherever')
    await input.press('Enter')
    await expect.poll(() => editor.getAttribute('data-version'), { timeout: 30_000 }).toBe('1')
    expect(await words.first().textContent()).toBe('Wherever')
    // Name a speaker; the segments follow.
    await page.getByRole('button', { name: 'Rename' }).first().click()
    await page.getByLabel('Name of Speaker 1').fill('Ann')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('transcript-speaker').allTextContents(), { timeout: 10_000 })
      .toContain('Ann')
    // Split the first segment at its third word, then join it again.
    const segments = page.getByTestId('transcript-segment')
    const before = await segments.count()
    await words.nth(2).click()
    await page.getByTestId('split-segment').click()
    await expect.poll(() => segments.count(), { timeout: 10_000 }).toBe(before + 1)
    await page.getByTestId('join-segment').first().click()
    await expect.poll(() => segments.count(), { timeout: 10_000 }).toBe(before)
    await page.screenshot({ path: `${shots}stt-editor-1280-light.png` })

    // The subtitle view cuts cues under the chosen line length.
    await page.getByRole('radio', { name: 'Subtitles' }).click()
    await page.getByLabel('Characters per line').fill('16')
    await expect
      .poll(async () => (await page.getByTestId('cue-lines').allInnerTexts()).join('\n').split('\n').length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(3)
    await expect
      .poll(async () => {
        const lines = (await page.getByTestId('cue-lines').allInnerTexts()).join('\n').split('\n')
        return lines.every((line) => line.length <= 16 || !line.includes(' '))
      })
      .toBe(true)
    await page.screenshot({ path: `${shots}stt-subtitles-1280-light.png` })
    await page.getByRole('radio', { name: 'Transcript' }).click()

    await page.screenshot({ path: `${shots}stt-transcript-1280-light.png` })
    await page.emulateMedia({ colorScheme: 'dark' })
    // Colours ease into the new theme; the picture waits for them.
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${shots}stt-transcript-1280-dark.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    // At phone width the transcript reads only, and says so.
    await page.getByTestId('editor-read-only').waitFor()
    expect(await page.getByRole('button', { name: 'Rename' }).count()).toBe(0)
    await page.screenshot({ path: `${shots}stt-transcript-390-dark.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${shots}stt-transcript-390-light.png`, fullPage: true })
    // No page may scroll sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // Subtitles by default; any export format from the same menu; the edit is in the file.
    const srt = await downloaded(page)
    expect(srt.name).toMatch(/\.srt$/)
    expect(srt.text).toMatch(/^1\n00:00:00,\d{3} --> 00:00:\d{2},\d{3}\n/)
    expect(srt.text).toContain('garden')
    expect(srt.text).toContain('Wherever')
    await page.getByLabel('Format').selectOption('txt')
    const txt = await downloaded(page)
    expect(txt.name).toMatch(/\.txt$/)
    expect(txt.text).toContain('garden')

    // Back at desktop width, one speaker's words go to the other.
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByLabel('Merge Speaker 2 into…').selectOption({ label: 'Ann' })
    await expect
      .poll(() => page.getByTestId('speaker-name').allTextContents(), { timeout: 10_000 })
      .toEqual(['Ann'])
    expect(new Set(await page.getByTestId('transcript-speaker').allTextContents())).toEqual(new Set(['Ann']))

    await page.getByRole('link', { name: 'All transcripts' }).click()
    const list = page.getByTestId('transcript-list')
    await expect.poll(() => list.textContent()).toContain('garden talk.wav')
    await page.screenshot({ path: `${shots}stt-list-390-light.png`, fullPage: true })
    await page.getByRole('button', { name: 'Delete garden talk.wav' }).click()
    await expect.poll(() => page.getByText('No transcripts yet.').count()).toBe(1)
    await context.close()
  })

  it('dictates from a microphone (Chromium playing our speech as one), and says so when the microphone is refused', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `dictate-${Date.now()}@example.com`,
      password: 'listening pass 2026',
      firstName: 'Dictator',
    })
    const said = await speech(
      page,
      'Emma',
      'Please remember to water the tomatoes in the garden tomorrow morning.',
    )
    // Silence either side: the fake microphone plays the file in a loop.
    const file = wavFile(
      Buffer.concat([Buffer.alloc(RATE), said, Buffer.alloc(RATE * 3)]),
      RATE,
      'dictation.wav',
    )
    const session = await context.storageState()
    const origin = new URL(page.url()).origin
    await context.close()

    const browser = await launchChromium([
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${file}`,
      '--autoplay-policy=no-user-gesture-required',
    ])
    try {
      // Not granted (headless Chromium asks no one and refuses): the spec's message.
      const refused = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        storageState: session,
      })
      const refusedPage = await refused.newPage()
      await refusedPage.goto(`${origin}/app/speech-to-text`)
      await refusedPage.getByTestId('dictation-start').click()
      await refusedPage.getByText('Microphone access denied, enable in browser settings.').waitFor()
      await refusedPage.screenshot({ path: `${shots}stt-dictation-denied-1280-light.png` })
      await refused.close()

      const allowed = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        storageState: session,
      })
      await allowed.grantPermissions(['microphone'], { origin })
      const dictating = await allowed.newPage()
      await dictating.goto(`${origin}/app/speech-to-text`)
      const started = Date.now()
      await dictating.getByTestId('dictation-start').click()
      await expect
        .poll(() => dictating.getByTestId('dictation-status').textContent(), { timeout: 20_000 })
        .toBe('Listening…')
      // Partial text shows while the sentence is spoken, then the settled text.
      let partialSeen = false
      await expect
        .poll(
          async () => {
            if ((await dictating.getByTestId('dictation-partial').count()) > 0) partialSeen = true
            return (await dictating.getByTestId('dictation-committed').textContent()) ?? ''
          },
          { timeout: 30_000, interval: 100 },
        )
        .toMatch(/tomato|garden|water/)
      console.log(
        `dictation: committed "${await dictating.getByTestId('dictation-committed').textContent()}" after ${Date.now() - started} ms; partial seen: ${partialSeen}`,
      )
      expect(partialSeen).toBe(true)
      await dictating.screenshot({ path: `${shots}stt-dictation-1280-light.png` })
      await dictating.emulateMedia({ colorScheme: 'dark' })
      await dictating.setViewportSize({ width: 390, height: 844 })
      await dictating.screenshot({ path: `${shots}stt-dictation-390-dark.png`, fullPage: true })
      await dictating.getByTestId('dictation-stop').click()
      await allowed.close()
    } finally {
      await browser.close()
    }
  })
})
