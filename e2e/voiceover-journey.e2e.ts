import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

const journey = useJourney()

/** Screenshots at the desktop and phone widths, light and dark. */
async function screenshots(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({ path: `${shots}${name}-${width}-${scheme}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

const clips = (page: Page) => page.locator('[data-testid="voiceover-clip"]')
const leftOf = (page: Page, index: number) =>
  clips(page)
    .nth(index)
    .evaluate((el) => (el as HTMLElement).style.left)

describe('Voiceover Studio', () => {
  it('places a speaker clip, refuses a clip dropped over it with the message, renders and plays the mix', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `voiceover-${Date.now()}@example.com`,
      password: 'voiceover pass 2026',
      firstName: 'Vera',
    })

    await page.getByRole('link', { name: 'Voiceover Studio' }).first().click()
    await page.getByRole('heading', { name: 'Voiceover Studio', exact: true }).waitFor()
    await page.getByLabel('Project name').fill('Launch trailer')
    await page.getByLabel('Timeline length in seconds').fill('20')
    await page.getByRole('button', { name: 'Create project' }).click()
    await page.getByRole('heading', { name: 'Launch trailer' }).waitFor()

    // A speaker clip at the playhead (0 s) with its text spoken by the track's voice.
    await page.getByLabel('Text to speak').fill('Welcome to the launch of our new studio.')
    await page.getByRole('button', { name: 'Add clip', exact: true }).click()
    await expect.poll(() => clips(page).count(), { timeout: 60_000 }).toBe(1)
    await clips(page).first().getByText('Welcome to the launch').waitFor()

    // A second, empty clip at 12 s: the ruler moves the playhead there.
    const ruler = page.getByRole('slider', { name: 'Playhead' })
    const box = await ruler.boundingBox()
    if (!box) throw new Error('no ruler')
    await page.mouse.click(box.x + 12 * 60 + 1, box.y + box.height / 2)
    await page.getByText('Playhead 0:12.0').waitFor()
    await page.getByRole('button', { name: 'Add clip', exact: true }).click()
    await expect.poll(() => clips(page).count()).toBe(2)
    const before = await leftOf(page, 1)

    // Dropping the second clip over the first is refused with the placement message.
    const first = await clips(page).nth(0).boundingBox()
    const second = await clips(page).nth(1).boundingBox()
    if (!first || !second) throw new Error('no clips')
    await page.mouse.move(second.x + 10, second.y + second.height / 2)
    await page.mouse.down()
    await page.mouse.move(second.x - 200, second.y + second.height / 2, { steps: 5 })
    await page.mouse.move(first.x + 20, second.y + second.height / 2, { steps: 5 })
    await page.mouse.up()
    await page.getByText('Invalid placement: the clip overlaps another clip.').first().waitFor()
    await page.screenshot({ path: `${shots}voiceover-overlap-message.png` })
    await expect.poll(() => leftOf(page, 1)).toBe(before)

    // The keyboard shortcuts are listed with ?.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('?')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
    await page.keyboard.press('Escape')

    // The speaker track's voice and a dubbed track's language are chosen in the editor.
    const voiceSelect = page.getByLabel('Voice of Speaker 1')
    const voices = await voiceSelect
      .locator('option')
      .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value))
    const current = await voiceSelect.inputValue()
    const chosen = voices.find((v) => v !== current) ?? ''
    expect(chosen).not.toBe('')
    await voiceSelect.selectOption(chosen)
    await page.getByLabel('Type of the new track').selectOption('dubbed_speaker')
    await page.locator('#voiceover-new-language').selectOption('de')
    await page.getByRole('button', { name: 'Add track' }).click()
    await page.getByText('DE · Dubbed speaker').waitFor()
    await page.getByLabel('Language of Dubbed speaker 1').selectOption('fr')
    await page.getByText('FR · Dubbed speaker').waitFor()
    await page.reload()
    await page.getByText('FR · Dubbed speaker').waitFor()
    expect(await page.getByLabel('Voice of Speaker 1').inputValue()).toBe(chosen)
    expect(await page.getByLabel('Language of Dubbed speaker 1').inputValue()).toBe('fr')
    await page.getByTestId('track-settings').scrollIntoViewIfNeeded()
    await screenshots(page, 'voiceover-track-settings')

    // Render the whole mix, then hear it in the player.
    await page.getByRole('button', { name: 'Render mix' }).click()
    const player = page.locator('[data-testid="voiceover-player"]')
    await player.waitFor({ timeout: 120_000 })
    const heard = await page.evaluate(async () => {
      const el = document.querySelector('[data-testid="voiceover-player"]') as HTMLAudioElement
      const bytes = await (await fetch(el.src)).arrayBuffer()
      const audio = await new AudioContext().decodeAudioData(bytes)
      const samples = audio.getChannelData(0)
      const rms = (from: number, to: number) => {
        let sum = 0
        const a = Math.round(from * audio.sampleRate)
        const b = Math.round(to * audio.sampleRate)
        for (let i = a; i < b; i++) sum += (samples[i] ?? 0) ** 2
        return Math.sqrt(sum / Math.max(1, b - a))
      }
      return { duration: audio.duration, speech: rms(0.1, 1.5), after: rms(10, 19) }
    })
    expect(heard.duration).toBeGreaterThan(19.9)
    expect(heard.duration).toBeLessThan(20.2)
    expect(heard.speech).toBeGreaterThan(0.01)
    expect(heard.after).toBeLessThan(0.002)
    await player.evaluate((el) => (el as HTMLAudioElement).play())
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[data-testid="voiceover-player"]') as HTMLAudioElement | null
        return !!el && el.currentTime > 0.2
      },
      null,
      { timeout: 60_000 },
    )
    await player.evaluate((el) => (el as HTMLAudioElement).pause())

    await screenshots(page, 'voiceover-editor')
    await page.goto(`${journey.server.url}/app/voiceover`)
    await page.getByText('Launch trailer').waitFor()
    await screenshots(page, 'voiceover-projects')
    await context.close()
  })
})
