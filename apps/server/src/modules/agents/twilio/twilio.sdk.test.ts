import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// A phone call reaching an agent through Twilio, with this test speaking Twilio's Media Streams
// protocol: the official SDK registers the call and gets the TwiML, the "call" opens the media
// stream with the TwiML's parameters, hears the greeting as 8 kHz μ-law, talks over it (the
// agent's unplayed audio is cleared), and is heard: the record has what the caller said. A
// stream with a forged token is refused, and another workspace cannot register a call to the
// agent.

const GREETING =
  'Thank you for calling the weather line. I can tell you about the weather in any city of the world, today or for the rest of the week, so ask me anything.'
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
/** 20 ms of 8 kHz μ-law: the frame Twilio sends. */
const FRAME = 160

let t: TestApp
let address: string
let owner: TestUser
let sdk: ElevenLabsClient

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: owner.auth,
    payload: { name: 'sdk', permissions: ['convai'] },
  })
  sdk = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, maxRetries: 0 })
})
afterAll(async () => {
  await t?.close()
})

function until<T>(check: () => T | undefined | false, ms = 60_000): Promise<T> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = check()
      if (value !== undefined && value !== false) return resolve(value)
      if (Date.now() - started > ms) return reject(new Error('timed out'))
      setTimeout(poll, 20)
    }
    poll()
  })
}

