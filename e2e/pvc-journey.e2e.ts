import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { fillUntilSubmittable, shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { wavBytes } from './helpers/wav.js'

// The professional voice clone flow of the voice lab: refused on the free plan with the
// product's message; on Creator a draft is made, a spoken sample is uploaded and drawn as a
// waveform, its speakers are separated, a captcha text is shown and reading it without a
// microphone shows the product's message; training waits for verification.
const journey = useJourney({ PVC_MIN_TRAINING_SECONDS: '3' })

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({ path: `${shots}pvc-${name}-${scheme}-${width}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** Speech of a premade voice from the server, leveled to -20 dB RMS with peaks under -3.5 dB. */
async function spokenSample(page: Page): Promise<Buffer> {
  const pcm = await page.evaluate(async () => {
    const voices = (await (await fetch('/v1/voices')).json()) as {
      voices: {
        voice_id: string
        category: string
        verified_languages: { language: string; model_id: string }[]
      }[]
    }
    const voice = voices.voices.find(
      (v) =>
        v.category === 'premade' &&
        v.verified_languages.some((l) => l.language === 'en' && l.model_id === 'eleven_multilingual_v2'),
    )!.voice_id
    const response = await fetch(`/v1/text-to-speech/${voice}?output_format=pcm_16000`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: 'Good morning. This is a recording of my voice, read slowly and clearly for a professional copy of it.',
        model_id: 'eleven_multilingual_v2',
      }),
    })
    if (!response.ok) throw new Error(`text to speech answered ${response.status}: ${await response.text()}`)
    return Array.from(new Uint8Array(await response.arrayBuffer()))
  })
  const raw = Buffer.from(pcm)
  const samples = new Float32Array(raw.length / 2)
  for (let i = 0; i < samples.length; i++) samples[i] = raw.readInt16LE(i * 2) / 32768
  let energy = 0
  let count = 0
  for (const v of samples) {
    if (Math.abs(v) > 0.01) {
      energy += v * v
      count++
    }
  }
  const gain = 10 ** (-20 / 20) / Math.sqrt(energy / Math.max(1, count))
  const ceiling = 10 ** (-3.5 / 20)
  const out = Buffer.alloc(raw.length)
  for (let i = 0; i < samples.length; i++) {
    out.writeInt16LE(Math.round(Math.max(-ceiling, Math.min(ceiling, samples[i]! * gain)) * 32767), i * 2)
  }
  return wavBytes(out, 16_000)
}

describe('professional voice clone', () => {
  it('is refused on the free plan, then runs on Creator up to verification', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `pvc-${Date.now()}@example.com`,
      password: 'pvc pass 2026',
      firstName: 'Petra',
    })
    await page.goto(`${journey.server.url}/app/voices`)
    await page.getByRole('link', { name: 'Professional voice clone' }).click()
    await fillUntilSubmittable(
      page.getByLabel('Name', { exact: true }),
      'My studio voice',
      page.getByRole('button', { name: 'Create' }),
    )
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByText('Creator plan or higher').waitFor()
    await shoot(page, 'free-plan')

    // Creator through the test-mode checkout.
    await page.goto(`${journey.server.url}/pricing`)
    await page.getByTestId('plan-card-creator').getByRole('button').click()
    await page.waitForURL(/\/checkout\/cs_/)
    await page.getByLabel('Card number').fill('4242424242424242')
    await page.getByRole('button', { name: /^Pay/ }).click()
    await page.waitForURL(/\/app\/subscription/)

    await page.goto(`${journey.server.url}/app/voice-lab/professional`)
    await fillUntilSubmittable(
      page.getByLabel('Name', { exact: true }),
      'My studio voice',
      page.getByRole('button', { name: 'Create' }),
    )
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByText('My studio voice').waitFor()
    await page.getByTestId('pvc-state').getByText('Draft').waitFor()

    const wav = await spokenSample(page)
    await page
      .getByLabel('Upload samples')
      .setInputFiles({ name: 'take-1.wav', mimeType: 'audio/wav', buffer: wav })
    await page.getByTestId('pvc-sample').or(page.getByRole('alert')).first().waitFor()
    expect(
      await page.getByRole('alert').count(),
      await page.getByRole('alert').allTextContents().then(String),
    ).toBe(0)
    await page.getByTestId('pvc-sample').getByText('take-1.wav').waitFor()
    await page.getByTestId('pvc-waveform').waitFor()
    // A file that is only named like audio is refused with the server's message.
    await page.getByLabel('Upload samples').setInputFiles({
      name: 'fake.wav',
      mimeType: 'audio/wav',
      buffer: Buffer.from('not audio at all '.repeat(100)),
    })
    await page.getByText(/is not a WAV, MP3, OGG, FLAC, M4A or WebM audio file/).waitFor()
    expect(await page.getByTestId('pvc-sample').count()).toBe(1)

    await page.getByRole('button', { name: 'Separate speakers' }).click()
    await page
      .getByTestId('pvc-speakers')
      .getByRole('button', { name: /Speaker 1/ })
      .waitFor({ timeout: 60_000 })

    await page.getByRole('button', { name: 'Get text to read' }).click()
    await page.getByTestId('pvc-captcha').waitFor()
    await page.getByRole('button', { name: 'Record reading' }).click()
    await page.getByText('Microphone access denied, enable in browser settings.').first().waitFor()

    await page.getByRole('button', { name: 'Start training' }).click()
    await page.getByTestId('pvc-state').getByText('Needs verification').waitFor()
    await shoot(page, 'flow')
    await context.close()
  }, 300_000)
})
