import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

const journey = useJourney()

/** A user whose email is verified through the mailed link, signed in through the form. */
const signedInUser = (page: Page, email: string, password: string) =>
  signUpAndSignIn(journey, page, { email, password, firstName: 'Vera' })

/** A call from inside the page: same origin, with the session cookie. */
function call<T>(
  page: Page,
  path: string,
  init?: { method?: string; json?: unknown },
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init?.method ?? 'GET',
        headers: init?.json === undefined ? {} : { 'content-type': 'application/json' },
        body: init?.json === undefined ? undefined : JSON.stringify(init.json),
      })
      const text = await response.text()
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T }
    },
    { path, init },
  )
}

type VoiceList = {
  voices: { voice_id: string; name: string; language: string | null }[]
  total_count: number
}

const cardNames = (page: Page) =>
  page.getByRole('list', { name: 'Voices' }).locator(':scope > li h2').allTextContents()

const playerAudio = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')
    return { duration: audio?.duration ?? 0, currentTime: audio?.currentTime ?? 0, src: audio?.src ?? '' }
  })

async function shoot(
  context: BrowserContext,
  url: string,
  name: string,
  ready: (page: Page) => Promise<void>,
) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await context.newPage()
      await page.setViewportSize({ width, height })
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto(url)
      try {
        await ready(page)
      } catch (error) {
        await page.screenshot({ path: `${shots}${name}-${width}-${scheme}-failed.png` })
        throw error
      }
      await page.screenshot({ path: `${shots}${name}-${width}-${scheme}.png`, fullPage: false })
      await page.close()
    }
  }
}

describe('the voice library', () => {
  it('browses, filters and pages through voices, opens one and previews it in the player', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signedInUser(page, `voices-${Date.now()}@example.com`, 'voices pass 2026')

    await page.getByRole('link', { name: 'Voices' }).first().click()
    await page.waitForURL(/\/app\/voices$/)
    await page.getByRole('heading', { name: 'Voices', level: 1 }).waitFor()
    const library = (await call<VoiceList>(page, '/v2/voices?page_size=100')).body
    expect(library.total_count).toBeGreaterThan(20)
    await expect
      .poll(() => page.getByTestId('voices-count').textContent())
      .toBe(`${library.total_count} voices`)

    // The first page holds 20 voices, by name; scrolling to the end loads the rest with the page token.
    await expect.poll(async () => (await cardNames(page)).length, { timeout: 30_000 }).toBe(20)
    const sortedNames = library.voices.map((v) => v.name).sort((a, b) => a.localeCompare(b))
    expect((await cardNames(page))[0]).toBe(sortedNames[0])
    await page.getByRole('list', { name: 'Voices' }).locator(':scope > li').last().scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 5000)
    await expect
      .poll(async () => (await cardNames(page)).length, { timeout: 15_000 })
      .toBe(library.total_count)
    expect(new Set(await cardNames(page)).size).toBe(library.total_count)

    // Search: typed words reach the address and the listing.
    await page.getByRole('searchbox', { name: 'Search by name, description or label' }).fill('Emma')
    await page.waitForURL(/[?&]q=Emma/)
    await expect.poll(() => cardNames(page)).toEqual(['Emma'])
    // Back to the whole library, as it was loaded before (both pages).
    await page.getByRole('button', { name: 'Clear filters' }).first().click()
    await expect.poll(async () => (await cardNames(page)).length).toBe(library.total_count)

    // Sort and category filters; "Mine" has nothing yet and says so.
    await page.getByLabel('Sort').selectOption({ label: 'Name Z–A' })
    await page.waitForURL(/sort=nameDesc/)
    await expect.poll(async () => (await cardNames(page))[0]).toBe(sortedNames.at(-1))
    await page.getByLabel('Category').selectOption({ label: 'Default' })
    await page.waitForURL(/category=premade/)
    await page.getByLabel('Owner').selectOption({ label: 'Mine' })
    await page.getByText('No voice matches these filters.').waitFor()
    expect(page.url()).toContain('type=personal')
    await page.getByLabel('Owner').selectOption({ label: 'All voices' })
    await expect.poll(async () => (await cardNames(page)).length).toBe(20)

    // A voice in full, and its preview played by the persistent player: a voice that is not the
    // default one, found by a search that matches it alone.
    let voice: VoiceList['voices'][number] | undefined
    for (const candidate of library.voices.filter((v) => v.language !== 'en')) {
      const found = (await call<VoiceList>(page, `/v2/voices?search=${encodeURIComponent(candidate.name)}`))
        .body
      if (found.total_count === 1) {
        voice = candidate
        break
      }
    }
    if (!voice) throw new Error('no voice is found alone by its name')
    const languageName = new Intl.DisplayNames(['en-US'], { type: 'language' }).of(voice.language ?? '') ?? ''
    await page.getByRole('searchbox', { name: 'Search by name, description or label' }).fill(voice.name)
    await expect.poll(() => cardNames(page)).toEqual([voice.name])
    await page
      .getByRole('list', { name: 'Voices' })
      .getByRole('button', { name: voice.name, exact: true })
      .click()
    const detail = page.getByRole('dialog', { name: voice.name })
    await detail.waitFor()
    expect(page.url()).toContain(`voice=${voice.voice_id}`)
    await detail.getByText('Languages').waitFor()
    await detail.getByText(languageName).first().waitFor()
    await detail.getByText(voice.voice_id).waitFor()
    await page.screenshot({ path: `${shots}voices-02-detail-1280.png` })
    await detail.getByRole('button', { name: 'Play preview' }).click()
    await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')
        return !!audio && Number.isFinite(audio.duration) && audio.duration > 0.5 && audio.currentTime > 0.2
      },
      null,
      { timeout: 30_000 },
    )
    const playing = await playerAudio(page)
    expect(playing.src).toContain(`/v1/voices/${voice.voice_id}/preview`)
    expect(await page.getByTestId('player-title').textContent()).toBe(voice.name)

    // "Use in text to speech" opens the speech page with this voice chosen.
    await detail.getByRole('link', { name: 'Use in text to speech' }).click()
    await page.waitForURL(/speech-synthesis\?voice_id=/)
    await page.getByRole('button', { name: `Voice: ${voice.name}` }).waitFor()

    // Screenshots of the library, desktop and phone, light and dark.
    await shoot(context, `${journey.server.url}/app/voices`, 'voices-01-library', async (p) => {
      await expect.poll(async () => (await cardNames(p)).length, { timeout: 30_000 }).toBe(20)
    })
    await context.close()
  })

  it('the speech page starts with an English voice and its picker reaches every voice', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signedInUser(page, `picker-${Date.now()}@example.com`, 'picker pass 2026')
    await page.goto(`${journey.server.url}/app/speech-synthesis`)
    const english = (await call<VoiceList>(page, '/v2/voices?language=en&voice_type=default&page_size=100'))
      .body
    const chosen = page.getByRole('button', { name: /^Voice: / })
    await expect
      .poll(async () => (await chosen.getAttribute('aria-label')) ?? '')
      .not.toBe('Voice: Choose a voice')
    const name = ((await chosen.getAttribute('aria-label')) ?? '').replace('Voice: ', '')
    expect(english.voices.map((v) => v.name)).toContain(name)

    // Every voice of the library is in the picker: page after page as the list scrolls.
    const all = (await call<VoiceList>(page, '/v2/voices?page_size=100')).body
    await chosen.click()
    const list = page.getByRole('dialog').getByRole('list', { name: 'Voices' })
    await list.locator('li').first().waitFor()
    for (let i = 0; i < 10; i++) {
      const more = list.getByRole('button', { name: 'Load more voices' })
      if (!(await more.count())) break
      await more.scrollIntoViewIfNeeded()
      await page.waitForTimeout(300)
    }
    await expect.poll(() => list.locator(':scope > li > button:first-child').count()).toBe(all.total_count)
    await context.close()
  })
})

