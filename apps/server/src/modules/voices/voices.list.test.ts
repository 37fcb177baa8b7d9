import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, PUBLIC_URL, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice } from '../../../test/helpers/voice-factory.js'
import type { VoiceView } from './voices.schemas.js'

// GET /v1/voices and GET /v2/voices: listing, pagination, filters, workspaces, scopes.

let t: TestApp
let alice: TestUser
let bob: TestUser
const aliceVoices: string[] = []
let bobVoice: string

interface Page {
  voices: VoiceView[]
  has_more: boolean
  next_page_token: string | null
  total_count: number
}

beforeAll(async () => {
  t = await createTestApp()
  alice = await createUser(t.app, t.database, { verified: true })
  bob = await createUser(t.app, t.database, { verified: true })
  const base = Date.now() - 60_000
  for (let i = 0; i < 7; i++) {
    const voice = await createWorkspaceVoice(t.database.db, {
      userId: alice.userId,
      name: `Alice voice ${String.fromCharCode(65 + i)}`,
      // Two share a creation time: ties are broken by id, never duplicated or skipped.
      createdAt: new Date(base + Math.min(i, 5) * 1000),
      category: i === 6 ? 'generated' : 'cloned',
      labels: { accent: i === 2 ? 'irish' : 'american', gender: 'female', use_case: 'narration' },
    })
    aliceVoices.push(voice.id)
  }
  bobVoice = (await createWorkspaceVoice(t.database.db, { userId: bob.userId, name: 'Bob secret voice' })).id
})
afterAll(() => t?.close())

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.auth })
const search = async (user: TestUser, query: string): Promise<Page> => {
  const res = await get(user, `/v2/voices?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Page
}

async function walk(
  user: TestUser,
  query: string,
): Promise<{ ids: string[]; pages: number; totals: number[] }> {
  const ids: string[] = []
  const totals: number[] = []
  let token: string | null = null
  let pages = 0
  do {
    const page: Page = await search(
      user,
      `${query}${token ? `&next_page_token=${encodeURIComponent(token)}` : ''}`,
    )
    ids.push(...page.voices.map((v) => v.voice_id))
    totals.push(page.total_count)
    token = page.next_page_token
    expect(page.has_more).toBe(token !== null)
    pages++
  } while (token && pages < 50)
  return { ids, pages, totals }
}

describe('GET /v1/voices', () => {
  it('lists the premade library and the workspace’s own voices, never another workspace’s', async () => {
    const res = await get(alice, '/v1/voices?show_legacy=true')
    expect(res.statusCode).toBe(200)
    const ids = (res.json().voices as VoiceView[]).map((v) => v.voice_id)
    expect(ids).toHaveLength(PREMADE_VOICES.length + aliceVoices.length)
    expect(ids).toEqual(expect.arrayContaining([...PREMADE_VOICES.map((v) => v.voice_id), ...aliceVoices]))
    expect(ids).not.toContain(bobVoice)
    expect(res.body).not.toContain('Bob secret voice')
  })

  it('shows each voice with the public API’s fields', async () => {
    const voices = (await get(alice, '/v1/voices')).json().voices as VoiceView[]
    const premade = voices.find((v) => v.voice_id === PREMADE_VOICES[0]!.voice_id)!
    expect(premade).toMatchObject({
      name: PREMADE_VOICES[0]!.name,
      category: 'premade',
      description: PREMADE_VOICES[0]!.description,
      labels: { ...PREMADE_VOICES[0]!.labels },
      language: 'en',
      preview_url: `${PUBLIC_URL}/v1/voices/${premade.voice_id}/preview`,
      samples: null,
      settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true, speed: 1 },
      available_for_tiers: [],
      safety_control: null,
      sharing: null,
      voice_verification: {
        requires_verification: false,
        is_verified: false,
        verification_failures: [],
        verification_attempts_count: 0,
      },
      is_owner: false,
      is_legacy: false,
    })
    expect(premade.high_quality_base_model_ids).toContain('eleven_multilingual_v2')
    expect(premade.verified_languages).toContainEqual({
      language: 'en',
      model_id: 'eleven_multilingual_v2',
      accent: 'american',
      locale: 'en-US',
      preview_url: `${PUBLIC_URL}/v1/voices/${premade.voice_id}/preview?language=en`,
    })
    expect(typeof premade.created_at_unix).toBe('number')
    const own = voices.find((v) => v.voice_id === aliceVoices[0])!
    expect(own).toMatchObject({
      category: 'cloned',
      is_owner: true,
      samples: [],
      permission_on_resource: 'admin',
    })
  })

  it('covers the nine interface languages with at least 20 premade voices', async () => {
    const voices = (await get(alice, '/v2/voices?voice_type=default&page_size=100')).json()
      .voices as VoiceView[]
    expect(voices.length).toBeGreaterThanOrEqual(20)
    const languages = new Set(voices.map((v) => v.labels.language))
    for (const code of ['en', 'de', 'es', 'fr', 'hi', 'ja', 'pl', 'pt', 'sv'])
      expect(languages).toContain(code)
    for (const v of voices)
      expect(Object.keys(v.labels)).toEqual(expect.arrayContaining(['accent', 'age', 'gender', 'use_case']))
  })
})

describe('GET /v2/voices pagination', () => {
  it('walks every page without duplicates or gaps, in both directions and both sorts', async () => {
    const all = PREMADE_VOICES.length + aliceVoices.length
    for (const query of [
      'page_size=5',
      'page_size=3&sort_direction=asc',
      'page_size=4&sort=name',
      'page_size=7&sort=name&sort_direction=desc',
    ]) {
      const { ids, pages, totals } = await walk(alice, query)
      expect(new Set(ids).size, query).toBe(ids.length)
      expect(ids, query).toHaveLength(all)
      expect(pages).toBeGreaterThan(1)
      expect(new Set(totals)).toEqual(new Set([all]))
      expect(ids).not.toContain(bobVoice)
    }
  })

  it('orders newest first by default: the workspace’s voices, then the premade library in catalogue order', async () => {
    const { ids } = await walk(alice, 'page_size=100')
    expect(new Set(ids.slice(0, aliceVoices.length))).toEqual(new Set(aliceVoices))
    expect(ids.slice(0, 5)).toEqual(expect.arrayContaining([aliceVoices[4], aliceVoices[3], aliceVoices[2]]))
    expect(ids.slice(5, aliceVoices.length)).toEqual([aliceVoices[1], aliceVoices[0]])
    expect(ids.slice(aliceVoices.length)).toEqual(PREMADE_VOICES.map((v) => v.voice_id))
  })

  it('sorts by name as the database orders it, ascending and descending', async () => {
    const asc = (await search(alice, 'sort=name&sort_direction=asc&page_size=100&voice_type=personal')).voices
    expect(asc.map((v) => v.name)).toEqual(
      aliceVoices.map((_, i) => `Alice voice ${String.fromCharCode(65 + i)}`),
    )
    const desc = (await search(alice, 'sort=name&sort_direction=desc&page_size=100&voice_type=personal'))
      .voices
    expect(desc.map((v) => v.voice_id)).toEqual(asc.map((v) => v.voice_id).reverse())
  })

  it('uses 20 as the default page size and refuses sizes over 100', async () => {
    const page = await search(alice, '')
    expect(page.voices).toHaveLength(20)
    expect(page.has_more).toBe(true)
    expect((await get(alice, '/v2/voices?page_size=101')).statusCode).toBe(422)
    expect((await get(alice, '/v2/voices?page_size=0')).statusCode).toBe(422)
    expect((await get(alice, '/v2/voices?page_size=abc')).statusCode).toBe(422)
  })

  it('refuses a tampered, truncated, foreign or re-sorted page token with 400, never 500', async () => {
    const { next_page_token: token } = await search(alice, 'page_size=2')
    expect(token).toBeTruthy()
    const [payload, signature] = token!.split('.')
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...body, i: 'zzzzzzzzzzzzzzzzzzzz' })).toString('base64url')
    const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${flipped}`,
      token!.slice(0, -3),
      'not-a-token',
      'a.b.c',
      '%00%ff',
      'x'.repeat(2000),
    ]) {
      const res = await get(alice, `/v2/voices?page_size=2&next_page_token=${encodeURIComponent(bad)}`)
      expect([400, 422], bad).toContain(res.statusCode)
      if (res.statusCode === 400) {
        expect(res.json().detail).toMatchObject({ code: 'invalid_page_token', param: 'next_page_token' })
      }
    }
    const resorted = await get(
      alice,
      `/v2/voices?page_size=2&sort=name&next_page_token=${encodeURIComponent(token!)}`,
    )
    expect(resorted.statusCode).toBe(400)
    expect(resorted.json().detail.message).toContain('sort=created_at_unix')
  })

  it('a token from another workspace only continues within the caller’s own voices', async () => {
    const { next_page_token: token } = await search(alice, 'page_size=2')
    const page = await search(bob, `page_size=100&next_page_token=${encodeURIComponent(token!)}`)
    expect(page.voices.map((v) => v.voice_id)).not.toEqual(expect.arrayContaining([aliceVoices[0]]))
    for (const v of page.voices) expect(aliceVoices).not.toContain(v.voice_id)
  })

  it('include_total_count=false gives the page size as a lower bound', async () => {
    const page = await search(alice, 'page_size=3&include_total_count=false')
    expect(page.total_count).toBe(3)
  })
})

