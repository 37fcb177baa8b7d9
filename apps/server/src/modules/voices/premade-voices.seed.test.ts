import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { premadeVoiceRow, seedPremadeVoices } from './premade-voices.seed.js'
import { createVoicesRepository } from './voices.repository.js'

// The premade library is upserted at every start: ids stay, definitions follow the package,
// voices dropped from the catalogue become legacy.

let t: TestApp
let user: TestUser

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
})
afterAll(() => t?.close())

const premadeRows = () =>
  t.database.db
    .selectFrom('voices')
    .selectAll()
    .where('category', '=', 'premade')
    .orderBy('sort_order')
    .execute()

describe('seeding premade voices', () => {
  it('seeds every catalogue voice once, and re-running changes nothing but refreshes definitions', async () => {
    const before = await premadeRows()
    expect(before.map((r) => r.id)).toEqual(PREMADE_VOICES.map((v) => v.voice_id))
    const emma = before[0]!
    await t.database.db
      .updateTable('voices')
      .set({ name: 'Old name', definition: JSON.stringify({ ...PREMADE_VOICES[0], preview_text: 'old' }) })
      .where('id', '=', emma.id)
      .execute()

    const repository = createVoicesRepository(t.database.db)
    await Promise.all([seedPremadeVoices(repository), seedPremadeVoices(repository)])
    const after = await premadeRows()
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id))
    expect(after[0]).toMatchObject({
      name: PREMADE_VOICES[0]!.name,
      created_at: emma.created_at,
      is_legacy: false,
    })
    expect((after[0]!.definition as { preview_text: string }).preview_text).toBe(
      PREMADE_VOICES[0]!.preview_text,
    )
  })

  it('a premade voice no longer in the catalogue becomes legacy: shown only with show_legacy=true', async () => {
    const retired = premadeVoiceRow(
      { ...PREMADE_VOICES[0]!, voice_id: 'RetiredVoice00000000', name: 'Retired' },
      99,
    )
    await t.database.db.insertInto('voices').values(retired).execute()
    await seedPremadeVoices(createVoicesRepository(t.database.db))
    const list = async (query: string) =>
      (await t.app.inject({ url: `/v1/voices${query}`, headers: user.auth })).json().voices as Array<{
        voice_id: string
        is_legacy: boolean
      }>
    expect((await list('')).map((v) => v.voice_id)).not.toContain('RetiredVoice00000000')
    expect(await list('?show_legacy=true')).toContainEqual(
      expect.objectContaining({ voice_id: 'RetiredVoice00000000', is_legacy: true }),
    )
    const direct = await t.app.inject({ url: '/v1/voices/RetiredVoice00000000', headers: user.auth })
    expect(direct.json().is_legacy).toBe(true)
    const v2 = await t.app.inject({ url: '/v2/voices?voice_ids=RetiredVoice00000000', headers: user.auth })
    expect(v2.json().voices).toHaveLength(1)
  })
})
