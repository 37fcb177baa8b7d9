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

/** The first chapter's text as the server has it. */
async function serverText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const projectId = window.location.pathname.split('/').pop()
    const listed = await fetch(`/v1/studio/projects/${projectId}/chapters`).then((r) => r.json())
    const chapter = await fetch(
      `/v1/studio/projects/${projectId}/chapters/${listed.chapters[0].chapter_id}`,
    ).then((r) => r.json())
    return (chapter.content.blocks as Array<{ nodes: Array<{ text: string }> }>)
      .map((block) => block.nodes.map((node) => node.text).join(''))
      .join('\n')
  })
}

describe('the Studio project editor', () => {
  it("writes a chapter in the editor, casts two characters, fixes a word's pronunciation, plays from a paragraph and from a sentence with the spoken word marked, keeps and picks takes, regenerates one sentence (and undoes it), restores a snapshot, exports, reloads and still downloads", async () => {
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
        { title: 'The Harbour', paragraphs: ['Boats rocked in the grey water.'] },
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
    await chapters.getByRole('button', { name: 'The Lighthouse' }).waitFor()
    // Not converted yet: the chapter says why it cannot be exported.
    await page.getByText('This chapter cannot be exported until it is converted').waitFor()

    // Write in the document editor: a new paragraph of dialogue after the first one.
    const editor = page.getByRole('textbox', { name: 'Text of chapter The Harbour' })
    await editor.getByText('Boats rocked in the grey water.').click()
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('“Look at the boats,” said Anna. “They are leaving.”')
    await page.keyboard.press('Enter')
    await page.keyboard.type('“Let them go,” Marcus replied.')
    // Saved as it is written, with no Save button.
    await expect.poll(() => serverText(page), { timeout: 20_000 }).toContain('“Let them go,” Marcus replied.')
    await page.getByText('All changes saved').waitFor()
    // Undo and redo are the editor's own.
    await page.keyboard.press('Control+z')
    await expect.poll(() => editor.textContent()).not.toContain('Marcus replied')
    await page.getByRole('button', { name: 'Redo' }).click()
    await expect.poll(() => editor.textContent()).toContain('Marcus replied')
    await expect.poll(() => serverText(page), { timeout: 20_000 }).toContain('“Let them go,” Marcus replied.')
    await page.screenshot({ path: `${shots}studio-editor.png`, fullPage: true })

    // A second tab of the same project is told that Studio edits in one place.
    const second = await context.newPage()
    await second.goto(page.url())
    await second.getByText('Studio does not support multiple editors or tabs.').waitFor()
    await second.screenshot({ path: `${shots}studio-second-tab.png` })
    await second.close()
    // So is another browser signed in as the same user (the server's lease, not the tab's lock).
    const otherBrowser = await journey.browser.newContext({ storageState: await context.storageState() })
    const elsewhere = await otherBrowser.newPage()
    await elsewhere.goto(page.url())
    await elsewhere
      .getByText('Studio does not support multiple editors or tabs.')
      .waitFor({ timeout: 20_000 })
    await otherBrowser.close()

    // Someone saves the chapter elsewhere; the next autosave meets the conflict, and discarding
    // takes the server's copy.
    const projectId = await page.evaluate(() => window.location.pathname.split('/').pop())
    const chapterId = await page.evaluate(async (projectId) => {
      const listed = await fetch(`/v1/studio/projects/${projectId}/chapters`).then((r) => r.json())
      const id = listed.chapters[0].chapter_id as string
      await fetch(`/v1/studio/projects/${projectId}/chapters/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'The Harbour' }),
      })
      return id
    }, projectId)
    expect(chapterId).toBeTruthy()
    await editor.getByText('Let them go').click()
    await page.keyboard.type(' Quietly.')
    await page.getByText('Conflict detected with server').first().waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Discard my changes' }).click()
    await page.getByText('All changes saved').waitFor()
    await expect.poll(() => editor.textContent()).not.toContain('Quietly.')

    // Cast two characters: found in the text, each given a voice, applied to the book.
    await page.getByRole('button', { name: 'Find characters' }).click()
    const annaVoice = page.getByLabel('Voice of Anna')
    const marcusVoice = page.getByLabel('Voice of Marcus')
    await annaVoice.waitFor()
    await annaVoice.selectOption({ index: 2 })
    await marcusVoice.selectOption({ index: 3 })
    await page.getByRole('button', { name: 'Cast the book' }).click()
    await page.getByText(/Cast applied/).waitFor()
    // The quotes are now spans read by the characters' voices.
    await expect
      .poll(() => editor.locator('[data-span-voice]').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3)
    await page.screenshot({ path: `${shots}studio-cast.png`, fullPage: true })

    // Fix a word's pronunciation in place: select it, hear it, give it an alias, add it to the
    // project's dictionary.
    await editor.getByText('Boats rocked').click()
    await page.keyboard.press('Home')
    await page.keyboard.press('Control+Shift+ArrowRight')
    const pronounce = page.getByRole('region', { name: 'Pronunciation of “Boats”' })
    await pronounce.waitFor()
    await pronounce.getByRole('button', { name: 'Hear it' }).click()
    await expect
      .poll(() => pronounce.getByRole('button', { name: 'Hear it' }).isEnabled(), { timeout: 30_000 })
      .toBe(true)
    await pronounce.getByLabel('Say it as').fill('Bohts')
    await pronounce.getByRole('button', { name: 'Add to project dictionary' }).click()
    await pronounce.getByText('is now said this way in every chapter').waitFor()
    expect(await pronounce.getByRole('alert').count()).toBe(0)

    // Convert the chapter: the progress bar runs to the end.
    await page.getByRole('button', { name: 'Convert chapter' }).click()
    await expect
      .poll(() => page.getByTestId('conversion-state').textContent(), { timeout: 120_000, interval: 200 })
      .toBe('Converted')
    // The chapter plays in the app's player, not in the browser's own control.
    await page.getByRole('button', { name: 'Play chapter' }).waitFor()
    expect(await page.locator('section[aria-label="Conversion"] audio').count()).toBe(0)

    // Play from the dialogue paragraph in the app's player: that paragraph is marked as read.
    await editor.getByText('Let them go').click()
    const play = page.getByRole('button', { name: 'Play from here' })
    await expect.poll(() => play.isEnabled(), { timeout: 20_000 }).toBe(true)
    await play.click()
    await editor.locator('[data-reading="true"]').waitFor({ timeout: 20_000 })
    expect(await editor.locator('[data-reading="true"]').textContent()).toContain('Let them go')
    // The word being spoken is marked inside it, and the mark moves on as the player plays.
    const spoken = editor.locator('[data-reading="true"] [data-spoken-word="true"]')
    await spoken.first().waitFor({ timeout: 20_000 })
    const heard = new Set<string>()
    for (let i = 0; i < 40 && heard.size < 2; i++) {
      const word = await spoken
        .first()
        .textContent({ timeout: 1_000 })
        .catch(() => null)
      if (word) heard.add(word.trim())
      await page.waitForTimeout(50)
    }
    expect(heard.size).toBeGreaterThanOrEqual(2)
    for (const word of heard) expect(['Let', 'them', 'go', 'Marcus', 'replied']).toContain(word)
    await page.screenshot({ path: `${shots}studio-playing.png`, fullPage: true })

    // Regenerate that paragraph: the first take is kept beside the new one, either can be heard,
    // and picking the first makes it the chapter's audio again. One free regeneration is left.
    await page.getByRole('button', { name: 'Regenerate', exact: true }).click()
    const takes = page.getByRole('region', { name: 'Takes' }).getByTestId('take')
    await expect.poll(() => takes.count(), { timeout: 120_000, interval: 300 }).toBe(2)
    await page.getByTestId('free-regenerations-left').getByText('Free regenerations left: 1').waitFor()
    const first = takes.filter({ hasText: 'Take 1' })
    await first.getByRole('button', { name: 'Play' }).click()
    await first.getByRole('button', { name: 'Use this take' }).click()
    await first.getByText('In use').waitFor()
    await takes.filter({ hasText: 'Take 2' }).getByRole('button', { name: 'Use this take' }).waitFor()
    await shoot(page, 'takes')

    // Play from a sentence: the cursor in the second sentence of Anna's paragraph starts the
    // player there, and only that sentence's words are marked as spoken.
    await editor.getByText('They are leaving').click()
    await expect.poll(() => play.isEnabled(), { timeout: 20_000 }).toBe(true)
    await play.click()
    const annaReading = editor.locator('[data-reading="true"]')
    await expect
      .poll(() => annaReading.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('They are leaving')
    const heardInSentence = new Set<string>()
    for (let i = 0; i < 40 && heardInSentence.size < 2; i++) {
      const word = await spoken
        .first()
        .textContent({ timeout: 1_000 })
        .catch(() => null)
      if (word) heardInSentence.add(word.trim())
      await page.waitForTimeout(50)
    }
    expect(heardInSentence.size).toBeGreaterThanOrEqual(1)
    for (const word of heardInSentence) expect(['They', 'are', 'leaving']).toContain(word)
    await shoot(page, 'sentence-playing')

    // Regenerate only that sentence: a new take of the paragraph, free (one of its two free
    // regenerations), which can be undone (the first take picked again) and picked back.
    await page.getByRole('button', { name: 'Regenerate sentence' }).click()
    const regenerated = page.getByRole('status').filter({ hasText: 'Sentence regenerated' })
    await regenerated.waitFor({ timeout: 60_000 })
    expect(await regenerated.textContent()).toContain('They are leaving.')
    expect(await regenerated.textContent()).not.toContain('Look at the boats')
    expect(await regenerated.textContent()).toContain('Free regeneration.')
    await expect.poll(() => takes.count(), { timeout: 20_000 }).toBe(2)
    await takes.filter({ hasText: 'Take 2' }).getByText('In use').waitFor()
    await page.getByTestId('free-regenerations-left').getByText('Free regenerations left: 1').waitFor()
    await shoot(page, 'sentence-regenerated')
    await regenerated.getByRole('button', { name: 'Undo' }).click()
    await takes.filter({ hasText: 'Take 1' }).getByText('In use').waitFor({ timeout: 20_000 })
    await takes.filter({ hasText: 'Take 2' }).getByRole('button', { name: 'Use this take' }).click()
    await takes.filter({ hasText: 'Take 2' }).getByText('In use').waitFor({ timeout: 20_000 })

    // A change after the conversion, then the chapter restored to its snapshot: the text and the
    // audio it had go back, and the chapter is converted again without rendering anything.
    await editor.getByText('Boats rocked').click()
    await page.keyboard.press('End')
    await page.keyboard.type(' Quietly.')
    await expect.poll(() => serverText(page), { timeout: 20_000 }).toContain('Quietly.')
    await page.getByText('All changes saved').waitFor()
    const snapshots = page.getByRole('region', { name: 'Snapshots' })
    const snapshot = snapshots.getByTestId('snapshot').first()
    await snapshot.getByRole('button', { name: 'Play' }).click()
    await snapshot.getByRole('button', { name: 'Restore' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click()
    await snapshots.getByText('Restored.').waitFor({ timeout: 20_000 })
    await expect.poll(() => editor.textContent(), { timeout: 20_000 }).not.toContain('Quietly.')
    await expect.poll(() => serverText(page)).not.toContain('Quietly.')
    await expect
      .poll(() => page.getByTestId('conversion-state').textContent(), { timeout: 20_000 })
      .toBe('Converted')
    await shoot(page, 'snapshots')

    // Export the chapter; after a reload its download is still offered, and downloads.
    await page.getByRole('button', { name: 'Export chapter as MP3' }).click()
    const download = page.getByRole('link', { name: 'Download The Harbour.mp3' })
    await download.waitFor({ timeout: 120_000 })
    await page.reload()
    await download.waitFor({ timeout: 20_000 })
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
    expect(file.suggestedFilename()).toBe('The Harbour.mp3')
    const saved = join(tmpdir(), `studio-export-${Date.now()}.mp3`)
    await file.saveAs(saved)
    expect(readFileSync(saved).subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff)/)

    // A generated paragraph can be locked at the cursor.
    await editor.getByText('Boats rocked').click()
    await page.getByRole('button', { name: 'Lock', exact: true }).click()
    await page.getByRole('button', { name: 'Unlock', exact: true }).waitFor()
    await shoot(page, 'converted')

    // Another browser is told the project is being edited; when the first browser closes it,
    // the other takes the editor over by itself.
    const other = await journey.browser.newContext({ storageState: await context.storageState() })
    const later = await other.newPage()
    await later.goto(page.url())
    await later.getByText('Studio does not support multiple editors or tabs.').waitFor({ timeout: 20_000 })
    await page.close()
    await later.getByRole('textbox', { name: 'Text of chapter The Harbour' }).waitFor({ timeout: 45_000 })
    await other.close()
    await context.close()
  }, 420_000)
})
