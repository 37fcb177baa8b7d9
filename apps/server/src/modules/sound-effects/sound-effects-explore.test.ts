import { SOUND_EFFECT_CATEGORIES } from '@timbre/contract'
import { MPEGDecoder } from 'mpg123-decoder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The explore examples (public, rendered on first request and kept) and each user's favourite
// sound effects, which must be sound effects of their own workspace.

let t: TestApp
let user: TestUser
let other: TestUser

async function decode(audio: Uint8Array): Promise<Float32Array> {
  const decoder = new MPEGDecoder()
  await decoder.ready
  try {
    return Float32Array.from(decoder.decode(audio).channelData[0]!)
  } finally {
    decoder.free()
  }
}

const rms = (x: Float32Array) => Math.sqrt(x.reduce((n, s) => n + s * s, 0) / Math.max(1, x.length))

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  other = await createUser(t.app, t.database, { verified: true })
})
afterAll(() => t?.close())

describe('sound effects explore and favourites', () => {
  it('lists the examples by category without signing in; a slug opens its category or example', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/v1/sound-generation/explore' })
    expect(list.statusCode).toBe(200)
    const { categories } = list.json()
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual(
      SOUND_EFFECT_CATEGORIES.map((c) => c.slug),
    )
    const example = categories[0].examples[0]
    expect(example.audio_url).toMatch(new RegExp(`/v1/sound-generation/explore/${example.slug}/audio$`))
    const page = await t.app.inject({ method: 'GET', url: `/v1/sound-generation/explore/${example.slug}` })
    expect(page.json()).toMatchObject({
      slug: example.slug,
      example: { text: example.text },
      category: { slug: 'nature' },
    })
    const categoryPage = await t.app.inject({ method: 'GET', url: '/v1/sound-generation/explore/impacts' })
    expect(categoryPage.json()).toMatchObject({ example: null, category: { slug: 'impacts' } })
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/sound-generation/explore/no-such-sound' })).statusCode,
    ).toBe(404)
  })

  it('renders an example once, non-silent and of its length, then serves the kept audio', async () => {
    const [category] = SOUND_EFFECT_CATEGORIES
    const example = category!.examples[1]!
    const url = `/v1/sound-generation/explore/${example.slug}/audio`
    const first = await t.app.inject({ method: 'GET', url })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toContain('audio/mpeg')
    const samples = await decode(first.rawPayload)
    expect(samples.length / 44_100).toBeCloseTo(example.durationSeconds, 0)
    expect(rms(samples)).toBeGreaterThan(0.01)
    const key = `sound-effects/examples/v1/${example.slug}.mp3`
    const stored = await t.app.inject({ method: 'GET', url })
    expect(stored.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(key).toContain(example.slug)
    const other = await t.app.inject({
      method: 'GET',
      url: `/v1/sound-generation/explore/${category!.examples[0]!.slug}/audio`,
    })
    expect(other.rawPayload.equals(first.rawPayload)).toBe(false)
  }, 60_000)

  it('favourites: only a sound effect of your own workspace, per user, listed and removed', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/sound-generation',
      headers: user.auth,
      payload: { text: 'A door slams shut', duration_seconds: 1 },
    })
    expect(made.statusCode, made.body).toBe(200)
    const id = String(made.headers['history-item-id'])
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v1/sound-generation/favourites/${id}`,
      headers: user.auth,
    })
    expect(put.json()).toEqual({ history_item_id: id, favourite: true })
    await t.app.inject({ method: 'PUT', url: `/v1/sound-generation/favourites/${id}`, headers: user.auth })
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/sound-generation/favourites',
      headers: user.auth,
    })
    expect(list.json().favourites).toEqual([
      expect.objectContaining({ history_item_id: id, text: 'A door slams shut' }),
    ])
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/v1/sound-generation/favourites/${id}`,
      headers: other.auth,
    })
    expect(foreign.statusCode).toBe(404)
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/v1/sound-generation/favourites', headers: other.auth })
      ).json(),
    ).toEqual({
      favourites: [],
    })
    await t.app.inject({ method: 'DELETE', url: `/v1/sound-generation/favourites/${id}`, headers: user.auth })
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/v1/sound-generation/favourites', headers: user.auth })
      ).json(),
    ).toEqual({
      favourites: [],
    })
  }, 60_000)
})
