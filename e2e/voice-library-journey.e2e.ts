import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { wavFile } from './helpers/wav.js'

// The shared voice library page (filters, collections), the sound effects explore and its
// public /sound-effects/{slug} pages, and the voice isolator's progress bar, at two widths and
// in both themes.

const journey = useJourney()

/** `seconds` of a tone in noise as a 48 kHz WAV file: long enough to watch the progress. */
function noisyWav(seconds: number): string {
  const rate = 48_000
  const n = rate * seconds
  const data = Buffer.alloc(n * 2)
  let seed = 3
  for (let i = 0; i < n; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
    const tone = Math.sin((2 * Math.PI * 180 * i) / rate) * 0.3
    data.writeInt16LE(Math.round((tone + (seed / 2 ** 32 - 0.5) * 0.2) * 32767), i * 2)
  }
  return wavFile(data, rate, 'long take.wav')
}

const sizes = [
  ['1280', { width: 1280, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const

describe('voice library, sound effects pages and isolation progress', () => {
  it('shows each page at desktop and phone widths, light and dark', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `library-${Date.now()}@example.com`,
      password: 'library pass 2026',
      firstName: 'Lib',
    })

    await page.goto(`${journey.server.url}/app/voice-library`)
    await page.getByRole('heading', { name: 'Voice library' }).waitFor()
    await page.getByText('Voices found: 0').waitFor()
    await page.getByRole('textbox', { name: 'New collection name' }).fill('Narrators')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.getByText('Voices: 0').waitFor()
    for (const [name, size] of sizes) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize(size)
        await page.emulateMedia({ colorScheme: scheme })
        await page.screenshot({ path: `${shots}voice-library-${name}-${scheme}.png`, fullPage: true })
      }
    }

    await page.setViewportSize({ width: 1280, height: 900 })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(`${journey.server.url}/app/sound-effects`)
    await page.getByRole('heading', { name: 'Explore' }).waitFor()
    await page.getByRole('button', { name: 'Use prompt' }).first().click()
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Describe the sound' }).inputValue())
      .toBe('Gentle rain on a roof')
    for (const [name, size] of sizes) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize(size)
        await page.emulateMedia({ colorScheme: scheme })
        await page.screenshot({ path: `${shots}sfx-explore-${name}-${scheme}.png`, fullPage: true })
      }
    }

    const visitor = await (
      await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage()
    await visitor.goto(`${journey.server.url}/sound-effects/nature`)
    await visitor.getByRole('heading', { name: 'Nature sound effects' }).waitFor()
    await visitor.getByRole('link', { name: 'Gentle rain on a roof' }).click()
    await visitor.getByRole('heading', { name: 'Gentle rain on a roof', level: 1 }).waitFor()
    await visitor.waitForFunction(() => {
      const audio = document.querySelector('audio')
      return !!audio
    })
    const audio = await visitor.evaluate(async () => {
      const src = document.querySelector('audio')!.src
      const response = await fetch(src)
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        size: (await response.arrayBuffer()).byteLength,
      }
    })
    expect(audio).toMatchObject({ status: 200, type: 'audio/mpeg' })
    expect(audio.size).toBeGreaterThan(20_000)
    for (const [name, size] of sizes) {
      for (const scheme of ['light', 'dark'] as const) {
        await visitor.setViewportSize(size)
        await visitor.emulateMedia({ colorScheme: scheme })
        await visitor.screenshot({ path: `${shots}sfx-slug-${name}-${scheme}.png`, fullPage: true })
      }
    }

    await page.setViewportSize({ width: 1280, height: 900 })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(`${journey.server.url}/app/voice-isolator`)
    await page.getByLabel('Choose an audio or video file').setInputFiles(noisyWav(120))
    await page.getByRole('button', { name: 'Isolate voice' }).click()
    const bar = page.getByRole('progressbar', { name: 'Isolating the voice…' })
    await bar.waitFor({ timeout: 30_000 })
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000 })
      .toBeGreaterThan(0)
    await page.screenshot({ path: `${shots}isolator-progress-1280-light.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: `${shots}isolator-progress-390-dark.png`, fullPage: true })
    await expect
      .poll(() => page.getByRole('button', { name: 'Play long take.wav' }).count(), { timeout: 120_000 })
      .toBe(1)
    await context.close()
  }, 300_000)
})
