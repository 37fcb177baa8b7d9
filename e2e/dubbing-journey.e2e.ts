import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { wavFile } from './helpers/wav.js'

const journey = useJourney()
const RATE = 16_000
const FIXED = 'Mi hermana compró una casa nueva cerca del río.'

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
        body: JSON.stringify({ text }),
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

/** A short MP4 (a plain blue picture) with the speech as its sound, made by the FFmpeg the server ships. */
function videoOf(wavPath: string): string {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path
  const out = join(dirname(wavPath), 'sister.mp4')
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=blue:s=320x240:r=25',
    '-i',
    wavPath,
    '-shortest',
    '-c:v',
    'mpeg4',
    '-c:a',
    'aac',
    '-y',
    out,
  ])
  return out
}

/** Chooses an export format, clicks Download and reads the file the browser saved. */
async function exported(page: Page, format: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId('dub-export-format').selectOption(format)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('dub-export').click(),
  ])
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path()) ?? '') }
}

describe('dubbing', () => {
  it('dubs a short video into Spanish, drags a clip within the placement rules, fixes and re-dubs a segment, exports MP4 and SRT', async () => {
    const context = await journey.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `dub-${Date.now()}@example.com`,
      password: 'dubbing pass 2026',
      firstName: 'Dubber',
    })
    const said = await speech(page, 'Noah', 'My sister bought a new house near the river.')
    const pcm = Buffer.concat([Buffer.alloc(RATE), said, Buffer.alloc(RATE)])
    const video = videoOf(wavFile(pcm, RATE, 'sister.wav'))

    await page.goto(`${journey.server.url}/app/dubs`)
    await page.getByLabel('Choose a video or audio file').setInputFiles(video)
    await page.getByTestId('dub-target').selectOption('es')
    await expect.poll(() => page.getByText(/^\d+ credits$/).count()).toBeGreaterThan(0)
    await page.screenshot({ path: `${shots}dubbing-new-1280-light.png` })
    await page.getByTestId('dub-start').click()

    // The dub runs as a job: its progress bar shows in the list until it is dubbed.
    const list = page.getByTestId('dub-list')
    await expect.poll(() => list.textContent()).toContain('sister.mp4')
    await expect.poll(() => list.getByText('Dubbed').count(), { timeout: 240_000, interval: 1000 }).toBe(1)
    await list.getByRole('link').first().click()

    // The editor: the timeline with the speaker's clip, and the segment's text.
    const clip = page.getByTestId('timeline-segment').first()
    await clip.waitFor({ timeout: 30_000 })
    // The waveform is the dubbed language's audio, decoded by the browser.
    await expect
      .poll(async () => Number(await page.getByTestId('dub-waveform').getAttribute('data-bars')), {
        timeout: 30_000,
      })
      .toBeGreaterThan(100)
    await page.screenshot({ path: `${shots}dubbing-editor-1280-light.png`, fullPage: true })

    // Drag the clip's end past the media: refused with the rule's message, nothing saved.
    const row = page.getByTestId('timeline-row').first()
    const rowBox = (await row.boundingBox())!
    const end = page.getByTestId('timeline-handle-end').first()
    const dragEnd = async (toX: number) => {
      const box = (await end.boundingBox())!
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.down()
      await page.mouse.move(toX, box.y + box.height / 2, { steps: 8 })
      await page.mouse.up()
    }
    const before = await clip.getAttribute('aria-label')
    await dragEnd(rowBox.x + rowBox.width + 40)
    await page
      .getByText('Invalid placement: the segment is later than the original media duration.', { exact: true })
      .waitFor()
    expect(await clip.getAttribute('aria-label')).toBe(before)
    // Drag it a little shorter: saved, and the clip shows its new end.
    const box = (await end.boundingBox())!
    await dragEnd(box.x - rowBox.width * 0.05)
    await page.getByText('Segment saved', { exact: true }).waitFor({ timeout: 30_000 })
    await expect.poll(() => clip.getAttribute('aria-label'), { timeout: 10_000 }).not.toBe(before)
    // Playing from a segment loads the dub into the persistent player.
    await page.getByTestId('dub-play-segment').first().click()
    await expect
      .poll(() => page.getByTestId('player-title').textContent(), { timeout: 10_000 })
      .toBe('sister.mp4')
    await page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => audio.pause())

    // Fix the translation and re-dub the segment.
    const translation = page.getByTestId('dub-translation').first()
    await translation.fill(FIXED)
    await page.getByTestId('dub-redub').first().click()
    await page.getByText('Segment dubbed again', { exact: true }).waitFor({ timeout: 120_000 })
    await expect.poll(() => page.getByTestId('dub-translation').first().inputValue()).toBe(FIXED)

    const mp4 = await exported(page, 'mp4')
    expect(mp4.name).toMatch(/\.mp4$/)
    expect(mp4.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp')
    const srt = await exported(page, 'srt')
    expect(srt.name).toMatch(/\.srt$/)
    const subtitles = srt.bytes.toString('utf8')
    expect(subtitles).toMatch(/^1\r?\n00:00:0\d,\d{3} --> 00:00:0\d,\d{3}\r?\n/)
    expect(subtitles).toContain(FIXED)

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${shots}dubbing-editor-1280-dark.png`, fullPage: true })
    // At phone width the editor says it is not made for phones, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByText('The dubbing editor is not optimised for phones.').waitFor()
    await page.screenshot({ path: `${shots}dubbing-editor-390-dark.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${shots}dubbing-editor-390-light.png`, fullPage: true })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await context.close()
  }, 420_000)
})