describe('GET /v2/voices filters', () => {
  const ids = async (query: string) =>
    (await search(alice, `page_size=100&${query}`)).voices.map((v) => v.voice_id)

  it('voice_type: personal, workspace, default, non-default, saved, community', async () => {
    expect(new Set(await ids('voice_type=personal'))).toEqual(new Set(aliceVoices))
    expect(await ids('voice_type=workspace')).toEqual([])
    expect(await ids('voice_type=default')).toHaveLength(PREMADE_VOICES.length)
    expect(new Set(await ids('voice_type=non-default'))).toEqual(new Set(aliceVoices))
    expect(new Set(await ids('voice_type=saved'))).toEqual(new Set(aliceVoices))
    expect(await ids('voice_type=community')).toEqual([])
    expect((await get(alice, '/v2/voices?voice_type=everything')).statusCode).toBe(422)
  })

  it('a voice of the workspace made by another member is a "workspace" voice, not "personal"', async () => {
    const member = await createUser(t.app, t.database, { verified: true })
    const workspaceId = (
      await t.database.db
        .selectFrom('users')
        .select('workspace_id')
        .where('id', '=', alice.userId)
        .executeTakeFirstOrThrow()
    ).workspace_id
    const shared = await createWorkspaceVoice(t.database.db, {
      userId: member.userId,
      workspaceId,
      name: 'Shared',
    })
    try {
      expect(await ids('voice_type=workspace')).toEqual([shared.id])
      expect(await ids('voice_type=personal')).not.toContain(shared.id)
      const view = (await get(alice, `/v1/voices/${shared.id}`)).json()
      expect(view).toMatchObject({ is_owner: false, permission_on_resource: 'editor' })
    } finally {
      await t.database.db.deleteFrom('voices').where('id', '=', shared.id).execute()
    }
  })

  it('category, fine_tuning_state and collection_id', async () => {
    expect(await ids('category=generated')).toEqual([aliceVoices[6]])
    expect(await ids('category=premade')).toHaveLength(PREMADE_VOICES.length)
    expect(await ids('category=professional')).toEqual([])
    expect(await ids('fine_tuning_state=fine_tuned')).toEqual([])
    expect(await ids('collection_id=unknowncollection')).toEqual([])
    expect((await search(alice, 'collection_id=unknowncollection')).total_count).toBe(0)
    expect((await get(alice, '/v2/voices?category=robot')).statusCode).toBe(422)
    expect((await get(alice, '/v2/voices?fine_tuning_state=maybe')).statusCode).toBe(422)
  })

  it('search matches name, description and label values, case-insensitively and literally', async () => {
    expect(await ids('search=alice%20VOICE%20c')).toEqual([aliceVoices[2]])
    expect(await ids('search=irish')).toEqual([aliceVoices[2]])
    const lena = PREMADE_VOICES.find((v) => v.name === 'Lena')!
    expect(await ids('search=lena')).toEqual([lena.voice_id])
    expect(await ids(`search=${encodeURIComponent('freundliche deutsche')}`)).toEqual([lena.voice_id])
    expect(await ids('search=%25')).toEqual([])
    const grace = PREMADE_VOICES.find((v) => v.name === 'Grace')!
    expect(await ids('search=social_media')).toEqual([grace.voice_id])
    expect(await ids('search=Bob%20secret')).toEqual([])
  })

  it('label filters: gender, accent, language and use_cases', async () => {
    const german = await ids('language=de')
    expect(german.length).toBeGreaterThanOrEqual(2)
    expect(await ids('accent=irish&gender=female')).toEqual([aliceVoices[2]])
    const both = await ids('language=de&language=fr')
    expect(both.length).toBeGreaterThan(german.length)
    expect(await ids('use_cases=narration&voice_type=personal')).toHaveLength(aliceVoices.length)
  })

  it('voice_ids (repeatable) looks voices up; other workspaces’ ids are not found', async () => {
    const premade = PREMADE_VOICES[3]!.voice_id
    const found = await ids(`voice_ids=${aliceVoices[1]}&voice_ids=${premade}&voice_ids=${bobVoice}`)
    expect(new Set(found)).toEqual(new Set([aliceVoices[1], premade]))
    expect(await ids(`voice_ids=${aliceVoices[4]}`)).toEqual([aliceVoices[4]])
    const tooMany = Array.from({ length: 101 }, (_, i) => `voice_ids=v${i}`).join('&')
    expect((await get(alice, `/v2/voices?${tooMany}`)).statusCode).toBe(422)
  })
})

