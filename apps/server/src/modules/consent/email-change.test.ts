import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { startSmtpSink } from '../../../test/helpers/smtp-sink.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Email change through real mail: the code reaches the new address over SMTP and the revert
// link reaches the old one.

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await createTestApp({ smtpUrl: smtp.url })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
const codeIn = (raw: string) => /: (\d{6})/.exec(unfolded(raw))?.[1] ?? ''
const revertCodeIn = (raw: string) =>
  new URL(
    /https?:\/\/[^\s"<>]+\/email-change\/revert\?[^\s"<>]+/.exec(unfolded(raw))?.[0].replace(/&amp;/g, '&') ??
      'http://x/',
  ).searchParams.get('verification_code') ?? ''

async function mailWith(to: string, text: string) {
  for (let i = 0; i < 100; i++) {
    const found = smtp.received.find((m) => m.to.includes(to) && unfolded(m.raw).includes(text))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`no mail to ${to} with ${text}`)
}

const send = (user: TestUser, newEmail: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/user/send-email-change-verification',
    headers: user.auth,
    payload: { new_email: newEmail },
  })
const confirm = (user: TestUser, code: string) =>
  t.app.inject({ method: 'PUT', url: `/v1/user/email?verification_code=${code}`, headers: user.auth })
const emailOf = async (user: TestUser) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
  ).email

describe('email change', () => {
  it('refuses the same address, an address in use and a bad one, sending nothing', async () => {
    const user = await createUser(t.app, t.database)
    const other = await createUser(t.app, t.database)
    expect((await send(user, user.email.toUpperCase())).json().detail.code).toBe('email_change_same_address')
    const inUse = await send(user, other.email)
    expect(inUse.statusCode).toBe(409)
    expect(inUse.json().detail.code).toBe('email_taken')
    expect((await send(user, 'not an address')).statusCode).toBe(422)
    expect(
      await t.database.db
        .selectFrom('email_changes')
        .selectAll()
        .where('user_id', '=', user.userId)
        .execute(),
    ).toEqual([])
  })

  it('changes the address with the mailed code after refusing a wrong one, then reverts from the old address', async () => {
    const user = await createUser(t.app, t.database)
    const oldEmail = user.email
    const newEmail = `moved-${Date.now()}@example.com`
    expect((await confirm(user, '123456')).json().detail.code).toBe('email_change_not_pending')
    expect((await send(user, newEmail)).json()).toEqual({ status: 'success', new_email: newEmail })
    const code = codeIn((await smtp.waitFor(newEmail)).raw)
    expect(code).toMatch(/^\d{6}$/)

    const wrong = await confirm(user, code === '000000' ? '111111' : '000000')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().detail.code).toBe('email_change_code_invalid')
    expect(await emailOf(user)).toBe(oldEmail)

    const done = await confirm(user, code)
    expect(done.json()).toEqual({ status: 'success', email: newEmail })
    expect(await emailOf(user)).toBe(newEmail)
    // The code is spent.
    expect((await confirm(user, code)).statusCode).toBe(400)

    const revertCode = revertCodeIn((await mailWith(oldEmail, '/email-change/revert')).raw)
    expect(revertCode).toMatch(/^rv_/)
    // The old address's owner needs no session to take the account back.
    const reverted = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/email?verification_code=${encodeURIComponent(revertCode)}&is_reverting=true`,
    })
    expect(reverted.json()).toEqual({ status: 'success', email: oldEmail })
    expect(await emailOf(user)).toBe(oldEmail)
    const again = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/email?verification_code=${encodeURIComponent(revertCode)}&is_reverting=true`,
    })
    expect(again.json().detail.code).toBe('email_revert_code_invalid')
  })

  it('voids a pending change after too many wrong codes', async () => {
    const user = await createUser(t.app, t.database)
    await send(user, `tries-${Date.now()}@example.com`)
    for (let i = 0; i < 5; i++) expect((await confirm(user, 'abcdef')).statusCode).toBe(400)
    expect((await confirm(user, 'abcdef')).statusCode).toBe(429)
  })
})
