import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

// Agent operations as a user meets them: a test written in the form and run on an agent with the
// built-in engine (each run's status shown), a SIP trunk number added, a batch file refused for
// its missing column, a chart of the dashboard's own added; each page looked at on a desktop and
// a phone, light and dark.

const journey = useJourney()

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
      // The page keeps its state (a run's results): the theme is switched in place.
      await page.waitForTimeout(200)
      await page.screenshot({ path: `${shots}agent-ops-${name}-${label}-${theme}.png`, fullPage: true })
      const scroll = await page.evaluate(() => {
        const width = document.documentElement.clientWidth
        const wide = Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > width + 1)
          .slice(0, 3)
          .map((el) => `${el.tagName}.${String(el.className).slice(0, 50)}`)
        return { over: document.documentElement.scrollWidth - width, wide }
      })
      expect(
        scroll.over,
        `${name} at ${width}px scrolls sideways: ${scroll.wide.join(' | ')}`,
      ).toBeLessThanOrEqual(1)
    }
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('agent operations', () => {
  it('writes a test, runs it on an agent, adds a number and checks a batch file', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signUpAndSignIn(journey, page, {
      email: `agent-ops-${Date.now()}@example.com`,
      password: 'agent ops pass 2026',
      firstName: 'Ada',
    })
    const created = await page.evaluate(async () => {
      const answer = await fetch('/v1/convai/agents/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Front desk',
          conversation_config: {
            agent: {
              prompt: {
                prompt: 'Front desk',
                built_in_tools: {
                  end_call: {
                    name: 'end_call',
                    description: 'Ends',
                    params: { system_tool_type: 'end_call' },
                  },
                },
              },
            },
          },
        }),
      })
      return answer.status
    })
    expect(created).toBe(200)

    await page.goto(`${journey.server.url}/app/agents/tests`)
    await page.getByLabel('Kind of test').selectOption('tool')
    await page.getByLabel('Name', { exact: true }).fill('Hangs up on goodbye')
    await page.getByLabel("The caller's message").fill('Thanks, goodbye!')
    await page.getByLabel('Expected tool (id or name)').fill('end_call')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('button', { name: 'Hangs up on goodbye' }).waitFor()

    await page.getByLabel('Kind of test').selectOption('llm')
    await page.getByLabel('Name', { exact: true }).fill('Ends without a user message')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('A test should end with a user message.').waitFor()
    await page.getByLabel("The caller's message").fill('When do you open?')
    await page.getByLabel('Success condition').fill('Says "nine".')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('button', { name: 'Ends without a user message' }).waitFor()

    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Front desk' })
    await page.getByRole('button', { name: 'Run all tests' }).click()
    await page.getByText('Passed').waitFor({ timeout: 30_000 })
    await page.getByText('Failed').waitFor({ timeout: 30_000 })
    await shoot(page, 'tests')

    await page.goto(`${journey.server.url}/app/agents/phone-numbers`)
    await page.getByLabel('Provider').selectOption('sip_trunk')
    await page.getByLabel('Phone number', { exact: true }).fill('12345')
    await page.getByLabel('Label', { exact: true }).fill('Trunk')
    await page.getByLabel('Trunk address').fill('sip.example.com:5061')
    await page.getByRole('button', { name: 'Add number' }).click()
    await page
      .getByText(/international format/i)
      .first()
      .waitFor()
    await page.getByLabel('Phone number', { exact: true }).fill('+442071838750')
    await page.getByRole('button', { name: 'Add number' }).click()
    await page.getByText('+442071838750').waitFor()
    await shoot(page, 'numbers')

    await page.goto(`${journey.server.url}/app/agents/batch-calls`)
    await page.getByLabel('Recipients file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,number\nAnn,+15550001\n'),
    })
    await page.getByText('The phone_number column is required.').waitFor()
    await page.getByLabel('Recipients file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('phone_number,first_message\n+15550001,"Hi Ann, it\'s Timbre"\n+15550002,\n'),
    })
    await page.getByText('2 recipients').waitFor()
    await shoot(page, 'batch')

    // The dashboard: its figures for the range, and a range of a week re-asks the server.
    await page.getByRole('link', { name: 'Analytics' }).click()
    await page.getByTestId('agent-analytics-summary').getByText('Conversations').waitFor()
    await page.getByLabel('Time range').selectOption('7d')
    await page.getByText('Conversations per 4 hours').waitFor()
    // The workspace's own chart: one evaluation criterion followed over the range, kept on reload.
    await page.getByRole('heading', { name: 'Call success' }).waitFor()
    await page.getByRole('button', { name: 'Add chart' }).click()
    await page.getByLabel('Name', { exact: true }).fill('Politeness')
    await page.getByLabel('Criterion ID').fill('polite')
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByRole('heading', { name: 'Politeness' }).waitFor()
    await page.reload()
    await page.getByRole('heading', { name: 'Politeness' }).waitFor()
    await shoot(page, 'analytics')
    await context.close()
  })
})