describe('a workspace voice', () => {
  it('is edited and deleted from the library', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signedInUser(page, `own-voice-${Date.now()}@example.com`, 'own voice 2026')

    // The voice is created through the public API (instant voice cloning from a recording).
    // Cloning needs a paid plan: subscribe to Creator with the local provider's test card.
    const checkout = await call<{ url: string }>(page, '/create-checkout-session', {
      method: 'POST',
      json: { subscription_type: 'creator', billing_period: 'monthly_period', currency: 'usd' },
    })
    expect(checkout.status).toBe(200)
    const sessionId = decodeURIComponent(checkout.body.url.split('/').at(-1) ?? '')
    const paid = await call(page, `/v1/billing/local/checkout/${encodeURIComponent(sessionId)}/pay`, {
      method: 'POST',
      json: { card_number: '4242 4242 4242 4242' },
    })
    expect(paid.status).toBe(200)
    const library = (await call<VoiceList>(page, '/v2/voices?language=en&voice_type=default')).body
    const base = library.voices[0]
    const created = await page.evaluate(async (baseId) => {
      // The sample is real speech: generated by the server from a premade voice.
      const speech = await fetch(`/v1/text-to-speech/${baseId}?output_format=mp3_44100_128`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          text: 'This recording is the sample of a new voice. It speaks calmly and clearly, sentence after sentence, so that the voice can be learned from it. The weather today is mild, the river is quiet, and the town is waking up slowly.',
        }),
      })
      const form = new FormData()
      form.set('name', 'Journey Narrator')
      form.append('files', new File([await speech.blob()], 'sample.mp3', { type: 'audio/mpeg' }))
      const response = await fetch('/v1/voices/add', { method: 'POST', body: form })
      return { status: response.status, body: (await response.json()) as { voice_id?: string } }
    }, base?.voice_id)
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const voiceId = created.body.voice_id as string

    await page.goto(`${journey.server.url}/app/voices?type=personal`)
    await expect.poll(() => cardNames(page)).toEqual(['Journey Narrator'])
    await page
      .getByRole('list', { name: 'Voices' })
      .getByRole('button', { name: 'Journey Narrator', exact: true })
      .click()
    const detail = page.getByRole('dialog', { name: 'Journey Narrator', exact: true })
    await detail.getByRole('button', { name: 'Edit' }).click()

    // The edit form checks before it sends: a name is required.
    const form = page.getByRole('dialog', { name: 'Edit voice' })
    await form.getByLabel('Name', { exact: true }).fill('  ')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByText('Enter a name.').waitFor()
    await form.getByLabel('Name', { exact: true }).fill('Harbour Narrator')
    await form.getByLabel('Description (optional)').fill('Calm and clear, for long reads.')
    await form.getByRole('button', { name: 'Add label' }).click()
    const rows = await form.getByRole('textbox', { name: /^Label \d+ name$/ }).count()
    await form.getByRole('textbox', { name: `Label ${rows} name` }).fill('mood')
    await form.getByRole('textbox', { name: `Label ${rows} value` }).fill('serene')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Voice saved').first().waitFor()
    await form.waitFor({ state: 'detached' })
    const edited = await call<{ name: string; description: string; labels: Record<string, string> }>(
      page,
      `/v1/voices/${voiceId}`,
    )
    expect(edited.body).toMatchObject({
      name: 'Harbour Narrator',
      description: 'Calm and clear, for long reads.',
      labels: expect.objectContaining({ mood: 'serene' }),
    })
    await page.getByRole('dialog', { name: 'Harbour Narrator', exact: true }).getByText('serene').waitFor()

    // Delete through the confirm dialog, whose button waits a few seconds first.
    await page
      .getByRole('dialog', { name: 'Harbour Narrator', exact: true })
      .getByRole('button', { name: 'Delete' })
      .click()
    const confirm = page.getByRole('dialog', { name: 'Delete Harbour Narrator?' })
    const button = confirm.getByRole('button', { name: /^Delete/ })
    expect(await button.isDisabled()).toBe(true)
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true)
    await button.click()
    await page.getByText('Harbour Narrator was deleted').first().waitFor()
    await page.getByText('No voice matches these filters.').waitFor()
    expect((await call(page, `/v1/voices/${voiceId}`)).status).toBe(404)
    await context.close()
  })
})

