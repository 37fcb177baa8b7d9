import { createServer, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { type SelfSignedCertificate, selfSignedCertificate } from '../../../test/helpers/self-signed.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Podcasts through the official SDK: a conversation written by a real chat-completions server
// the test starts (it answers a scripted conversation, as an operator's model would), the
// clear error when no model is configured, and the turns mode that needs none.

const host = PREMADE_VOICES[0]!
const guest = PREMADE_VOICES[1]!
const DOCUMENT =
  'Bees communicate through a waggle dance that tells other bees where flowers are.\n\n' +
  'The angle of the dance shows the direction, and its length shows the distance.\n\n' +
  'Scientists decoded the dance in the twentieth century.'
const SCRIPT = {
  turns: [
    { speaker: 'host', text: 'Welcome back. Today we talk about how bees share directions.' },
    { speaker: 'guest', text: 'They dance! The waggle dance points to the flowers.' },
    { speaker: 'host', text: 'So the angle is the direction?' },
    { speaker: 'guest', text: 'Exactly, and the length of the waggle tells the distance.' },
  ],
}

let llm: Server
let pages: Server
let pagesOrigin: string
let tls: SelfSignedCertificate
const llmRequests: Array<{
  path: string
  auth: string | undefined
  body: { model: string; messages: Array<{ role: string; content: string }> }
}> = []
/** The operator's HTTPS callback receiver: every POST it got, as JSON. */
let receiver: Server
let receiverUrl: string
const callbacks: Array<{ path: string; body: { type: string; data: Record<string, unknown> } }> = []
let withModel: TestApp
let withoutModel: TestApp
let client: ElevenLabsClient
let plain: ElevenLabsClient
let otherKey: string
let plainKey: string
let plainAddress: string
let address: string

async function sdkFor(t: TestApp): Promise<{ client: ElevenLabsClient; key: string; address: string }> {
  const user = await createUser(t.app, t.database, { verified: true })
  const key = (
    await t.app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: user.auth,
      payload: { name: 'sdk' },
    })
  ).json().api_key as string
  const where = await t.app.listen({ port: 0, host: '127.0.0.1' })
  return { client: new ElevenLabsClient({ apiKey: key, baseUrl: where }), key, address: where }
}

beforeAll(async () => {
  llm = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      llmRequests.push({
        path: req.url ?? '',
        auth: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      })
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: `\`\`\`json\n${JSON.stringify(SCRIPT)}\n\`\`\`` },
            },
          ],
        }),
      )
    })
  })
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r))
  const port = (llm.address() as AddressInfo).port
  // An article on a real HTTPS server, trusted by the operator's CA setting.
  tls = selfSignedCertificate()
  pages = createHttpsServer({ key: tls.key, cert: tls.cert }, (_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8')
    res.end(
      '<html><head><title>Bees</title></head><body><nav><a href="/">Home</a> <a href="/shop">Shop for honey and more</a></nav>' +
        '<article><p>Honey bees visit thousands of flowers every single day of the summer.</p>' +
        '<p>They carry the nectar home and turn it into honey inside the hive.</p></article>' +
        '<footer>Subscribe to our newsletter for more</footer></body></html>',
    )
  })
  await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r))
  pagesOrigin = `https://127.0.0.1:${(pages.address() as AddressInfo).port}`
  receiver = createHttpsServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      callbacks.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) })
      res.end('ok')
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  ;[withModel, withoutModel] = await Promise.all([
    createTestApp({
      env: {
        PODCAST_LLM_URL: `http://127.0.0.1:${port}/v1/chat/completions`,
        PODCAST_LLM_MODEL: 'scripted-model',
        PODCAST_LLM_API_KEY: 'llm-secret',
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
        WEBHOOK_CA_FILE: tls.certPath,
      },
    }),
    createTestApp(),
  ])
  const a = await sdkFor(withModel)
  client = a.client
  otherKey = a.key
  address = a.address
  const b = await sdkFor(withoutModel)
  plain = b.client
  plainKey = b.key
  plainAddress = b.address
}, 180_000)

afterAll(async () => {
  await withModel?.close()
  await withoutModel?.close()
  await new Promise((r) => llm?.close(r))
  await new Promise((r) => pages?.close(r))
  await new Promise((r) => receiver?.close(r))
  tls?.remove()
})

async function blocksOf(sdk: ElevenLabsClient, projectId: string) {
  const project = await sdk.studio.projects.get(projectId)
  const chapter = await sdk.studio.projects.chapters.get(projectId, project.chapters[0]!.chapterId)
  return chapter.content.blocks.map((b) => b.nodes[0] as { text: string; voiceId?: string })
}

