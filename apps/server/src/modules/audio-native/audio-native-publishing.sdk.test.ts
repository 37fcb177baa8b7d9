import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// auto_convert / auto_publish through the official SDK: content stored without converting, a
// conversion that waits in `converted` while the published audio keeps playing, our publish
// call, and plays counted once per anonymous listener session within the sessionization window.

let t: TestApp
let client: ElevenLabsClient
let address: string
let apiKey: string

type Project = { status: string; live: boolean; auto_publish: boolean; characters: number }
type Player = {
  status: string
  audio_url: string | null
  audio_version: number | null
  sessionization: number
}

const PAGE = 'https://blog.example/posts/lamp'
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${address}${path}`, {
    ...init,
    headers: {
      'xi-api-key': apiKey,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers ?? {}),
    },
  })
const project = async (id: string) =>
  ((await client.audioNative.getSettings(id)) as unknown as { project: Project }).project
const player = async (id: string): Promise<Player> =>
  (await fetch(`${address}/audio-native/${id}/player?page=${encodeURIComponent(PAGE)}`, {
    headers: { origin: 'https://blog.example' },
  }).then((r) => r.json())) as Player
const audioOf = async (p: Player) => {
  const res = await fetch((p.audio_url as string).replace('http://timbre.test', address))
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) }
}
const used = async () => (await client.user.subscription.get()).characterCount

async function waitFor(id: string, states: string[]): Promise<Project> {
  for (let i = 0; i < 600; i++) {
    const p = await project(id)
    if (states.includes(p.status)) return p
    if (p.status === 'failed') throw new Error('conversion failed')
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`never reached ${states.join('/')}`)
}

beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.app, t.database, { verified: true })
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'k' },
  })
  apiKey = res.json().api_key as string
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey, baseUrl: address })
}, 180_000)

afterAll(async () => {
  await t?.close()
})

describe('Audio Native publishing', () => {
  let id: string
  let first: Buffer

  it('publishes a new player converted on creation', async () => {
    const created = await client.audioNative.create({
      name: 'Lamp',
      file: new Blob(['The lamp burned all night long.']),
      autoConvert: true,
    })
    id = created.projectId
    expect(created.converting).toBe(true)
    expect(await waitFor(id, ['published'])).toMatchObject({ live: true })
    const p = await player(id)
    first = (await audioOf(p)).bytes
    expect(first.length).toBeGreaterThan(0)
    // Byte ranges, so that the player can seek and resume.
    const part = await fetch((p.audio_url as string).replace('http://timbre.test', address), {
      headers: { range: 'bytes=0-99' },
    })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(first.subarray(0, 100))).toBe(true)
  })

  it('stores new content without converting when auto_convert is off, and keeps playing the old audio', async () => {
    const before = await used()
    const edited = await client.audioNative.update(id, {
      file: new Blob(['A second story about the keeper and his dog.']),
      autoConvert: false,
      autoPublish: false,
    })
    expect(edited).toMatchObject({ converting: false, publishing: false })
    const p = await project(id)
    expect(p).toMatchObject({ status: 'draft', live: true })
    const served = await player(id)
    expect(served.audio_version).toBe(1)
    expect((await audioOf(served)).bytes.equals(first)).toBe(true)
    expect(await used()).toBe(before)
  })

  it('converts without publishing: converted waits, the published audio plays until the publish call', async () => {
    const edited = await client.audioNative.update(id, {
      file: new Blob(['A third story, read by the keeper at dawn.']),
      autoConvert: true,
      autoPublish: false,
    })
    expect(edited).toMatchObject({ converting: true, publishing: false })
    expect(await waitFor(id, ['converted'])).toMatchObject({ live: true, auto_publish: false })
    const waiting = await player(id)
    expect(waiting.status).toBe('converted')
    expect((await audioOf(waiting)).bytes.equals(first)).toBe(true)

    const published = await api(`/v1/audio-native/${id}/publish`, { method: 'POST' })
    expect(published.status).toBe(200)
    expect((await published.json()).project).toMatchObject({ status: 'published', live: true })
    const now = await player(id)
    expect(now.audio_version).not.toBe(1)
    const fresh = await audioOf(now)
    expect(fresh.status).toBe(200)
    expect(fresh.bytes.equals(first)).toBe(false)
    // The old signed link no longer plays the replaced audio.
    expect((await audioOf(waiting)).status).toBe(409)
    // Publishing again changes nothing.
    expect((await api(`/v1/audio-native/${id}/publish`, { method: 'POST' })).status).toBe(200)
  })

  it('converts later on request, and refuses to publish what was not converted', async () => {
    await client.audioNative.update(id, { file: new Blob(['Fourth story.']), autoConvert: false })
    const refused = await api(`/v1/audio-native/${id}/publish`, { method: 'POST' })
    expect(refused.status).toBe(409)
    expect((await refused.json()).detail.message).toContain('convert the article first')
    const converted = await api(`/v1/audio-native/${id}/convert`, {
      method: 'POST',
      body: JSON.stringify({ auto_publish: true }),
    })
    expect(converted.status).toBe(200)
    expect(await waitFor(id, ['published'])).toMatchObject({ characters: 'Fourth story.'.length })
  })

  it('counts one play per listener session and page within the sessionization window', async () => {
    const play = (body: object) =>
      fetch(`${address}/audio-native/${id}/plays`, {
        method: 'POST',
        headers: { origin: 'https://blog.example', 'content-type': 'text/plain' },
        body: JSON.stringify({ page: PAGE, ...body }),
      })
    const counted = async (body: object) => {
      const res = await play(body)
      expect(res.status).toBe(200)
      return (await res.json()).counted as boolean
    }
    const a = 'a'.repeat(32)
    const b = 'b'.repeat(32)
    // Sessionization off: every play counts.
    expect(await counted({ session: a })).toBe(true)
    expect(await counted({ session: a })).toBe(true)
    const patched = await api(`/v1/audio-native/${id}/settings`, {
      method: 'PATCH',
      body: JSON.stringify({ sessionization: 30 }),
    })
    expect((await patched.json()).settings.sessionization).toBe(30)
    expect((await player(id)).sessionization).toBe(30)
    expect(await counted({ session: a })).toBe(false)
    expect(await counted({ session: b })).toBe(true)
    expect(await counted({ session: b })).toBe(false)
    expect(await counted({})).toBe(true)
    const analytics = await (await api(`/v1/audio-native/${id}/analytics`)).json()
    expect(analytics.total_plays).toBe(4)
    expect((await play({ session: 'x<script>' })).status).toBe(422)
    // Several tabs of one new session reporting at once still count one play.
    const c = 'c'.repeat(32)
    const all = await Promise.all(Array.from({ length: 6 }, () => counted({ session: c })))
    expect(all.filter(Boolean)).toHaveLength(1)
  })

  it('refuses bad flags and sessionization with a clear 4xx', async () => {
    const error = await client.audioNative.create({ name: 'x', sessionization: 5000 }).then(
      () => null,
      (e: unknown) => e,
    )
    expect((error as ElevenLabsError).statusCode).toBe(422)
    expect(JSON.stringify((error as ElevenLabsError).body)).toContain('sessionization')
  })
})
