import { PREMADE_VOICES, type VoiceDefinition } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import {
  createHistoryItem,
  createHistoryTestApp,
  type HistoryItemOptions,
  type HistoryTestApp,
  workspaceOf,
} from '../../../test/helpers/history-factory.js'

const premade = (index: number): VoiceDefinition => {
  const voice = PREMADE_VOICES[index]
  if (!voice) throw new Error('missing premade voice')
  return voice
}
const PREMADE_SECOND = premade(1)

let t: HistoryTestApp
let alice: TestUser
let bob: TestUser
let aliceWs: string
let bobWs: string

beforeAll(async () => {
  t = await createHistoryTestApp()
  alice = await createUser(t.app, t.database, { verified: true })
  bob = await createUser(t.app, t.database, { verified: true })
  aliceWs = await workspaceOf(t.database.db, alice.userId)
  bobWs = await workspaceOf(t.database.db, bob.userId)
})
afterAll(() => t?.close())

const item = (options: Omit<HistoryItemOptions, 'workspaceId'> & { workspaceId?: string }) =>
  createHistoryItem({ db: t.database.db, storage: t.storage }, { workspaceId: aliceWs, ...options })

interface Page {
  history: Array<Record<string, unknown> & { history_item_id: string; date_unix: number }>
  has_more: boolean
  last_history_item_id: string | null
  scanned_until: number | null
}