describe('POST /v1/studio/podcasts', () => {
  it('writes a conversation with the configured model and alternates the two voices', async () => {
    const { project } = await client.studio.createPodcast({
      modelId: 'eleven_multilingual_v2',
      mode: {
        type: 'conversation',
        conversation: { hostVoiceId: host.voice_id, guestVoiceId: guest.voice_id },
      },
      source: { type: 'text', text: DOCUMENT },
      durationScale: 'short',
      highlights: ['How bees tell direction'],
    })
    expect(llmRequests).toHaveLength(1)
    const sent = llmRequests[0]!
    expect(sent.path).toBe('/v1/chat/completions')
    expect(sent.auth).toBe('Bearer llm-secret')
    expect(sent.body.model).toBe('scripted-model')
    expect(sent.body.messages.find((m) => m.role === 'user')?.content).toContain('waggle dance')
    expect(sent.body.messages[0]!.content).toContain('How bees tell direction')
    const nodes = await blocksOf(client, project.projectId)
    expect(nodes.map((n) => n.text)).toEqual(SCRIPT.turns.map((t) => t.text))
    expect(nodes.map((n) => n.voiceId)).toEqual([
      host.voice_id,
      guest.voice_id,
      host.voice_id,
      guest.voice_id,
    ])
  })

  it('without a model, names what the operator must configure and creates nothing', async () => {
    const before = (await plain.studio.projects.list()).projects.length
    const error = await plain.studio
      .createPodcast({
        modelId: 'eleven_multilingual_v2',
        mode: {
          type: 'conversation',
          conversation: { hostVoiceId: host.voice_id, guestVoiceId: guest.voice_id },
        },
        source: { type: 'text', text: DOCUMENT },
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ElevenLabsError)
    expect((error as ElevenLabsError).statusCode).toBe(422)
    expect(JSON.stringify((error as ElevenLabsError).body)).toContain('PODCAST_LLM_URL')
    expect((await plain.studio.projects.list()).projects.length).toBe(before)
  })

  it('lists the modes this server can make: a conversation only with a language model', async () => {
    const modes = async (where: string, key: string) => {
      const response = await fetch(`${where}/v1/studio/podcasts/modes`, { headers: { 'xi-api-key': key } })
      expect(response.status).toBe(200)
      return ((await response.json()) as { modes: unknown[] }).modes
    }
    expect(await modes(plainAddress, plainKey)).toEqual([
      { mode: 'conversation', available: false, unavailable_reason: 'no_language_model' },
      { mode: 'bulletin', available: true, unavailable_reason: null },
      { mode: 'turns', available: true, unavailable_reason: null },
    ])
    expect(await modes(address, otherKey)).toEqual([
      { mode: 'conversation', available: true, unavailable_reason: null },
      { mode: 'bulletin', available: true, unavailable_reason: null },
      { mode: 'turns', available: true, unavailable_reason: null },
    ])
    const anonymous = await fetch(`${plainAddress}/v1/studio/podcasts/modes`)
    expect(anonymous.status).toBe(401)
  })

  it('in turns mode reads the document in turns by the two voices, with no model', async () => {
    const response = await fetch(`${address}/v1/studio/podcasts`, {
      method: 'POST',
      headers: { 'xi-api-key': otherKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        model_id: 'eleven_multilingual_v2',
        mode: { type: 'turns', turns: { host_voice_id: host.voice_id, guest_voice_id: guest.voice_id } },
        source: { type: 'text', text: DOCUMENT },
      }),
    })
    expect(response.status).toBe(200)
    const { project } = (await response.json()) as { project: { project_id: string } }
    const nodes = await blocksOf(client, project.project_id)
    expect(nodes.map((n) => n.voiceId)).toEqual([host.voice_id, guest.voice_id, host.voice_id])
    expect(nodes[1]!.text).toContain('angle of the dance')
    expect(llmRequests).toHaveLength(1)
  })

  it('reads a bulletin from the readable text of a page', async () => {
    const { project } = await client.studio.createPodcast({
      modelId: 'eleven_multilingual_v2',
      mode: { type: 'bulletin', bulletin: { hostVoiceId: host.voice_id } },
      source: { type: 'url', url: `${pagesOrigin}/bees` },
    })
    const nodes = await blocksOf(client, project.projectId)
    expect(nodes.map((n) => n.text)).toEqual([
      'Honey bees visit thousands of flowers every single day of the summer.',
      'They carry the nectar home and turn it into honey inside the hive.',
    ])
    expect(new Set(nodes.map((n) => n.voiceId))).toEqual(new Set([host.voice_id]))
  })

  it('refuses bad input with a clear 4xx before asking the model', async () => {
    const asked = llmRequests.length
    const attempt = (body: object) =>
      fetch(`${address}/v1/studio/podcasts`, {
        method: 'POST',
        headers: { 'xi-api-key': otherKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          model_id: 'eleven_multilingual_v2',
          source: { type: 'text', text: DOCUMENT },
          ...body,
        }),
      })
    const noGuest = await attempt({
      mode: { type: 'conversation', conversation: { host_voice_id: host.voice_id } },
    })
    expect(noGuest.status).toBe(422)
    const unknownVoice = await attempt({
      mode: { type: 'conversation', conversation: { host_voice_id: host.voice_id, guest_voice_id: 'nope' } },
    })
    expect(unknownVoice.status).toBe(400)
    expect(JSON.stringify(await unknownVoice.json())).toContain('Voice not found or deleted')
    const privateUrl = await attempt({
      mode: { type: 'bulletin', bulletin: { host_voice_id: host.voice_id } },
      source: { type: 'url', url: 'https://127.0.0.1/article' },
    })
    expect(privateUrl.status).toBe(422)
    const plainHttp = await attempt({
      mode: { type: 'bulletin', bulletin: { host_voice_id: host.voice_id } },
      source: { type: 'url', url: 'http://example.com/article' },
    })
    expect(plainHttp.status).toBe(422)
    const tooManyHighlights = await attempt({
      mode: { type: 'bulletin', bulletin: { host_voice_id: host.voice_id } },
      highlights: ['one highlight here', 'two highlight here', 'three highlight', 'four highlight here'],
    })
    expect(tooManyHighlights.status).toBe(422)
    expect(llmRequests.length).toBe(asked)
  })

  it('converts the podcast and posts the result to its callback_url over HTTPS', async () => {
    const { project } = await client.studio.createPodcast({
      modelId: 'eleven_multilingual_v2',
      mode: { type: 'bulletin', bulletin: { hostVoiceId: host.voice_id } },
      source: { type: 'text', text: DOCUMENT },
      callbackUrl: `${receiverUrl}/podcast-done?ref=42`,
    })
    for (let i = 0; i < 3000 && !callbacks.some((c) => c.path === '/podcast-done?ref=42'); i++)
      await new Promise((r) => setTimeout(r, 50))
    const posted = callbacks.filter((c) => c.path === '/podcast-done?ref=42')
    expect(posted).toHaveLength(1)
    expect(posted[0]!.body).toMatchObject({
      type: 'project_conversion_status',
      data: { project_id: project.projectId, conversion_status: 'success', error_details: null },
    })
    const snapshots = await client.studio.projects.snapshots.list(project.projectId)
    expect(snapshots.snapshots.map((s) => s.projectSnapshotId)).toEqual([
      posted[0]!.body.data.project_snapshot_id,
    ])
  })

  it('posts a failed conversion to the callback_url with its error', async () => {
    const poor = await createUser(withModel.app, withModel.database, { verified: true })
    await setPlan(withModel.database, poor.userId, { characterCount: 0, characterLimit: 10 })
    const key = (
      await withModel.app.inject({
        method: 'POST',
        url: '/v1/user/api-keys',
        headers: poor.auth,
        payload: { name: 'sdk' },
      })
    ).json().api_key as string
    const sdk = new ElevenLabsClient({ apiKey: key, baseUrl: address })
    const { project } = await sdk.studio.createPodcast({
      modelId: 'eleven_multilingual_v2',
      mode: { type: 'bulletin', bulletin: { hostVoiceId: host.voice_id } },
      source: { type: 'text', text: DOCUMENT },
      callbackUrl: `${receiverUrl}/podcast-failed`,
    })
    for (let i = 0; i < 3000 && !callbacks.some((c) => c.path === '/podcast-failed'); i++)
      await new Promise((r) => setTimeout(r, 50))
    const posted = callbacks.filter((c) => c.path === '/podcast-failed')
    expect(posted).toHaveLength(1)
    expect(posted[0]!.body).toMatchObject({
      type: 'project_conversion_status',
      data: { project_id: project.projectId, conversion_status: 'error', project_snapshot_id: null },
    })
    expect(String(posted[0]!.body.data.error_details)).toContain('credits')
  })

  it('refuses an http:// or private-address callback_url with a 422 and creates nothing', async () => {
    const before = (await plain.studio.projects.list()).projects.length
    for (const callbackUrl of [
      'http://example.com/done',
      'https://127.0.0.1/done',
      'https://10.1.2.3/done',
      'https://localhost/done',
    ]) {
      const error = await plain.studio
        .createPodcast({
          modelId: 'eleven_multilingual_v2',
          mode: { type: 'bulletin', bulletin: { hostVoiceId: host.voice_id } },
          source: { type: 'text', text: DOCUMENT },
          callbackUrl,
        })
        .catch((e: unknown) => e)
      expect(error, callbackUrl).toBeInstanceOf(ElevenLabsError)
      expect((error as ElevenLabsError).statusCode, callbackUrl).toBe(422)
      expect(JSON.stringify((error as ElevenLabsError).body)).toContain('callback_url')
    }
    expect((await plain.studio.projects.list()).projects.length).toBe(before)
  })
})
