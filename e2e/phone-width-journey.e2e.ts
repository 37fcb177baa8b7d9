import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

const journey = useJourney()

/** A page at a width and theme, signed in with the cookies of `from`. */
async function viewAs(browser: Browser, from: Page, width: number, theme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    storageState: await from.context().storageState(),
  })
  await context.addInitScript((t) => window.localStorage.setItem('xi:theme', t), theme)
  return context.newPage()
}

/** How far the document reaches past the viewport, and the widest elements that make it so. */
async function overflow(page: Page): Promise<{ scroll: number; width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const culprits: string[] = []
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const box = el.getBoundingClientRect()
      if (box.right > width + 1 && box.width > 0 && culprits.length < 5) {
        const text = (el.textContent ?? '').trim().slice(0, 40)
        culprits.push(
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${text}" → ${Math.round(box.right)}`,
        )
      }
    }
    return { scroll: document.documentElement.scrollWidth, width, culprits }
  })
}

describe('a new user on a phone', () => {
  it('reaches every navigation page at 360 and 390 px without sideways scrolling', async () => {
    // A long address: the greeting and account menu must wrap it, not widen the page.
    const email = `phone-width-with-a-rather-long-address-${Date.now()}@example-company.com`
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    // No first name: the greeting shows the address itself.
    await signUpAndSignIn(journey, page, { email, password: 'phone width pass 2026', firstName: '' })

    // One generation with a long text, so the home page's recent list has a row to fit.
    const generated = await page.evaluate(async () => {
      const voices = (await (await fetch('/v1/voices')).json()) as { voices: { voice_id: string }[] }
      const text =
        'A rather long first sentence that no phone could show on one line without cutting it short.'
      const answer = await fetch(`/v1/text-to-speech/${voices.voices[0]?.voice_id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      })
      return answer.status
    })
    expect(generated).toBe(200)

    // Every page the sidebar offers this user. Home names the plan, not its internal code.
    await page.goto(`${journey.server.url}/app/home`)
    await page.getByText(/Plan: Free/).waitFor()
    const side = page.locator('nav').filter({ has: page.locator('#nav-group-create') })
    await side.locator('a').first().waitFor()
    const paths = await side
      .locator('a')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
    expect(paths.length).toBeGreaterThanOrEqual(15)

    const failures: string[] = []
    for (const width of [360, 390]) {
      const view = await viewAs(journey.browser, page, width, 'light')
      for (const path of paths) {
        await view.goto(`${journey.server.url}${path}`)
        await view.locator('main h1').first().waitFor()
        await view.waitForLoadState('networkidle')
        const seen = await overflow(view)
        if (seen.scroll > seen.width)
          failures.push(`${path} at ${width}: ${seen.scroll} px; ${seen.culprits.join(' | ')}`)
      }
      await view.context().close()
    }
    expect(failures).toEqual([])

    // The podcast page starts on a format this server can make; a conversation needs a language
    // model this server has not got, and says so in words a user understands.
    await page.goto(`${journey.server.url}/app/studio/create-podcast`)
    await expect.poll(() => page.getByLabel(/^Turns/).isChecked()).toBe(true)
    expect(await page.getByLabel(/^Conversation/).isDisabled()).toBe(true)
    await page.getByText(/needs a language model/).waitFor()

    // Screenshots at desktop and phone widths, light and dark, of the pages people meet first.
    for (const width of [1280, 390]) {
      for (const theme of ['light', 'dark'] as const) {
        const view = await viewAs(journey.browser, page, width, theme)
        for (const path of [
          '/app/home',
          '/app/sound-effects',
          '/app/studio/create-podcast',
          '/app/subscription',
        ]) {
          await view.goto(`${journey.server.url}${path}`)
          await view.locator('main h1').first().waitFor()
          await view.waitForLoadState('networkidle')
          const name = path.split('/').filter(Boolean).slice(1).join('-')
          await view.screenshot({ path: `${shots}phone-width-${name}-${width}-${theme}.png`, fullPage: true })
        }
        await view.context().close()
      }
    }
    await context.close()
  })
})
