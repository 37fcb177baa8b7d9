import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createAccountsRepository } from './accounts.repository.js'
import { createSessionsRepository } from './sessions.repository.js'
import { createStaleRecordSweep } from './stale-records.js'

// Expired sessions, the refresh tokens retired from them, old sign-in failures and long-expired
// email-link codes are removed; live ones stay and keep working.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('stale account records', () => {
  it('removes what expired and keeps what still works', async () => {
    const db = t.database.db
    const expired = await createUser(t.app, t.database)
    const live = await createUser(t.app, t.database)
    // A refresh retires the first token, so the expired session also has a retired token.
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refresh_token: expired.refreshToken },
    })
    expect(refresh.statusCode).toBe(200)
    await db
      .updateTable('sessions')
      .set({
        refresh_expires_at: new Date(Date.now() - 1000),
        access_expires_at: new Date(Date.now() - 1000),
      })
      .where('user_id', '=', expired.userId)
      .execute()
    const hourAndAHalfAgo = new Date(Date.now() - 90 * 60 * 1000)
    await db
      .insertInto('sign_in_failures')
      .values([
        { email: 'old@example.com', client_address: '192.0.2.1', at: hourAndAHalfAgo },
        { email: 'new@example.com', client_address: '192.0.2.1', at: new Date() },
      ])
      .execute()
    const codeFor = (hash: string, expiresAt: Date) => ({
      code_hash: hash,
      purpose: 'verify_email' as const,
      user_id: live.userId,
      email: live.email,
      expires_at: expiresAt,
    })
    await db
      .insertInto('action_codes')
      .values([
        codeFor('stale-code', new Date(Date.now() - 2 * 24 * 3600 * 1000)),
        codeFor('recently-expired-code', new Date(Date.now() - 3600 * 1000)),
      ])
      .execute()

    const sweep = createStaleRecordSweep({
      accounts: createAccountsRepository(db),
      sessions: createSessionsRepository(db),
    })
    const removed = await sweep()
    expect(removed.sessions).toBe(1)
    expect(removed.failures).toBeGreaterThanOrEqual(1)
    expect(removed.codes).toBeGreaterThanOrEqual(1)

    const sessionsLeft = await db.selectFrom('sessions').select('user_id').execute()
    expect(sessionsLeft.map((s) => s.user_id)).not.toContain(expired.userId)
    expect(sessionsLeft.map((s) => s.user_id)).toContain(live.userId)
    expect(await db.selectFrom('retired_refresh_tokens').select('token_hash').execute()).toEqual([])
    const failures = await db.selectFrom('sign_in_failures').select('email').execute()
    expect(failures.map((f) => f.email)).toEqual(['new@example.com'])
    const codes = await db.selectFrom('action_codes').select('code_hash').execute()
    expect(codes.map((c) => c.code_hash)).toContain('recently-expired-code')
    expect(codes.map((c) => c.code_hash)).not.toContain('stale-code')

    const me = await t.app.inject({ method: 'GET', url: '/v1/user', headers: live.auth })
    expect(me.statusCode).toBe(200)
  })
})
