import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

const journey = useJourney()

/** Screenshots at the desktop and phone widths, light and dark. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({
        path: `${shots}workspace-${name}-${scheme}-${width}.png`,
        fullPage: width === 1280,
      })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

type Mine = { workspace_id: string; name: string; is_current: boolean }
/** The workspaces the signed-in user of a page belongs to, read with its session. */
const myWorkspaces = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/v1/workspaces')).json()) as { workspaces: Mine[] }).workspaces,
  )

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
  return { context, page: await context.newPage() }
}

describe('a workspace admin and a member', () => {
  it('invites by mail, the member accepts and switches workspace, then a group restriction takes text to speech away', async () => {
    const stamp = Date.now()
    const adminEmail = `ws-admin-${stamp}@example.com`
    const memberEmail = `ws-member-${stamp}@example.com`
    const admin = await newPage()
    const member = await newPage()
    await signUpAndSignIn(journey, admin.page, {
      email: adminEmail,
      password: 'admin pass 2026',
      firstName: 'Ada',
    })
    await signUpAndSignIn(journey, member.page, {
      email: memberEmail,
      password: 'member pass 2026',
      firstName: 'Max',
    })

    // Free plans have one seat: the admin takes the Scale plan (three seats) with the test card.
    await admin.page.goto(`${journey.server.url}/pricing`)
    await admin.page.getByTestId('plan-card-growing_business').getByRole('button').click()
    await admin.page.waitForURL(/\/checkout\/cs_/)
    await admin.page.getByLabel('Card number').fill('4242424242424242')
    await admin.page.getByRole('button', { name: /^Pay / }).click()
    await admin.page.waitForURL(/\/app\/subscription/)

    // Members: the owner alone, one of three seats; the invite dialog sends a mailed code.
    await admin.page.goto(`${journey.server.url}/app/workspace/settings/members`)
    await admin.page.getByText('1 of 3 seats used').waitFor()
    await shoot(admin.page, 'members')
    await admin.page.getByRole('button', { name: 'Invite members' }).click()
    const dialog = admin.page.getByRole('dialog', { name: 'Invite to the workspace' })
    await dialog.getByLabel('Email').fill(memberEmail)
    await shoot(admin.page, 'invite-dialog')
    await dialog.getByRole('button', { name: 'Send invite' }).click()
    await dialog.waitFor({ state: 'detached' })
    await admin.page.getByText('2 of 3 seats used').waitFor()
    await admin.page.goto(`${journey.server.url}/app/workspace/settings/invites`)
    await admin.page.getByTestId('invite-row').filter({ hasText: memberEmail }).waitFor()
    await shoot(admin.page, 'invites')

    // Secrets: the admin adds one in a masked field; the list shows its name, never its value.
    const secretValue = `tok-journey-${stamp}`
    await admin.page.goto(`${journey.server.url}/app/workspace/settings/secrets`)
    await admin.page.getByText('No secrets yet.').waitFor()
    await admin.page.getByRole('button', { name: 'Add secret' }).click()
    const secretDialog = admin.page.getByRole('dialog', { name: 'Add secret' })
    await secretDialog.getByLabel('Name').fill('CRM token')
    await secretDialog.getByLabel('Value').fill(secretValue)
    expect(await secretDialog.getByLabel('Value').getAttribute('type')).toBe('password')
    await shoot(admin.page, 'secret-dialog')
    await secretDialog.getByRole('button', { name: 'Save' }).click()
    await secretDialog.waitFor({ state: 'detached' })
    const secretRow = admin.page.getByTestId('secret-row').filter({ hasText: 'CRM token' })
    await secretRow.getByText('Not used').waitFor()
    await secretRow.getByText('Value hidden').waitFor()
    expect(await admin.page.content()).not.toContain(secretValue)
    const listed = await admin.page.evaluate(async () => (await fetch('/v1/convai/secrets')).text())
    expect(listed).toContain('CRM token')
    expect(listed).not.toContain(secretValue)
    await shoot(admin.page, 'secrets')

    // The member opens the mailed link while signed in: the invite page, then accept.
    const link = await journey.smtp.linkMatching(memberEmail, /invite_code=/)
    expect(new URL(link).pathname).toBe('/sign-in')
    const before = await myWorkspaces(member.page)
    expect(before).toHaveLength(1)
    const ownWorkspace = before[0] as Mine
    await member.page.goto(link)
    await member.page.waitForURL(/\/workspace\/invites\//)
    await member.page.getByRole('button', { name: 'Accept invite' }).waitFor()
    // The page names who sent the invite and to which address before asking for an answer.
    const summary = await member.page.getByTestId('invite-summary').innerText()
    expect(summary).toContain('invited you to join')
    expect(summary).toContain(memberEmail)
    await shoot(member.page, 'accept-invite')
    await member.page.getByRole('button', { name: 'Accept invite' }).click()
    await member.page.waitForURL(/\/app\/home/)
    const joined = await myWorkspaces(member.page)
    expect(joined).toHaveLength(2)
    const teamWorkspace = joined.find((w) => w.workspace_id !== ownWorkspace.workspace_id) as Mine
    expect(teamWorkspace.is_current).toBe(true)
    // The code is spent: replaying it is refused.
    const replay = await member.page.evaluate(
      async (code) => (await fetch(`/v1/workspace/invites/${code}/accept`, { method: 'POST' })).status,
      new URL(link).searchParams.get('invite_code'),
    )
    expect(replay).toBe(404)

    // The switcher lists both; choosing the member's own workspace reloads into it, and back.
    const switcher = member.page.getByRole('button', { name: new RegExp(`Workspace: ${teamWorkspace.name}`) })
    await switcher.click()
    await member.page.getByRole('menuitem', { name: new RegExp(ownWorkspace.name) }).waitFor()
    await member.page.screenshot({ path: `${shots}workspace-switcher-open.png` })
    await member.page.getByRole('menuitem', { name: new RegExp(ownWorkspace.name) }).click()
    await member.page.getByRole('button', { name: new RegExp(`Workspace: ${ownWorkspace.name}`) }).waitFor()
    expect((await myWorkspaces(member.page)).find((w) => w.is_current)?.workspace_id).toBe(
      ownWorkspace.workspace_id,
    )
    await member.page.getByRole('button', { name: new RegExp(`Workspace: ${ownWorkspace.name}`) }).click()
    await member.page.getByRole('menuitem', { name: new RegExp(teamWorkspace.name) }).click()
    await member.page.getByRole('button', { name: new RegExp(`Workspace: ${teamWorkspace.name}`) }).waitFor()

    // In the team workspace the member has text to speech, and the admin pages are refused.
    await member.page.goto(`${journey.server.url}/app/speech-synthesis`)
    const nav = member.page.getByRole('navigation', { name: 'Main' }).first()
    await nav.getByRole('link', { name: 'Text to speech' }).waitFor()
    await member.page.goto(`${journey.server.url}/app/workspace/settings/members`)
    await member.page.getByText('Only workspace admins can change this setting.').waitFor()
    await shoot(member.page, 'member-refused')

    // A member reads the secrets' names without any control to change them; the admin deletes it.
    await member.page.goto(`${journey.server.url}/app/workspace/settings/secrets`)
    await member.page.getByTestId('secret-row').filter({ hasText: 'CRM token' }).waitFor()
    await member.page.getByText('Only workspace admins can add, change or delete secrets.').waitFor()
    expect(await member.page.getByRole('button', { name: 'Add secret' }).count()).toBe(0)
    expect(await member.page.getByRole('button', { name: 'Actions for CRM token' }).count()).toBe(0)
    await shoot(member.page, 'secrets-member')
    await admin.page.goto(`${journey.server.url}/app/workspace/settings/secrets`)
    await admin.page.getByRole('button', { name: 'Actions for CRM token' }).click()
    await admin.page.getByRole('menuitem', { name: 'Delete' }).click()
    const confirmDelete = admin.page.getByRole('dialog', { name: 'Delete CRM token?' })
    await shoot(admin.page, 'secret-delete')
    await confirmDelete.getByRole('button', { name: 'Delete' }).click()
    await confirmDelete.waitFor({ state: 'detached' })
    await admin.page.getByText('No secrets yet.').waitFor()

    // The admin restricts text to speech: off in the Everyone group, kept for a Writers group.
    await admin.page.goto(`${journey.server.url}/app/workspace/settings/groups`)
    await admin.page.getByRole('button', { name: 'Create group' }).click()
    await admin.page.getByLabel('Group name').fill('Writers')
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Create group' }).click()
    await admin.page.getByTestId('group-row').filter({ hasText: 'Writers' }).waitFor()
    // A group cannot lose what Everyone still grants: the page says so.
    await admin.page
      .getByTestId('group-row')
      .filter({ hasText: 'Writers' })
      .getByRole('button', { name: 'Manage' })
      .click()
    const writers = admin.page.getByRole('dialog', { name: 'Writers' })
    await writers.getByRole('switch', { name: 'Text to speech' }).click()
    await writers.getByText('Any feature must be disabled in the Everyone group first.').waitFor()
    await shoot(admin.page, 'group-dialog')
    await writers.getByRole('button', { name: 'Close' }).click()
    await admin.page
      .getByTestId('group-row')
      .filter({ hasText: 'Everyone' })
      .getByRole('button', { name: 'Manage' })
      .click()
    const everyone = admin.page.getByRole('dialog', { name: 'Everyone' })
    const tts = everyone.getByRole('switch', { name: 'Text to speech' })
    expect(await tts.getAttribute('aria-checked')).toBe('true')
    await tts.click()
    await expect.poll(() => tts.getAttribute('aria-checked')).toBe('false')
    await everyone.getByRole('button', { name: 'Close' }).click()
    await shoot(admin.page, 'groups')

    // The member loses it: no nav item, the page refuses, the API answers 403.
    await member.page.goto(`${journey.server.url}/app/speech-synthesis`)
    await member.page.getByTestId('product-refused').waitFor()
    await member.page
      .getByText('Your workspace groups do not give you access to this product.', { exact: false })
      .waitFor()
    expect(await nav.getByRole('link', { name: 'Text to speech' }).count()).toBe(0)
    await shoot(member.page, 'product-refused')
    const status = await member.page.evaluate(async () => {
      const voices = (await (await fetch('/v1/voices')).json()) as { voices: { voice_id: string }[] }
      const res = await fetch(`/v1/text-to-speech/${voices.voices[0]?.voice_id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Hello' }),
      })
      return { status: res.status, code: ((await res.json()) as { detail?: { code?: string } }).detail?.code }
    })
    expect(status).toEqual({ status: 403, code: 'product_access_denied' })

    // The admin still has it (admins have every product).
    await admin.page.goto(`${journey.server.url}/app/speech-synthesis`)
    expect(await admin.page.getByTestId('product-refused').count()).toBe(0)

    // Adding the member to Writers (which grants text to speech) gives it back.
    await admin.page.goto(`${journey.server.url}/app/workspace/settings/groups`)
    await admin.page
      .getByTestId('group-row')
      .filter({ hasText: 'Writers' })
      .getByRole('button', { name: 'Manage' })
      .click()
    const writersAgain = admin.page.getByRole('dialog', { name: 'Writers' })
    await writersAgain.getByLabel('Add member').selectOption(memberEmail)
    await writersAgain.getByRole('button', { name: 'Add member' }).click()
    await writersAgain.getByText(memberEmail).waitFor()
    await member.page.goto(`${journey.server.url}/app/speech-synthesis`)
    await nav.getByRole('link', { name: 'Text to speech' }).waitFor()
    expect(await member.page.getByTestId('product-refused').count()).toBe(0)

    await admin.context.close()
    await member.context.close()
  })
})
