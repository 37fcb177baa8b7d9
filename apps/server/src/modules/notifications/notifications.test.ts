import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const list = (user: TestUser, query = '') =>
  t.app.inject({ url: `/v1/notifications${query}`, headers: user.auth })
const read = (user: TestUser, id: string) =>
  t.app.inject({ method: 'POST', url: `/v1/notifications/${id}/read`, headers: user.auth })

type Message = {
  message_id: string
  kind: string
  has_been_read: boolean
  severity: string
  needs_attention: boolean
}

describe('notifications', () => {
  it('a new account has one unread welcome message; reading it clears the unread count', async () => {
    const user = await createUser(t.app, t.database)
    const res = await list(user)
    expect(res.statusCode).toBe(200)
    const body = res.json() as { notifications: Message[]; unread_count: number }
    expect(body.unread_count).toBe(1)
    expect(body.notifications).toEqual([
      expect.objectContaining({
        kind: 'welcome',
        severity: 'info',
        title: 'Welcome to Timbre',
        needs_attention: false,
        has_been_read: false,
        params: expect.objectContaining({ credits: 10_000 }),
      }),
    ])
    const created = (body.notifications[0] as unknown as { create_date_unix_ms: number }).create_date_unix_ms
    expect(Math.abs(created - Date.now())).toBeLessThan(60_000)

    const id = body.notifications[0]?.message_id as string
    const marked = await read(user, id)
    expect(marked.statusCode).toBe(200)
    expect(marked.json().has_been_read).toBe(true)
    const after = (await list(user)).json()
    expect(after.unread_count).toBe(0)
    expect((await list(user, '?unread_only=true')).json().notifications).toEqual([])
    // Reading again is harmless.
    expect((await read(user, id)).statusCode).toBe(200)
  })

  it("another user's message is not found; bad queries are 422", async () => {
    const owner = await createUser(t.app, t.database)
    const stranger = await createUser(t.app, t.database)
    const id = (await list(owner)).json().notifications[0].message_id as string
    const res = await read(stranger, id)
    expect(res.statusCode).toBe(404)
    expect(res.json().detail.code).toBe('notification_not_found')
    expect((await list(owner)).json().unread_count).toBe(1)
    expect((await list(owner, '?page_size=0')).statusCode).toBe(422)
    expect((await list(owner, '?page_size=101')).statusCode).toBe(422)
  })

  it('warns once per period when credits run low, and again when they run out', async () => {
    const user = await createUser(t.app, t.database)
    const workspaceId = await workspaceIdOf(t.database.db, user.userId)
    const setUsed = (n: number) =>
      t.database.db
        .updateTable('subscriptions')
        .set({ character_count: n })
        .where('workspace_id', '=', workspaceId)
        .execute()

    await setUsed(7_999)
    expect((await list(user)).json().notifications.map((n: Message) => n.kind)).toEqual(['welcome'])
    await setUsed(8_000)
    const low = (await list(user)).json()
    expect(low.notifications.map((n: Message) => n.kind)).toEqual(['credits_low', 'welcome'])
    expect(low.notifications[0]).toMatchObject({ severity: 'warning', needs_attention: true })
    expect((await list(user)).json().notifications).toHaveLength(2)

    await setUsed(10_000)
    const out = (await list(user)).json()
    expect(out.notifications.map((n: Message) => n.kind)).toEqual([
      'credits_exhausted',
      'credits_low',
      'welcome',
    ])
    expect(out.unread_count).toBe(3)
  })

  it('read-all marks every message of this user only', async () => {
    const user = await createUser(t.app, t.database)
    const other = await createUser(t.app, t.database)
    const res = await t.app.inject({ method: 'POST', url: '/v1/notifications/read-all', headers: user.auth })
    expect(res.json()).toEqual({ marked: 1 })
    expect((await list(user)).json().unread_count).toBe(0)
    expect((await list(other)).json().unread_count).toBe(1)
  })
})
