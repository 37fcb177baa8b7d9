import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { buildEpub } from '../apps/server/test/helpers/documents.js'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

// The journey's server has no language model configured, so a podcast conversation is refused
// with the server's message while the turns mode works.
const journey = useJourney()

/** Screenshots at the desktop and phone widths, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({ path: `${shots}studio-publish-${name}-${scheme}-${width}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** A PNG drawn in the browser: a cover a person might upload. */
async function coverPng(page: Page, label: string, hue: number): Promise<string> {
  const dataUrl = await page.evaluate(
    ([text, h]) => {
      const canvas = document.createElement('canvas')
      canvas.width = 344
      canvas.height = 344
      const g = canvas.getContext('2d') as CanvasRenderingContext2D
      const gradient = g.createLinearGradient(0, 0, 344, 344)
      gradient.addColorStop(0, `hsl(${h} 70% 55%)`)
      gradient.addColorStop(1, `hsl(${Number(h) + 50} 70% 30%)`)
      g.fillStyle = gradient
      g.fillRect(0, 0, 344, 344)
      g.fillStyle = '#fff'
      g.font = 'bold 40px sans-serif'
      g.fillText(String(text), 28, 190)
      return canvas.toDataURL('image/png')
    },
    [label, hue] as const,
  )
  const path = join(tmpdir(), `cover-${Date.now()}-${hue}.png`)
  writeFileSync(path, Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'))
  return path
}

describe('publishing a Studio project', () => {
  it('uploads a cover, publishes, plays the public page, shows changes as a draft and unpublishes', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `publish-${Date.now()}@example.com`,
      password: 'publish pass 2026',
      firstName: 'Paula',
    })
    const epubPath = join(tmpdir(), `publish-${Date.now()}.epub`)
    writeFileSync(
      epubPath,
      buildEpub([
        { title: 'The Harbour', paragraphs: ['Boats rocked in the grey water.', 'Gulls argued overhead.'] },
      ]),
    )
    await page.getByRole('link', { name: 'Studio' }).first().click()
    await page.getByLabel('Project name').fill('Harbour book')
    await page.getByLabel('Start from a document (optional)').setInputFiles(epubPath)
    await page.getByRole('button', { name: 'Create from document' }).click()
    await page.getByRole('heading', { name: 'Harbour book' }).waitFor()

    // A file that is not an image is refused with the server's words; a PNG becomes the cover.
    const notImage = join(tmpdir(), `not-image-${Date.now()}.png`)
    writeFileSync(notImage, 'just some text pretending to be a picture')
    await page.getByLabel('Upload a cover image').setInputFiles(notImage)
    await page.getByText('The cover image must be a JPEG, PNG, SVG or WebP image.').waitFor()
    await page.getByLabel('Upload a cover image').setInputFiles(await coverPng(page, 'Harbour', 210))
    await page.getByTestId('studio-cover').waitFor()
    await expect
      .poll(() => page.getByTestId('studio-cover').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(344)

    // Publishing waits for the conversion.
    const state = page.getByTestId('publishing-state')
    expect(await state.textContent()).toBe('Draft')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('Convert the chapter “The Harbour” before publishing').waitFor()
    await page.getByRole('button', { name: 'Convert chapter' }).click()
    await expect
      .poll(() => page.getByTestId('conversion-state').textContent(), { timeout: 120_000, interval: 200 })
      .toBe('Converted')

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    const seen = new Set<string>()
    await expect
      .poll(
        async () => {
          seen.add((await state.textContent()) ?? '')
          return state.textContent()
        },
        { timeout: 120_000, interval: 50 },
      )
      .toBe('Published')
    expect(seen.has('Publishing') || seen.has('Published')).toBe(true)
    const link = page.getByTestId('public-page-link')
    const publicUrl = (await link.getAttribute('href')) ?? ''
    expect(publicUrl).toMatch(/\/listen\/[\w-]+$/)
    await shoot(page, 'editor')

    // The public page, signed out: title, author, cover and a chapter that plays.
    const visitor = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const reader = await visitor.newPage()
    await reader.goto(publicUrl)
    await reader.getByRole('heading', { name: 'A Test Book' }).waitFor()
    await reader.getByText('by Ada Author').waitFor()
    await reader.getByText('Free preview: you can listen to the first 5 minutes of each chapter.').waitFor()
    await expect
      .poll(() => reader.locator('img.cover').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(344)
    const audio = reader.getByLabel('The Harbour')
    await audio.click()
    await audio.evaluate((a: HTMLAudioElement) => a.play())
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0.2)
    await audio.evaluate((a: HTMLAudioElement) => a.pause())
    await shoot(reader, 'public-page')

    // A new cover is a change: the editor shows a draft, the page keeps the published version.
    await page.getByLabel('Replace the cover image').setInputFiles(await coverPng(page, 'Lighthouse', 20))
    await expect.poll(() => state.textContent()).toBe('Draft')
    await page
      .getByText('Unpublished changes: the public page still serves the last published version')
      .waitFor()
    await shoot(page, 'unpublished-changes')
    await page.getByRole('button', { name: 'Republish' }).click()
    await expect.poll(() => state.textContent(), { timeout: 120_000, interval: 50 }).toBe('Published')

    // Unpublished, the page is gone.
    await page.getByRole('button', { name: 'Unpublish' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click()
    await expect.poll(() => state.textContent()).toBe('Draft')
    const gone = await reader.goto(publicUrl)
    expect(gone?.status()).toBe(404)
    await reader.getByRole('heading', { name: 'Audiobook not found' }).waitFor()
    await visitor.close()
    await context.close()
  })

  it('creates a podcast from text: conversation shown unavailable without a language model, turns open a Studio project', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `podcast-${Date.now()}@example.com`,
      password: 'podcast pass 2026',
      firstName: 'Pia',
    })
    await page.getByRole('link', { name: 'Podcasts' }).first().click()
    await page.getByRole('heading', { name: 'Create a podcast' }).waitFor()
    await page
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('Tides rise twice a day.\n\nThe moon pulls the sea.\n\nSailors plan by the tables.')
    // Without a language model the conversation format is offered as unavailable, with the reason.
    expect(await page.getByLabel(/^Conversation/).isDisabled()).toBe(true)
    await page.getByText('writing a conversation needs a language model').waitFor()
    await shoot(page, 'podcast-unavailable')

    expect(await page.getByLabel(/^Turns/).isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Create podcast' }).click()
    await page.waitForURL(/\/app\/studio\/(?!create-podcast)[^/]+$/)
    await page.getByRole('navigation', { name: 'Chapters' }).waitFor()
    await context.close()
  })
})
