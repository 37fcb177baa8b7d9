import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { buildEpub } from '../apps/server/test/helpers/documents.js'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

const journey = useJourney()

/** Screenshots at the desktop and phone widths, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({ path: `${shots}studio-${name}-${scheme}-${width}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('the Studio project editor', () => {
  it('makes a project from an EPUB, edits a chapter, and meets a second tab with the conflict choice', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `studio-${Date.now()}@example.com`,
      password: 'studio pass 2026',
      firstName: 'Stella',
    })
    const epubPath = join(tmpdir(), `studio-${Date.now()}.epub`)
    writeFileSync(
      epubPath,
      buildEpub([
        { title: 'The Harbour', paragraphs: ['Boats rocked in the grey water.', 'Gulls argued overhead.'] },
        { title: 'The Lighthouse', paragraphs: ['The lamp turned all night.'] },
      ]),
    )

    await page.getByRole('link', { name: 'Studio' }).first().click()
    await page.getByRole('heading', { name: 'Studio', exact: true }).waitFor()
    await page.getByLabel('Project name').fill('Harbour book')
    await page.getByLabel('Start from a document (optional)').setInputFiles(epubPath)
    await page.getByRole('button', { name: 'Create from document' }).click()
    await page.getByRole('heading', { name: 'Harbour book' }).waitFor()
    await page.getByText('A Test Book · Ada Author').waitFor()
    const chapters = page.getByRole('navigation', { name: 'Chapters' })
    await chapters.getByRole('button', { name: 'The Harbour' }).waitFor()
    await chapters.getByRole('button', { name: 'The Lighthouse' }).waitFor()
    const firstText = page.getByRole('textbox', { name: 'Text of block 2' })
    expect(await firstText.inputValue()).toBe('Boats rocked in the grey water.')
    await page.screenshot({ path: `${shots}studio-editor.png`, fullPage: true })

    // A second tab opens the same chapter before the first one saves.
    const second = await context.newPage()
    await second.goto(page.url())
    const secondText = second.getByRole('textbox', { name: 'Text of block 2' })
    await secondText.waitFor()

    await firstText.fill('Boats rocked in the silver water.')
    await page.getByText('Unsaved changes').waitFor()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Chapter saved').first().waitFor()

    await secondText.fill('Boats slept in the black water.')
    await second.getByRole('button', { name: 'Save' }).click()
    await second.getByText('Conflict detected with server').waitFor()
    await second.screenshot({ path: `${shots}studio-conflict.png` })
    await second.getByRole('button', { name: 'Discard my changes' }).click()
    await expect.poll(() => secondText.inputValue()).toBe('Boats rocked in the silver water.')

    // Phone width: the chapters and the editor stack.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${shots}studio-editor-phone.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })

    // Convert the chapter: the progress bar runs to the end, then the player and exports appear.
    await page.reload()
    await page.getByRole('button', { name: 'Convert chapter' }).click()
    const bar = page.getByRole('progressbar', { name: 'Conversion progress' })
    await bar.waitFor()
    const seen = new Set<string>()
    await expect
      .poll(
        async () => {
          seen.add((await bar.getAttribute('aria-valuenow')) ?? '')
          return page.getByTestId('conversion-state').textContent()
        },
        { timeout: 120_000, interval: 100 },
      )
      .toBe('Converted')
    expect(await bar.getAttribute('aria-valuenow')).toBe('100')
    expect(seen.size).toBeGreaterThan(0)
    await page.getByLabel('Chapter audio').waitFor()
    // Export the chapter as a job: its progress bar, then the download link for the file.
    await page.getByRole('button', { name: 'Export chapter as MP3' }).click()
    const exportBar = page.getByRole('progressbar', { name: 'Export progress' })
    const download = page.getByRole('link', { name: 'Download The Harbour.mp3' })
    await exportBar.or(download).first().waitFor()
    const exportSeen: number[] = []
    await expect
      .poll(
        async () => {
          const now = await exportBar.getAttribute('aria-valuenow', { timeout: 50 }).catch(() => null)
          if (now !== null && exportSeen.length === 0)
            await page.screenshot({ path: `${shots}studio-export-running.png` }).catch(() => undefined)
          if (now !== null) exportSeen.push(Number(now))
          return download.isVisible()
        },
        { timeout: 120_000, interval: 100 },
      )
      .toBe(true)
    for (let i = 1; i < exportSeen.length; i++)
      expect(exportSeen[i]!).toBeGreaterThanOrEqual(exportSeen[i - 1]!)
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
    expect(file.suggestedFilename()).toBe('The Harbour.mp3')
    const saved = join(tmpdir(), `studio-export-${Date.now()}.mp3`)
    await file.saveAs(saved)
    expect(readFileSync(saved).subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff)/)
    // Generated paragraphs can be locked; a locked one cannot be regenerated.
    await page.getByRole('button', { name: 'Lock', exact: true }).first().click()
    await page.getByRole('button', { name: 'Unlock', exact: true }).first().waitFor()
    await shoot(page, 'converted')
    await context.close()
  })
})
