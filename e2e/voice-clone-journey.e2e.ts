import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { wavBytes } from './helpers/wav.js'

// The Add voice dialog of the voices page: it opens from the page header, asks for a name and
// samples (files, or recordings made in the browser), and on the free plan shows the server's
// refusal inside the dialog.
const journey = useJourney()

/** A tenth of a second of a soft tone as a 16 kHz WAV file. */
function toneWav(): Buffer {
  const rate = 16_000
  const data = Buffer.alloc(rate / 5)
  for (let i = 0; i < data.length / 2; i++) data.writeInt16LE(Math.round(Math.sin(i / 8) * 4000), i * 2)
  return wavBytes(data, rate)
}

describe('adding a voice by cloning', () => {
  it('opens the dialog, checks the form and shows the free-plan refusal', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `clone-${Date.now()}@example.com`,
      password: 'clone pass 2026',
      firstName: 'Cleo',
    })
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height })
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(`${journey.server.url}/app/voices`)
        await page.getByRole('button', { name: 'Add voice' }).click()
        const dialog = page.getByRole('dialog', { name: 'Add a voice by cloning' })
        await dialog.waitFor()
        // Empty form: both required fields say what is missing.
        await dialog.getByRole('button', { name: 'Clone voice' }).click()
        await dialog.getByText('Choose at least one audio file.').waitFor()
        // No microphone for this browser: recording a sample says so in the spec's words.
        await dialog.getByRole('button', { name: 'Record a sample' }).click()
        await dialog.getByText('Microphone access denied, enable in browser settings.').waitFor()
        await dialog.getByLabel('Name', { exact: true }).fill('My voice')
        await dialog.getByLabel('Audio samples').setInputFiles({
          name: 'take.wav',
          mimeType: 'audio/wav',
          buffer: toneWav(),
        })
        await dialog.getByLabel('Remove background noise').check()
        await dialog.getByRole('button', { name: 'Clone voice' }).click()
        await dialog.getByText(/free plan/).waitFor()
        expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('My voice')
        await page.screenshot({ path: `${shots}voice-add-${width}-${scheme}.png` })
        await page.keyboard.press('Escape')
      }
    }
    await context.close()
  }, 120_000)
})
