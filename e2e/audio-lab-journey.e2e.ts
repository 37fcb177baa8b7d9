import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { wavFile } from './helpers/wav.js'

const journey = useJourney()

const signedInUser = (page: Page, email: string, password: string) =>
  signUpAndSignIn(journey, page, { email, password, firstName: 'Lab' })

/** Two seconds of a gliding tone in noise, as a 16-bit WAV file. */
function noisyWav(): string {
  const rate = 16_000
  const n = rate * 2
  const data = Buffer.alloc(n * 2)
  let seed = 1
  for (let i = 0; i < n; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
    const tone = Math.sin((2 * Math.PI * (150 + 50 * Math.sin(i / rate)) * i) / rate) * 0.4
    data.writeInt16LE(Math.round((tone + (seed / 2 ** 32 - 0.5) * 0.3) * 32767), i * 2)
  }
  return wavFile(data, rate, 'street interview.wav')
}

const playing = (page: Page) =>
  page.waitForFunction(
    () => {
      const audio = document.querySelector('audio')
      return !!audio && Number.isFinite(audio.duration) && audio.duration > 0 && audio.currentTime > 0.1
    },
    null,
    { timeout: 60_000 },
  )

describe('the audio lab', () => {
  it('makes a sound effect and isolates a voice, both heard in the player, at two widths and both themes', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signedInUser(page, `lab-${Date.now()}@example.com`, 'audio lab pass 2026')

    await page.getByRole('link', { name: 'Sound effects' }).first().click()
    await page.getByRole('button', { name: 'Rain', exact: true }).click()
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Describe the sound' }).inputValue())
      .toBe('Heavy rain on a tin roof')
    await page.getByRole('button', { name: 'Generate sound effect' }).click()
    await playing(page)
    expect(await page.getByTestId('player-title').textContent()).toContain('Heavy rain on a tin roof')
    await page.screenshot({ path: `${shots}sfx-1280-light.png` })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: `${shots}sfx-1280-dark.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${shots}sfx-390-dark.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.screenshot({ path: `${shots}sfx-390-light.png`, fullPage: true })

    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${journey.server.url}/app/voice-isolator`)
    await page.getByLabel('Choose an audio or video file').setInputFiles(noisyWav())
    await expect.poll(() => page.getByText('34 credits').count()).toBeGreaterThan(0)
    // The chosen recording is shown as a waveform before it is isolated.
    await expect.poll(() => page.getByTestId('chosen-audio').getByTestId('waveform').count()).toBe(1)
    await page.getByRole('button', { name: 'Isolate voice' }).click()
    await playing(page)
    await expect.poll(() => page.getByRole('button', { name: 'Play street interview.wav' }).count()).toBe(1)
    await page.screenshot({ path: `${shots}isolator-1280-light.png` })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: `${shots}isolator-1280-dark.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${shots}isolator-390-dark.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.screenshot({ path: `${shots}isolator-390-light.png`, fullPage: true })

    await page.getByRole('button', { name: 'Delete street interview.wav' }).click()
    await expect.poll(() => page.getByText('Nothing isolated yet.').count()).toBe(1)
    await context.close()
  })

  it('plans a song, edits its sections, generates, plays and downloads it', async () => {
    const context = await journey.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    })
    const page = await context.newPage()
    await signedInUser(page, `music-${Date.now()}@example.com`, 'music lab pass 2026')

    await page.goto(`${journey.server.url}/app/music`)
    await page.getByLabel('Describe the song').fill('A calm piano lullaby in C major')
    await page.getByRole('button', { name: 'Plan sections' }).click()
    await page.getByRole('heading', { name: 'Composition plan' }).waitFor()
    const lengths = page.getByLabel('Seconds', { exact: true })
    expect(await lengths.count()).toBeGreaterThan(0)

    // A section under a second is refused before anything is sent; short sections keep the song brief.
    await lengths.first().fill('0.5')
    await page.getByText('Each section must be at least 1 second long.').waitFor()
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true)
    for (let i = 0; i < (await lengths.count()); i++) await lengths.nth(i).fill('3')
    await page.getByLabel('Section', { exact: true }).first().fill('Opening')
    await expect.poll(() => page.getByText('Each section must be at least 1 second long.').count()).toBe(0)

    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await playing(page)
    expect(await page.getByTestId('player-title').textContent()).toContain('A calm piano lullaby')

    // The song is kept: listed under the user's songs and downloaded as an MP3.
    const songs = page.getByRole('region', { name: 'Your songs' })
    await expect.poll(() => songs.getByRole('listitem').count(), { timeout: 30_000 }).toBe(1)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      songs.getByRole('link', { name: 'Download' }).click(),
    ])
    const path = await download.path()
    const bytes = readFileSync(path)
    expect(bytes.length).toBeGreaterThan(10_000)
    const mp3 =
      bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)
    expect(mp3).toBe(true)

    await page.screenshot({ path: `${shots}music-1280-light.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: `${shots}music-1280-dark.png`, fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${shots}music-390-dark.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.screenshot({ path: `${shots}music-390-light.png`, fullPage: true })
    await context.close()
  })

  it('shows a public sound-effect page with waveforms, light and dark, at two widths', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${journey.server.url}/sound-effects/impacts`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Impacts')
    const examples = await page.getByRole('heading', { level: 2 }).count()
    expect(examples).toBeGreaterThan(0)
    await expect.poll(() => page.getByTestId('waveform').count(), { timeout: 120_000 }).toBe(examples)
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    const light = await background()
    await page.screenshot({ path: `${shots}sfx-public-1280-light.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true)
    expect(await background()).not.toBe(light)
    await page.screenshot({ path: `${shots}sfx-public-1280-dark.png`, fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${shots}sfx-public-390-dark.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'light' })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(false)
    await page.screenshot({ path: `${shots}sfx-public-390-light.png`, fullPage: true })
    await context.close()
  })
})