describe('authorization', () => {
  it('needs credentials', async () => {
    for (const url of ['/v1/voices', '/v2/voices', '/v1/models', `/v1/voices/${aliceVoices[0]}`]) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(401)
      expect(res.json().detail.code).toBe('unauthorized')
    }
  })

  it('an API key needs the voices scope; a key without scopes may do everything', async () => {
    const create = async (permissions: string[] | null) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/user/api-keys',
          headers: alice.auth,
          payload: { name: `key ${permissions?.join(',') ?? 'all'}`, permissions },
        })
      ).json().api_key as string
    const voicesKey = await create(['voices'])
    const ttsKey = await create(['text-to-speech'])
    const allKey = await create(null)
    const as = (key: string, url: string) => t.app.inject({ url, headers: { 'xi-api-key': key } })

    expect((await as(voicesKey, '/v2/voices')).statusCode).toBe(200)
    expect((await as(voicesKey, `/v1/voices/${aliceVoices[0]}`)).json().is_owner).toBe(true)
    const refused = await as(ttsKey, '/v1/voices')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toMatchObject({ code: 'missing_permissions' })
    expect(refused.json().detail.message).toContain("'voices'")
    expect((await as(voicesKey, '/v1/models')).statusCode).toBe(403)
    expect((await as(allKey, '/v1/voices')).statusCode).toBe(200)
    expect((await as(allKey, '/v1/models')).statusCode).toBe(200)
  })
})
