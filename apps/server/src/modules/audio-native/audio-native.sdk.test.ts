import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mp3FrameInfo } from '../../../test/helpers/audio-checks.js'
import { createUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { type SelfSignedCertificate, selfSignedCertificate } from '../../../test/helpers/self-signed.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Audio Native through the official SDK: a player made from an article page, converted as a
// job through the generation pipeline and charged per character, its settings, the allowlist the
// public player endpoints enforce, plays counted per page, new content from a URL served by a
// real HTTPS server the test starts, and bad input refused with nothing charged.

const emma = PREMADE_VOICES.find((v) => v.name === 'Emma') ?? PREMADE_VOICES[0]!
const PARAGRAPHS = [
  'The lighthouse keeper climbed the stairs every evening at dusk.',
  'From the top he could see the whole bay and the boats coming home.',
]
const ARTICLE = `<!doctype html><html><head><title>The keeper</title><meta name="author" content="Ann Lee"></head>
<body><nav><a href="/">Home</a><a href="/about">About us and our many other articles</a></nav>
<article><h1>The keeper</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}</article>
<footer>Copyright and the cookie policy of this site</footer></body></html>`
const UPDATED = `<!doctype html><html><head><title>Storm night</title></head><body><main>
<div class="story"><p>That night the storm came early, and the lamp had to burn until morning.</p></div>
<div class="ads"><p>Buy our lamps today, the finest lamps in the land.</p></div></main></body></html>`

let tls: SelfSignedCertificate
let pages: Server
let pagesOrigin: string
let t: TestApp
let strict: TestApp
let client: ElevenLabsClient
let strictClient: ElevenLabsClient
let address: string
let apiKey: string
let outsiderKey: string

const used = async () => (await client.user.subscription.get()).characterCount
const api = (path: string, init: RequestInit & { key?: string } = {}) =>
  fetch(`${address}${path}`, {
    ...init,
    headers: {
      'xi-api-key': init.key ?? apiKey,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  })

async function keyFor(app: TestApp): Promise<string> {
  const user = await createUser(app.app, app.database, { verified: true })
  const res = await app.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'k' },
  })
  return res.json().api_key as string
}

async function waitPublished(projectId: string) {
  for (let i = 0; i < 600; i++) {
    const s = await client.audioNative.getSettings(projectId)
    const state = (s as unknown as { project: { status: string; error: unknown } }).project
    if (state.status === 'published' || state.status === 'failed') return s
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('conversion did not end')
}

beforeAll(async () => {
  tls = selfSignedCertificate()
  pages = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8')
    if (req.url === '/moved') {
      res.statusCode = 302
      res.setHeader('location', '/blog/storm')
      res.end()
      return
    }
    res.end(req.url === '/blog/storm' ? UPDATED : ARTICLE)
  })
  await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r))
  pagesOrigin = `https://127.0.0.1:${(pages.address() as AddressInfo).port}`
  ;[t, strict] = await Promise.all([
    createTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_CA_FILE: tls.certPath },
    }),
    createTestApp(),
  ])
  apiKey = await keyFor(t)
  outsiderKey = await keyFor(t)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey, baseUrl: address })
  strictClient = new ElevenLabsClient({
    apiKey: await keyFor(strict),
    baseUrl: await strict.app.listen({ port: 0, host: '127.0.0.1' }),
  })
}, 180_000)

afterAll(async () => {
  await t?.close()
  await strict?.close()
  await new Promise((r) => pages?.close(r))
  tls?.remove()
})