describe('a shared item', () => {
  it('opens signed out in the product look, with the real voice name, and plays', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signedInUser(page, `share-${Date.now()}@example.com`, 'share pass 2026')
    const english = (await call<VoiceList>(page, '/v2/voices?language=en&voice_type=default')).body
    const voice = english.voices[1] ?? english.voices[0]
    const made = await page.evaluate(async (voiceId) => {
      const response = await fetch(`/v1/text-to-speech/${voiceId}?output_format=mp3_44100_128`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'A shared line, spoken for anyone with the link.' }),
      })
      return { status: response.status, id: response.headers.get('history-item-id') }
    }, voice?.voice_id)
    expect(made.status).toBe(200)
    const history = (await call<{ history: { history_item_id: string }[] }>(page, '/v1/history')).body
    const itemId = made.id ?? history.history[0]?.history_item_id
    const link = (await call<{ share_link: string }>(page, `/v1/history/${itemId}/share-link`)).body
      .share_link
    await context.close()

    // Signed out: a new browser context without the session.
    const visitor = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } })
    const publicPage = await visitor.newPage()
    await publicPage.goto(link)
    await publicPage.getByRole('heading', { level: 1, name: voice?.name }).waitFor()
    expect(await publicPage.title()).toBe(`${voice?.name} · Timbre`)
    await publicPage.getByRole('link', { name: 'Timbre' }).first().waitFor()
    await publicPage.evaluate(() => document.querySelector('audio')?.play())
    await publicPage.waitForFunction(
      () => {
        const audio = document.querySelector('audio')
        return !!audio && audio.duration > 0.5 && audio.currentTime > 0.2
      },
      null,
      { timeout: 20_000 },
    )
    // The theme chosen in the app carries over to the share page.
    await publicPage.evaluate(() => localStorage.setItem('xi:theme', 'dark'))
    await publicPage.reload()
    expect(await publicPage.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await publicPage.evaluate(() => localStorage.removeItem('xi:theme'))
    await shoot(visitor, link, 'share-page', async (p) => {
      await p.getByRole('heading', { level: 1 }).waitFor()
    })
    await visitor.close()
  })
})