async function listPage(user: TestUser, query: Record<string, string | number>): Promise<Page> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
  const res = await t.app.inject({ url: `/v1/history?${qs}`, headers: user.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Page
}

/** Follows the cursor to the end; returns the ids in the order seen. */
async function walk(user: TestUser, query: Record<string, string | number>): Promise<string[]> {
  const seen: string[] = []
  let cursor: string | null = null
  for (let guard = 0; guard < 1000; guard++) {
    const page: Page = await listPage(
      user,
      cursor ? { ...query, start_after_history_item_id: cursor } : query,
    )
    seen.push(...page.history.map((h) => h.history_item_id))
    if (!page.has_more) return seen
    cursor = page.last_history_item_id
  }
  throw new Error('pagination did not end')
}

describe('GET /v1/history', () => {
  const created: Array<{ id: string; at: Date }> = []
  let walkerWs: string
  let walker: TestUser

  beforeAll(async () => {
    walker = await createUser(t.app, t.database, { verified: true })
    walkerWs = await workspaceOf(t.database.db, walker.userId)
    const base = Date.UTC(2026, 0, 1)
    for (let i = 0; i < 57; i++) {
      // Groups of three share one timestamp: the id breaks ties, nothing is skipped or repeated.
      const at = new Date(base + Math.floor(i / 3) * 3_600_000)
      const row = await createHistoryItem(
        { db: t.database.db, storage: t.storage },
        {
          workspaceId: walkerWs,
          createdAt: at,
          text: i % 2 === 0 ? `Even sentence number ${i} about Rivers` : `Odd sentence number ${i}`,
          modelId: i % 3 === 0 ? 'eleven_flash_v2_5' : 'eleven_multilingual_v2',
          source: i % 5 === 0 ? 'STS' : 'TTS',
          ...(i % 4 === 0 ? { voice: PREMADE_SECOND } : {}),
        },
      )
      created.push({ id: row.id, at })
    }
  })

  const expectedDesc = () =>
    [...created].sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1)).map((c) => c.id)

  it('returns the public shape, newest first, page_size 100 by default', async () => {
    const page = await listPage(walker, {})
    expect(page.history).toHaveLength(57)
    expect(page.has_more).toBe(false)
    expect(page.history.map((h) => h.history_item_id)).toEqual(expectedDesc())
    const first = page.history[0]
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        'alignments',
        'character_count_change_from',
        'character_count_change_to',
        'content_type',
        'date_unix',
        'dialogue',
        'feedback',
        'history_item_id',
        'model_id',
        'output_format',
        'request_id',
        'settings',
        'share_link_id',
        'source',
        'state',
        'text',
        'voice_category',
        'voice_id',
        'voice_name',
      ].sort(),
    )
    expect(first).toMatchObject({
      content_type: 'audio/mpeg',
      state: 'created',
      output_format: 'mp3_44100_128',
    })
    expect(page.last_history_item_id).toBe(expectedDesc().at(-1))
    expect(page.scanned_until).toBe(page.history.at(-1)?.date_unix)
  })

  it('walks every page without duplicates or gaps, in both directions', async () => {
    for (const size of [1, 5, 7, 56, 57]) {
      expect(await walk(walker, { page_size: size })).toEqual(expectedDesc())
      expect(await walk(walker, { page_size: size, sort_direction: 'asc' })).toEqual(
        [...expectedDesc()].reverse(),
      )
    }
  })

  it('pages items stamped by the database clock (microseconds) without gaps', async () => {
    const w = await createUser(t.app, t.database, { verified: true })
    const ws = await workspaceOf(t.database.db, w.userId)
    const ids: string[] = []
    for (let i = 0; i < 12; i++) {
      ids.unshift(
        (await createHistoryItem({ db: t.database.db, storage: t.storage }, { workspaceId: ws })).id,
      )
    }
    expect(await walk(w, { page_size: 1 })).toEqual(ids)
    expect(await walk(w, { page_size: 5, sort_direction: 'asc' })).toEqual([...ids].reverse())
  })

  it('has_more is false on an exactly full last page', async () => {
    const first = await listPage(walker, { page_size: 50 })
    expect(first.has_more).toBe(true)
    const rest = await listPage(walker, {
      page_size: 7,
      start_after_history_item_id: first.last_history_item_id ?? '',
    })
    expect(rest.history).toHaveLength(7)
    expect(rest.has_more).toBe(false)
    const empty = await listPage(walker, { start_after_history_item_id: rest.last_history_item_id ?? '' })
    expect(empty).toEqual({ history: [], has_more: false, last_history_item_id: null, scanned_until: null })
  })

  it('filters by voice, model, source, text search and dates, combined, across pages', async () => {
    const rows = await t.database.db
      .selectFrom('history_items')
      .selectAll()
      .where('workspace_id', '=', walkerWs)
      .execute()
    const order = expectedDesc()
    const expectIds = (predicate: (r: (typeof rows)[number]) => boolean) =>
      order.filter((id) => {
        const row = rows.find((r) => r.id === id)
        return row !== undefined && predicate(row)
      })
    const from = Math.floor(Date.UTC(2026, 0, 1, 3) / 1000)
    const to = Math.floor(Date.UTC(2026, 0, 1, 15) / 1000)
    const cases: Array<[Record<string, string | number>, (r: (typeof rows)[number]) => boolean]> = [
      [{ voice_id: PREMADE_SECOND.voice_id }, (r) => r.voice_id === PREMADE_SECOND.voice_id],
      [{ model_id: 'eleven_flash_v2_5' }, (r) => r.model_id === 'eleven_flash_v2_5'],
      [{ source: 'STS' }, (r) => r.source === 'STS'],
      [{ search: 'rivers' }, (r) => r.text.toLowerCase().includes('rivers')],
      [
        { date_after_unix: from, date_before_unix: to },
        (r) => r.created_at >= new Date(from * 1000) && r.created_at < new Date(to * 1000),
      ],
      [
        { search: 'EVEN', model_id: 'eleven_multilingual_v2', source: 'TTS', date_after_unix: from },
        (r) =>
          r.text.startsWith('Even') &&
          r.model_id === 'eleven_multilingual_v2' &&
          r.source === 'TTS' &&
          r.created_at >= new Date(from * 1000),
      ],
    ]
    for (const [query, predicate] of cases) {
      const expected = expectIds(predicate)
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0)
      expect(await walk(walker, { ...query, page_size: 4 }), JSON.stringify(query)).toEqual(expected)
      expect(await walk(walker, { ...query, page_size: 3, sort_direction: 'asc' })).toEqual(
        [...expected].reverse(),
      )
    }
  })

  it('search matches % and _ literally, not as wildcards', async () => {
    const w = await createUser(t.app, t.database, { verified: true })
    const ws = await workspaceOf(t.database.db, w.userId)
    const deps = { db: t.database.db, storage: t.storage }
    const literal = await createHistoryItem(deps, { workspaceId: ws, text: 'Save 50% on snake_case' })
    await createHistoryItem(deps, { workspaceId: ws, text: 'Save 500 on snakeXcase' })
    expect((await listPage(w, { search: '50%' })).history.map((h) => h.history_item_id)).toEqual([literal.id])
    expect((await listPage(w, { search: 'e_c' })).history.map((h) => h.history_item_id)).toEqual([literal.id])
  })

  it('a workspace sees only its own items', async () => {
    const own = await item({ text: 'alice private' })
    const bobs = await listPage(bob, { search: 'alice private' })
    expect(bobs.history).toEqual([])
    const alices = await listPage(alice, { search: 'alice private' })
    expect(alices.history.map((h) => h.history_item_id)).toEqual([own.id])
  })

  it('bad input is a clear 4xx, never a 500', async () => {
    const bobItem = await createHistoryItem({ db: t.database.db, storage: t.storage }, { workspaceId: bobWs })
    for (const cursor of ['does-not-exist', bobItem.id]) {
      const res = await t.app.inject({
        url: `/v1/history?start_after_history_item_id=${cursor}`,
        headers: alice.auth,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().detail).toMatchObject({
        code: 'invalid_history_cursor',
        param: 'start_after_history_item_id',
      })
    }
    const invalid = [
      'page_size=0',
      'page_size=5000',
      'page_size=abc',
      'page_size=1.5',
      'date_before_unix=yesterday',
      'date_after_unix=-1',
      'date_after_unix=99999999999999',
      'sort_direction=sideways',
      'source=XYZ',
      `start_after_history_item_id=${'x'.repeat(65)}`,
    ]
    for (const query of invalid) {
      const res = await t.app.inject({ url: `/v1/history?${query}`, headers: alice.auth })
      expect(res.statusCode, query).toBe(422)
      const detail = res.json().detail as Array<{ loc: string[]; msg: string }>
      expect(detail[0]?.loc[0], query).toBe('querystring')
      expect(detail[0]?.loc[1], query).toBe(query.split('=')[0])
    }
    const unauthenticated = await t.app.inject({ url: '/v1/history' })
    expect(unauthenticated.statusCode).toBe(401)
  })

  it('page_size 1000 is allowed', async () => {
    expect((await listPage(walker, { page_size: 1000 })).history).toHaveLength(57)
  })
})
