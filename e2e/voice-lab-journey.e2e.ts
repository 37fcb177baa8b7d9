import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { wavFile } from './helpers/wav.js'

const journey = useJourney()

/** Two seconds of a voiced glide (a pitch to follow), as a 16-bit WAV file. */
function voicedWav(): string {
  const rate = 16_000
  const n = rate * 2
  const data = Buffer.alloc(n * 2)
  let phase = 0
  for (let i = 0; i < n; i++) {
    phase += (2 * Math.PI * (110 + 30 * Math.sin((2 * Math.PI * i) / n))) / rate
    let s = 0
    for (let h = 1; h <= 8; h++) s += Math.sin(phase * h) / h
    data.writeInt16LE(Math.round(s * 0.25 * 32767), i * 2)
  }
  return wavFile(data, rate, 'my take.wav')
}

const playing = (page: Page) =>
  page.waitForFunction(
    () => {
      const audio = document.querySelector('audio')
      return !!audio && Number.isFinite(audio.duration) && audio.duration > 0 && audio.currentTime > 0.1
    },
    null,
    { timeout: 120_000 },
  )

async function fourShots(page: Page, name: string) {
  await page.screenshot({ path: `${shots}${name}-1280-light.png`, fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: `${shots}${name}-1280-dark.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${shots}${name}-390-dark.png`, fullPage: true })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.screenshot({ path: `${shots}${name}-390-light.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('the voice lab', () => {
  it('designs a voice from a description and changes a recording into another voice', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `voicelab-${Date.now()}@example.com`,
      password: 'voice lab pass 2026',
      firstName: 'Lab',
    })

    await page.goto(`${journey.server.url}/app/voice-lab/design`)
    await page.getByLabel('Voice description').fill('A deep')
    await expect.poll(() => page.getByText('Describe the voice in at least 20 characters.').count()).toBe(1)
    await page.getByLabel('Voice description').fill('A deep, calm older man with a British accent')
    await page.getByLabel('Preview text').fill('Too short for a preview.')
    await expect.poll(() => page.getByRole('button', { name: 'Generate previews' }).isDisabled()).toBe(true)
    await page.getByLabel('Preview text').fill('')
    await page.getByRole('button', { name: 'Generate previews' }).click()
    await page.getByRole('button', { name: 'Use this voice' }).nth(2).waitFor({ timeout: 120_000 })
    await page.getByRole('button', { name: 'Play preview 2' }).click()
    await playing(page)
    await page.getByRole('button', { name: 'Use this voice' }).first().click()
    await page.getByLabel('Voice name').fill('Old sailor')
    await fourShots(page, 'voice-design')
    await page.getByRole('button', { name: 'Create voice' }).click()
    await page.getByText('Voice Old sailor created').first().waitFor()

    await page.goto(`${journey.server.url}/app/voice-changer`)
    await page.getByRole('button', { name: 'Record', exact: true }).click()
    await page.getByText('Microphone access denied, enable in browser settings.').first().waitFor()
    await page.getByLabel('Upload a recording').setInputFiles(voicedWav())
    await page.getByLabel('Target voice').selectOption({ label: 'Old sailor' })
    await page.getByRole('button', { name: 'Convert', exact: true }).click()
    await playing(page)
    expect(await page.getByTestId('player-title').textContent()).toContain('my take.wav')
    await fourShots(page, 'voice-changer')
    await context.close()
  })
})
