import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { launchChromium } from './helpers/browser.js'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { wavFile } from './helpers/wav.js'

// An agent as its builder meets it: made from a template, given a knowledge document, and
// talked to in the playground by voice through Chromium's fake microphone (playing a question
// our own speech engine said). The transcript shows what the agent heard and its answer from the
// document; the conversation is listed with its recording, which plays in the persistent player.

const journey = useJourney()
const RATE = 16_000
const QUESTION = 'When does the bakery open on Saturday?'

async function speech(page: Page, text: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (text) => {
    const voices = (await (await fetch('/v1/voices')).json()) as {
      voices: { voice_id: string; name: string }[]
    }
    const voice = voices.voices.find((v) => v.name === 'Emma')
    const res = await fetch(`/v1/text-to-speech/${voice?.voice_id}?output_format=pcm_16000`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    })
    const bytes = new Uint8Array(await res.arrayBuffer())
    let binary = ''
    for (const b of bytes) binary += String.fromCharCode(b)
    return btoa(binary)
  }, text)
  return Buffer.from(base64, 'base64')
}

async function shoot(page: Page, name: string) {
  for (const [width, label] of [
    [1280, 'desktop'],
    [390, 'phone'],
  ] as const)
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
      await page.evaluate((t) => {
        window.localStorage.setItem('xi:theme', t)
        document.documentElement.classList.toggle('dark', t === 'dark')
      }, theme)
      await page.waitForTimeout(200)
      await page.screenshot({ path: `${shots}agents-${name}-${label}-${theme}.png`, fullPage: true })
      const over = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(over, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(1)
    }
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('agents', () => {
  it('builds an agent from a template, talks to it by voice and plays the call back', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const setup = await context.newPage()
    await signUpAndSignIn(journey, setup, {
      email: `agents-${Date.now()}@example.com`,
      password: 'agents pass 2026',
      firstName: 'Bea',
    })
    const said = await speech(setup, QUESTION)
    const file = wavFile(
      Buffer.concat([Buffer.alloc(RATE), said, Buffer.alloc(RATE * 6)]),
      RATE,
      'question.wav',
    )
    const created = await setup.evaluate(async () => {
      const answer = await fetch('/v1/convai/knowledge-base/text', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Opening hours',
          text: 'The bakery opens at seven in the morning on Saturday and closes at two in the afternoon. On Sunday the bakery is closed.',
        }),
      })
      return answer.status
    })
    expect(created).toBe(200)
    const session = await context.storageState()
    const origin = new URL(setup.url()).origin
    await context.close()

    const browser = await launchChromium([
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${file}`,
      '--autoplay-policy=no-user-gesture-required',
    ])
    try {
      const talking = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        storageState: session,
      })
      await talking.grantPermissions(['microphone'], { origin })
      const page = await talking.newPage()
      await page.goto(`${origin}/app/agents`)
      await page.getByRole('button', { name: /Support agent/ }).click()
      await page.waitForURL(/\/app\/agents\/agent_/)
      await page.getByRole('tab', { name: 'Knowledge' }).click()
      const use = page.getByRole('checkbox', { name: 'Opening hours' })
      await use.check()
      await expect.poll(() => use.isChecked()).toBe(true)
      await page.waitForTimeout(500)
      await shoot(page, 'knowledge')

      await page.getByRole('button', { name: 'Start a voice call' }).click()
      const playground = page.getByTestId('playground')
      // The greeting, then what the agent heard and its answer from the document.
      await playground
        .getByText(/Saturday/i)
        .first()
        .waitFor({ timeout: 60_000 })
      await playground.getByText(/seven in the morning/).waitFor({ timeout: 60_000 })
      const heard = await playground.locator('li').allTextContents()
      // What the recogniser heard of the question (its exact words may vary a little).
      expect(heard.join(' | ')).toMatch(/You[^|]*bakery[^|]*saturday/i)
      await shoot(page, 'voice-call')
      await playground.getByRole('button', { name: 'End', exact: true }).click()

      // The call is listed; its recording plays in the persistent player.
      const play = page.getByRole('button', { name: 'Play recording' }).first()
      await expect.poll(() => play.isEnabled(), { timeout: 30_000 }).toBe(true)
      await play.click()
      const audio = page.getByTestId('player-audio')
      await expect
        .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 20_000 })
        .toBeGreaterThan(0.3)
      await shoot(page, 'conversations')
      await talking.close()
    } finally {
      await browser.close()
    }
  }, 240_000)
})
