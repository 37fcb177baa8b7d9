import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { wavBytes } from './helpers/wav.js'

// The Productions marketplace as its three people meet it: a customer orders a human-edited
// transcript of a transcript they have and pays with credits; a producer applies, is approved
// by an administrator, claims the task, edits it in the transcript editor, saves and submits;
// the administrator approves, and the customer downloads the deliverable.

const ADMIN = `productions-admin-${Date.now()}@example.com`
const journey = useJourney({ PRODUCTIONS_ADMIN_EMAILS: ADMIN })

/** Screenshots at the desktop and phone widths, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({ path: `${shots}productions-${name}-${scheme}-${width}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function person(browser: Browser, name: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  const page = await context.newPage()
  await signUpAndSignIn(journey, page, { email, password: `${name} pass 2026 ok`, firstName: name })
  return page
}

/** A short recording in a premade voice, transcribed through the API as the page's user. */
async function transcribe(page: Page, text: string): Promise<void> {
  const pcm = await page.evaluate(async (text) => {
    const voices = (await (await fetch('/v1/voices')).json()) as {
      voices: { voice_id: string; name: string }[]
    }
    const voice = voices.voices.find((v) => v.name === 'Emma')
    const res = await fetch(`/v1/text-to-speech/${voice?.voice_id}?output_format=pcm_16000`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text, model_id: 'eleven_multilingual_v2' }),
    })
    return Array.from(new Uint8Array(await res.arrayBuffer()))
  }, text)
  const wav = Array.from(wavBytes(Buffer.from(pcm), 16_000))
  const status = await page.evaluate(async (wav) => {
    const form = new FormData()
    form.append('model_id', 'scribe_v1')
    form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'river walk.wav')
    return (await fetch('/v1/speech-to-text', { method: 'POST', body: form })).status
  }, wav)
  expect(status).toBe(200)
}

describe('productions', () => {
  it('a transcript is ordered, claimed, edited, submitted, approved and downloaded', async () => {
    const customer = await person(journey.browser, 'Casey', `customer-${Date.now()}@example.com`)
    await transcribe(customer, 'We walked along the river.')
    await customer.getByRole('link', { name: 'Productions' }).first().click()
    const quote = customer.getByTestId('production-quote')
    await quote.waitFor({ timeout: 30_000 })
    expect(await quote.textContent()).toContain('9,900 credits')
    await customer.getByLabel('Custom name').fill('River walk')
    await shoot(customer, 'new')
    await customer.getByRole('button', { name: 'Order and pay with credits' }).click()
    await customer.waitForURL(/\/app\/productions\/[^/]+$/)
    const order = customer.getByTestId('production-order')
    await expect.poll(() => order.getAttribute('data-status'), { timeout: 20_000 }).toBe('in_progress')
    const orderUrl = customer.url()

    const producerEmail = `producer-${Date.now()}@example.com`
    const producer = await person(journey.browser, 'Pat', producerEmail)
    await producer.goto(`${journey.server.url}/app/productions/work`)
    await producer.getByLabel('First name').fill('Pat')
    await producer.getByLabel('Email').fill(producerEmail)
    await producer.getByLabel('Start date').fill('2026-12-01')
    await producer.getByLabel('Context: your experience').fill('Ten years of court reporting.')
    await producer.getByLabel('Transcript', { exact: true }).check()
    await shoot(producer, 'apply')
    await producer.getByRole('button', { name: 'Apply' }).click()
    await producer.getByText('Your application: pending review.').waitFor({ timeout: 20_000 })

    const admin = await person(journey.browser, 'Alex', ADMIN)
    await admin.goto(`${journey.server.url}/app/productions/review`)
    await admin.getByText(producerEmail).waitFor({ timeout: 20_000 })
    await admin.getByRole('button', { name: 'Approve' }).first().click()
    await expect.poll(() => admin.getByText(producerEmail).count(), { timeout: 20_000 }).toBe(0)

    await producer.reload()
    const board = producer.getByTestId('production-board')
    await board.getByText('River walk').waitFor({ timeout: 20_000 })
    await shoot(producer, 'board')
    await board.getByRole('button', { name: 'Claim' }).click()
    const editor = producer.getByTestId('transcript-editor')
    await editor.waitFor({ timeout: 30_000 })
    const words = producer.getByTestId('transcript-word')
    await words.first().dblclick()
    const input = producer.getByTestId('word-input')
    await input.fill('Yesterday')
    await input.press('Enter')
    await expect.poll(() => editor.getAttribute('data-version'), { timeout: 30_000 }).toBe('1')
    await producer.getByRole('button', { name: 'Save', exact: true }).click()
    await producer.getByText('Saved.').first().waitFor({ timeout: 20_000 })
    await shoot(producer, 'editor')
    await producer.getByRole('button', { name: 'Submit for review' }).click()
    await producer.getByText('Under review').waitFor({ timeout: 20_000 })

    await admin.reload()
    const item = admin.getByTestId('review-item')
    await expect.poll(() => item.textContent(), { timeout: 20_000 }).toMatch(/Yesterday/)
    await item.getByLabel('Feedback for the producer').fill('Clean and accurate.')
    await shoot(admin, 'review')
    await item.getByRole('button', { name: 'Approve' }).click()
    await admin.getByText('Nothing is waiting for review.').waitFor({ timeout: 20_000 })

    await customer.goto(orderUrl)
    await expect.poll(() => order.getAttribute('data-status'), { timeout: 30_000 }).toBe('complete')
    await shoot(customer, 'complete')
    const [download] = await Promise.all([
      customer.waitForEvent('download'),
      customer.getByRole('link', { name: 'Download River walk.txt' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('River walk.txt')
    expect(readFileSync((await download.path()) ?? '', 'utf8')).toMatch(/^Yesterday/)
  })
})