/** μ-law bytes to linear samples (G.711), to measure what the caller hears. */
function decodeMulaw(bytes: Buffer): Float32Array {
  const out = new Float32Array(bytes.length)
  for (let i = 0; i < bytes.length; i++) {
    const u = ~bytes[i]! & 0xff
    const magnitude = ((((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4)) - 0x84
    out[i] = ((u & 0x80 ? -magnitude : magnitude) / 32768) as number
  }
  return out
}

const rms = (samples: Float32Array) =>
  Math.sqrt(samples.reduce((s, x) => s + x * x, 0) / Math.max(1, samples.length))

/** The TwiML's stream address and parameters. */
function streamOf(twiml: string): { url: string; parameters: Record<string, string> } {
  const url = /<Stream url="([^"]+)"/.exec(twiml)?.[1] ?? ''
  const parameters: Record<string, string> = {}
  for (const m of twiml.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"\/>/g)) parameters[m[1]!] = m[2]!
  return { url, parameters }
}

describe('a Twilio call to an agent', () => {
  it('registers the call, streams the greeting as μ-law, clears it on barge-in and hears the caller', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Weather line',
      conversationConfig: {
        agent: { firstMessage: GREETING },
        tts: { voiceId: emma.voice_id, agentOutputAudioFormat: 'pcm_16000' },
        asr: { userInputAudioFormat: 'pcm_16000' },
      },
    })
    const twiml = await sdk.conversationalAi.twilio.registerCall({
      agentId,
      fromNumber: '+15550001111',
      toNumber: '+15550002222',
    })
    expect(twiml).toMatch(/^<\?xml/)
    const stream = streamOf(twiml)
    expect(stream.url).toBe(`${address.replace(/^http/, 'ws')}/v1/convai/twilio/media-stream`)
    expect(stream.parameters).toMatchObject({
      agent_id: agentId,
      caller_id: '+15550001111',
      direction: 'inbound',
    })

    const question = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voice_id}?output_format=ulaw_8000`,
      headers: owner.auth,
      payload: { text: 'What is the weather like in London?', seed: 3 },
    })
    expect(question.statusCode).toBe(200)

    const socket = new WebSocket(stream.url)
    const media: Buffer[] = []
    const events: Array<{ event: string; streamSid?: string }> = []
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString())
      events.push(message)
      if (message.event === 'media') media.push(Buffer.from(message.media.payload, 'base64'))
    })
    await new Promise((resolve) => socket.once('open', resolve))
    const send = (message: object) => socket.send(JSON.stringify(message))
    send({ event: 'connected', protocol: 'Call', version: '1.0.0' })
    send({
      event: 'start',
      streamSid: 'MZ0001',
      start: {
        streamSid: 'MZ0001',
        callSid: 'CA0001',
        tracks: ['inbound'],
        customParameters: stream.parameters,
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    })
    // A phone line is silent between words: 20 ms frames of μ-law silence at the pace of time.
    let speech: Buffer | null = null
    let chunk = 0
    const pacer = setInterval(() => {
      let frame = Buffer.alloc(FRAME, 0xff)
      if (speech && speech.length > 0) {
        frame = Buffer.concat([
          speech.subarray(0, FRAME),
          Buffer.alloc(Math.max(0, FRAME - speech.length), 0xff),
        ])
        speech = speech.subarray(FRAME)
      }
      send({
        event: 'media',
        streamSid: 'MZ0001',
        media: { track: 'inbound', chunk: String(++chunk), payload: frame.toString('base64') },
      })
    }, 20)
    try {
      // The greeting arrives as audible μ-law on the stream.
      // (A second of the greeting: 8,000 bytes of 8 kHz μ-law.)
      await until(() => media.reduce((n, m) => n + m.length, 0) >= 8000)
      expect(events.find((e) => e.event === 'media')?.streamSid).toBe('MZ0001')
      expect(rms(decodeMulaw(Buffer.concat(media)))).toBeGreaterThan(0.01)
      // A second in, the caller talks over it: what Twilio has not played yet is cleared.
      await new Promise((r) => setTimeout(r, 1000))
      speech = question.rawPayload
      await until(() => events.some((e) => e.event === 'clear'))

      const [conversation] = (await sdk.conversationalAi.conversations.list({ agentId })).conversations
      expect(conversation).toBeDefined()
      let record = await sdk.conversationalAi.conversations.get(conversation!.conversationId)
      for (let i = 0; i < 300 && !record.transcript.some((e) => e.role === 'user' && e.message); i++) {
        await new Promise((r) => setTimeout(r, 100))
        record = await sdk.conversationalAi.conversations.get(conversation!.conversationId)
      }
      expect(record.transcript.find((e) => e.role === 'user')?.message?.toLowerCase()).toContain('weather')
    } finally {
      clearInterval(pacer)
    }
    send({ event: 'stop', streamSid: 'MZ0001', stop: { callSid: 'CA0001' } })
    const [conversation] = (await sdk.conversationalAi.conversations.list({ agentId })).conversations
    let record = await sdk.conversationalAi.conversations.get(conversation!.conversationId)
    for (let i = 0; i < 100 && record.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      record = await sdk.conversationalAi.conversations.get(conversation!.conversationId)
    }
    expect(record.status).toBe('done')
    socket.close()
  }, 120_000)

  it('refuses a stream with a forged token and a call to another workspace’s agent', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Private line',
      conversationConfig: {},
    })
    const forged = new WebSocket(`${address.replace(/^http/, 'ws')}/v1/convai/twilio/media-stream`)
    await new Promise((resolve) => forged.once('open', resolve))
    // Garbage before the start is ignored; the start's token is checked.
    forged.send('not json')
    forged.send(JSON.stringify({ event: 'media', media: { payload: 'AAAA' } }))
    forged.send(
      JSON.stringify({
        event: 'start',
        start: { streamSid: 'MZ9', customParameters: { agent_id: agentId, token: 'eyJ4IjoxfQ.forged' } },
      }),
    )
    const code = await new Promise<number>((resolve) => forged.once('close', (c) => resolve(c)))
    expect(code).toBe(1008)

    const stranger = await createUser(t.app, t.database)
    const registered = await t.app.inject({
      method: 'POST',
      url: '/v1/convai/twilio/register-call',
      headers: stranger.auth,
      payload: { agent_id: agentId, from_number: '+15550001111', to_number: '+15550002222' },
    })
    expect(registered.statusCode).toBe(404)
  }, 60_000)
})
