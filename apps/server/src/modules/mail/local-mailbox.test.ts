import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink } from '../../../test/helpers/smtp-sink.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createMailRepository, REDACTED_BODY } from './mail.repository.js'

// The local mailbox holds working sign-in and reset links: it must answer only a person at the
// machine itself, never a remote client that claims to be local in a header.

async function waitForStatus(t: TestApp, to: string, status: string) {
  for (let i = 0; i < 150; i++) {
    const row = await t.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('to_address', '=', to)
      .executeTakeFirst()
    if (row?.status === status) return row
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no ${status} mail to ${to}`)
}

const signUp = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/sign-up',
    payload: { email, password: 'mailbox pass 1' },
  })

describe('local mailbox without SMTP', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    expect((await signUp(t, 'victim@example.com')).statusCode).toBe(201)
    await waitForStatus(t, 'victim@example.com', 'local')
  })
  afterAll(() => t?.close())

  it('refuses a remote peer that claims to be 127.0.0.1 in X-Forwarded-For', async () => {
    const res = await t.app.inject({
      url: '/v1/local-mailbox',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().detail.code).toBe('mailbox_unavailable')
    expect(res.body).not.toContain('oobCode')
  })

  it('refuses a remote peer with a Forwarded header naming loopback', async () => {
    const res = await t.app.inject({
      url: '/v1/local-mailbox',
      remoteAddress: '203.0.113.7',
      headers: { forwarded: 'for=127.0.0.1' },
    })
    expect(res.statusCode).toBe(404)
  })

  it('refuses a loopback peer that forwards for someone else (a proxy on this machine)', async () => {
    const res = await t.app.inject({
      url: '/v1/local-mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    })
    expect(res.statusCode).toBe(404)
  })

  it('answers a direct loopback peer with the mail and its link', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ url: '/v1/local-mailbox', remoteAddress })
      expect(res.statusCode).toBe(200)
      const messages = res.json().messages as Array<{ to: string; text: string }>
      expect(messages.find((m) => m.to === 'victim@example.com')?.text).toContain('oobCode=')
    }
  })
})

describe('local mailbox on a listening server', () => {
  let t: TestApp
  let base: string
  beforeAll(async () => {
    // A reverse proxy on this machine, declared by the operator.
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    expect((await signUp(t, 'person@example.com')).statusCode).toBe(201)
    await waitForStatus(t, 'person@example.com', 'local')
  })
  afterAll(() => t?.close())

  it('a request through the trusted local proxy is not local, whatever address it forwards', async () => {
    for (const forwarded of ['203.0.113.9', '127.0.0.1']) {
      const res = await fetch(`${base}/v1/local-mailbox`, { headers: { 'x-forwarded-for': forwarded } })
      expect(res.status).toBe(404)
    }
  })

  it('a browser on this machine, connected directly, reads it', async () => {
    const res = await fetch(`${base}/v1/local-mailbox`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { messages: Array<{ to: string }> }
    expect(body.messages.map((m) => m.to)).toContain('person@example.com')
  })
})

describe('mail delivered by SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtpSink()
    t = await createTestApp({ smtpUrl: smtp.url })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  it('keeps no usable link in the outbox once the SMTP server has it', async () => {
    expect((await signUp(t, 'smtp-user@example.com')).statusCode).toBe(201)
    const mail = await smtp.waitFor('smtp-user@example.com')
    expect(mail.raw).toContain('oobCode')
    const row = await waitForStatus(t, 'smtp-user@example.com', 'sent')
    expect(row.text_body).toBe(REDACTED_BODY)
    expect(row.html_body).toBe('')
    expect(`${row.text_body}${row.html_body}`).not.toMatch(/oobCode|\/action\?/)
    expect(row.subject).toBe('Verify your email for Timbre')
  })

  it('the mailbox lists only mail that was never handed to SMTP', async () => {
    const repository = createMailRepository(t.database.db)
    const ids = await t.database.db
      .transaction()
      .execute(async (trx) => [
        await repository.insert(trx, { to: 'a@example.com', subject: 'kept', text: 'k', html: 'k' }),
        await repository.insert(trx, { to: 'b@example.com', subject: 'sent', text: 's', html: 's' }),
      ])
    await repository.markKeptLocally(ids[0]!)
    await repository.markSent(ids[1]!)
    const listed = (await repository.listLocal(200)).map((m) => m.id)
    expect(listed).toContain(ids[0])
    expect(listed).not.toContain(ids[1])
  })
})