describe('Audio Native', () => {
  let projectId: string

  it('creates a player from an article page and publishes its audio as a job, charged per character', async () => {
    const before = await used()
    const created = await client.audioNative.create({
      name: 'Keeper article',
      voiceId: emma.voice_id,
      modelId: 'eleven_multilingual_v2',
      small: false,
      textColor: '#112233',
      backgroundColor: '#fafafa',
      file: new Blob([ARTICLE], { type: 'text/html' }),
      autoConvert: true,
      applyTextNormalization: 'on',
    })
    projectId = created.projectId
    expect(created.converting).toBe(true)
    expect(created.htmlSnippet).toContain(`data-project-id="${projectId}"`)
    expect(created.htmlSnippet).toContain('/audio-native/player.js')
    const settings = await waitPublished(projectId)
    expect(settings.settings?.status).toBe('ready')
    expect(settings.settings?.title).toBe('The keeper')
    expect(settings.settings?.author).toBe('Ann Lee')
    expect(settings.settings?.textColor).toBe('#112233')
    expect(settings.settings?.backgroundColor).toBe('#FAFAFA')
    // The page's navigation, footer and repeated title heading are not read; the paragraphs are.
    const characters = PARAGRAPHS.join('\n\n').length
    expect((await used()) - before).toBe(characters)
  })

  it('serves the player, its audio and the play counter only to allowed pages', async () => {
    const page = 'https://blog.example/posts/keeper?ref=1'
    const player = (origin: string, at: string) =>
      fetch(`${address}/audio-native/${projectId}/player?page=${encodeURIComponent(at)}`, {
        headers: { origin },
      })
    // No allowlist yet: any page may embed it.
    expect((await player('https://blog.example', page)).status).toBe(200)
    const patched = await api(`/v1/audio-native/${projectId}/settings`, {
      method: 'PATCH',
      body: JSON.stringify({ allowed_urls: ['https://blog.example/posts/', 'https://news.example'] }),
    })
    expect(patched.status).toBe(200)
    expect((await patched.json()).project.allowed_urls).toEqual([
      'https://blog.example/posts/',
      'https://news.example',
    ])

    const allowed = await player('https://blog.example', page)
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://blog.example')
    const body = (await allowed.json()) as { audio_url: string; title: string; status: string }
    expect(body.status).toBe('published')
    expect((await player('https://news.example', 'https://news.example/any/page')).status).toBe(200)
    const outside = await player('https://blog.example', 'https://blog.example/about')
    expect(outside.status).toBe(403)
    expect((await outside.json()).detail.message).toContain('allowlist')
    // A page claimed by another site is refused whatever it names.
    expect((await player('https://evil.example', page)).status).toBe(403)

    const audioUrl = body.audio_url.replace('http://timbre.test', address)
    const audio = await fetch(audioUrl)
    expect(audio.status).toBe(200)
    expect(audio.headers.get('content-type')).toContain('audio/mpeg')
    const bytes = Buffer.from(await audio.arrayBuffer())
    expect(mp3FrameInfo(bytes)).not.toBeNull()
    const forged = audioUrl.replace(/sig=[^&]+/, 'sig=forged')
    expect((await fetch(forged)).status).toBe(403)

    const play = (origin: string, at: string) =>
      fetch(`${address}/audio-native/${projectId}/plays`, {
        method: 'POST',
        headers: { origin, 'content-type': 'text/plain' },
        body: JSON.stringify({ page: at }),
      })
    expect((await play('https://blog.example', page)).status).toBe(200)
    expect((await play('https://blog.example', page)).status).toBe(200)
    expect((await play('https://news.example', 'https://news.example/a')).status).toBe(200)
    expect((await play('https://evil.example', 'https://evil.example/a')).status).toBe(403)
    const analytics = await (await api(`/v1/audio-native/${projectId}/analytics`)).json()
    expect(analytics.total_plays).toBe(3)
    expect(analytics.pages).toEqual([
      expect.objectContaining({ page_url: page, plays: 2 }),
      expect.objectContaining({ page_url: 'https://news.example/a', plays: 1 }),
    ])
  })

  it('takes new content from a URL with the content selector', async () => {
    const patched = await api(`/v1/audio-native/${projectId}/settings`, {
      method: 'PATCH',
      body: JSON.stringify({ allowed_urls: [`${pagesOrigin}/blog/`], content_selector: '.story' }),
    })
    expect(patched.status).toBe(200)
    const before = await used()
    const edited = await client.audioNative.updateContentFromUrl({ url: `${pagesOrigin}/blog/storm` })
    expect(edited).toMatchObject({ projectId, converting: true, publishing: true })
    const settings = await waitPublished(projectId)
    expect(settings.settings?.title).toBe('Storm night')
    const story = 'That night the storm came early, and the lamp had to burn until morning.'
    expect((await used()) - before).toBe(story.length)
  })

  it('replaces the article with the content call', async () => {
    const before = await used()
    const edited = await client.audioNative.update(projectId, {
      file: new Blob(['<html><body><div class="story"><p>A short new story.</p></div></body></html>']),
      autoConvert: true,
      autoPublish: true,
    })
    expect(edited.converting).toBe(true)
    await waitPublished(projectId)
    expect((await used()) - before).toBe('A short new story.'.length)
  })

  it('refuses bad input with a clear 4xx and charges nothing', async () => {
    const before = await used()
    const refuse = async (call: Promise<unknown>, status: number, text?: string) => {
      const error = await call.then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(ElevenLabsError)
      expect((error as ElevenLabsError).statusCode).toBe(status)
      if (text) expect(JSON.stringify((error as ElevenLabsError).body)).toContain(text)
    }
    await refuse(client.audioNative.create({ name: '' }), 422, 'Name is required')
    await refuse(client.audioNative.create({ name: 'x', textColor: 'red; background:url(x)' }), 422, 'colour')
    await refuse(client.audioNative.create({ name: 'x', voiceId: 'no-such-voice' }), 404)
    await refuse(
      client.audioNative.create({
        name: 'x',
        pronunciationDictionaryLocators: ['a', 'b', 'c', 'd'],
      }),
      422,
      'At most 3',
    )
    await refuse(
      client.audioNative.create({
        name: 'x',
        pronunciationDictionaryLocators: [
          JSON.stringify({ pronunciation_dictionary_id: 'no-such-dictionary' }),
        ],
      }),
      404,
    )
    await refuse(
      client.audioNative.create({
        name: 'x',
        file: new Blob(['<html><body><nav></nav></body></html>']),
        autoConvert: true,
      }),
      422,
      'No readable article text',
    )
    await refuse(
      client.audioNative.updateContentFromUrl({ url: 'http://127.0.0.1/blog/storm' }),
      422,
      'HTTPS',
    )
    await refuse(
      strictClient.audioNative.updateContentFromUrl({ url: 'https://127.0.0.1/x' }),
      422,
      'private',
    )
    const other = new ElevenLabsClient({ apiKey: outsiderKey, baseUrl: address })
    await refuse(other.audioNative.getSettings(projectId), 404)
    await refuse(
      other.audioNative.update(projectId, { file: new Blob(['Hello there.']), autoConvert: true }),
      404,
    )
    const badList = await api(`/v1/audio-native/${projectId}/settings`, {
      method: 'PATCH',
      body: JSON.stringify({ allowed_urls: ['javascript:alert(1)'] }),
    })
    expect(badList.status).toBe(422)
    const badSelector = await api(`/v1/audio-native/${projectId}/settings`, {
      method: 'PATCH',
      body: JSON.stringify({ content_selector: 'p[[' }),
    })
    expect(badSelector.status).toBe(422)
    expect(await used()).toBe(before)
  })

  it('fails a conversion the credits do not cover, with the message and nothing charged', async () => {
    const poor = await createUser(t.app, t.database, { verified: true })
    const workspaceId = await setPlan(t.database, poor.userId, { characterCount: 0, characterLimit: 20 })
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/api-keys',
        headers: poor.auth,
        payload: { name: 'k' },
      })
    ).json().api_key as string
    const sdk = new ElevenLabsClient({ apiKey: key, baseUrl: address })
    const created = await sdk.audioNative.create({
      name: 'Too long for the plan',
      file: new Blob([ARTICLE], { type: 'text/html' }),
      autoConvert: true,
    })
    let project: { status: string; error: { code: string; message: string } | null } | undefined
    for (let i = 0; i < 300; i++) {
      const s = (await sdk.audioNative.getSettings(created.projectId)) as unknown as {
        project: typeof project
      }
      project = s.project
      if (project?.status === 'failed' || project?.status === 'published') break
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(project?.status).toBe('failed')
    expect(project?.error?.code).toBe('quota_exceeded')
    expect(await characterCount(t.database, workspaceId)).toBe(0)
    const player = await fetch(
      `${address}/audio-native/${created.projectId}/player?page=${encodeURIComponent('https://a.example/p')}`,
      { headers: { origin: 'https://a.example' } },
    )
    expect((await player.json()).audio_url).toBeNull()
  })

  it('refuses a private address when the operator does not allow them', async () => {
    const created = await strictClient.audioNative.create({ name: 'Strict' })
    const patched = await strict.app.inject({
      method: 'PATCH',
      url: `/v1/audio-native/${created.projectId}/settings`,
      headers: {
        'xi-api-key': (strictClient as unknown as { _options: { apiKey: string } })._options.apiKey,
      },
      payload: { allowed_urls: ['https://127.0.0.1/'] },
    })
    expect(patched.statusCode).toBe(200)
    const error = await strictClient.audioNative
      .updateContentFromUrl({ url: 'https://127.0.0.1/article' })
      .then(
        () => null,
        (e: unknown) => e,
      )
    expect((error as ElevenLabsError).statusCode).toBe(422)
    expect(JSON.stringify((error as ElevenLabsError).body)).toContain('private')
  })
})
