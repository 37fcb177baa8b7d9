import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import {
  AudioInterface,
  ClientTools,
  Conversation,
} from '@elevenlabs/elevenlabs-js/api/resources/conversationalAi/conversation/index.js'
import { convaiCreditsPerMinute } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { LLM_FAILURE_MESSAGE } from './conversation-session.js'

// A real voice conversation through the official SDK's conversation client: the caller's speech
// (made by our own speech engine) goes in as the SDK sends microphone audio, at the pace of
// speech; the agent greets in its voice, is interrupted by the caller, hears the question,
// calls a client tool and speaks its result. The record has the cut reply, the tool call, the
// duration and cost, and the recording of both sides downloads through the SDK.

const RATE = 16_000
/** 100 ms of 16-bit PCM, the size of each chunk the microphone sends. */
const CHUNK_BYTES = (RATE / 10) * 2
const GREETING =
  'Hello and welcome to the weather desk. I can tell you about the weather in any city of the world, today or for the rest of the week, so please ask me anything you like.'
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!

let t: TestApp
let address: string
let owner: TestUser
let sdk: ElevenLabsClient

beforeAll(async () => {
  // The operator's language model is down: nothing listens on that port.
  t = await createTestApp({ env: { AGENTS_LLM_URL: 'http://127.0.0.1:9', AGENTS_LLM_MODELS: 'qwen3-4b' } })
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

/** Speech made by our text to speech, as 16 kHz PCM. */
async function speechOf(text: string): Promise<Buffer> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/text-to-speech/${emma.voice_id}?output_format=pcm_16000`,
    headers: { ...owner.auth, 'content-type': 'application/json' },
    payload: { text, seed: 3 },
  })
  expect(response.statusCode).toBe(200)
  return response.rawPayload
}

/**
 * A microphone for the SDK: silence at the pace of real time, and speech when asked. The
 * agent's audio is kept with when it arrived.
 */
class TestMicrophone extends AudioInterface {
  private timer: NodeJS.Timeout | undefined
  private queue: Buffer[] = []
  private send: ((audio: Buffer) => void) | null = null
  readonly heard: Array<{ at: number; bytes: number }> = []
  interruptedAt = 0
  speechStartedAt = 0

  start(input: (audio: Buffer) => void): void {
    this.send = input
    this.timer = setInterval(() => {
      const next = this.queue.shift()
      if (next && !this.speechStartedAt) this.speechStartedAt = performance.now()
      this.send?.(next ?? Buffer.alloc(CHUNK_BYTES))
    }, 100)
  }
  stop(): void {
    clearInterval(this.timer)
  }
  output(audio: Buffer): void {
    this.heard.push({ at: performance.now(), bytes: audio.length })
  }
  interrupt(): void {
    this.interruptedAt = performance.now()
  }
  say(pcm: Buffer): void {
    for (let at = 0; at < pcm.length; at += CHUNK_BYTES) this.queue.push(pcm.subarray(at, at + CHUNK_BYTES))
  }
}

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

describe('a voice conversation with the SDK conversation client', () => {
  it('hears, answers in its voice, is interrupted, calls a client tool, and keeps the recording', async () => {
    const question = await speechOf('What is the weather like in London?')
    const tool = await sdk.conversationalAi.tools.create({
      toolConfig: {
        type: 'client',
        // The built-in engine calls a tool whose name the caller says.
        name: 'weather',
        description: 'Tells the weather',
        expectsResponse: true,
      },
    })
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Weather desk',
      conversationConfig: {
        agent: { firstMessage: GREETING, prompt: { toolIds: [tool.id] } },
        tts: { voiceId: emma.voice_id, agentOutputAudioFormat: 'pcm_16000' },
        asr: { userInputAudioFormat: 'pcm_16000' },
        // Re-engagement has its own test: on a busy machine it must not cut into this one.
        turn: { turnTimeout: -1 },
      },
    })
    const tools = new ClientTools()
    const calls: unknown[] = []
    tools.register('weather', async (parameters) => {
      calls.push(parameters)
      return 'It is sunny in London'
    })
    const microphone = new TestMicrophone()
    const responses: string[] = []
    const transcripts: string[] = []
    const corrections: Array<[string, string]> = []
    const messages: Array<{ type: string; [key: string]: unknown }> = []
    const conversation = new Conversation({
      client: sdk as never,
      agentId,
      requiresAuth: true,
      audioInterface: microphone,
      clientTools: tools,
      callbackAgentResponse: (text) => responses.push(text),
      callbackUserTranscript: (text) => transcripts.push(text),
      callbackAgentResponseCorrection: (original, corrected) => corrections.push([original, corrected]),
      callbackMessageReceived: (message) => messages.push(message as { type: string }),
    })
    await conversation.startSession()
    const id = await until(() => conversation.getConversationId())

    // The greeting is spoken: its first audio comes long before its end could have been rendered.
    await until(() => microphone.heard.length > 0)
    expect(responses[0]).toBe(GREETING)
    // About a second into the greeting the caller asks their question over it.
    await new Promise((r) => setTimeout(r, 1000))
    microphone.say(question)
    await until(() => microphone.interruptedAt > 0)
    const interruption = messages.find((m) => m.type === 'interruption')!
    const bargeInMs = microphone.interruptedAt - microphone.speechStartedAt
    expect(corrections).toHaveLength(1)
    const [original, corrected] = corrections[0]!
    expect(original).toBe(GREETING)
    expect(corrected.length).toBeGreaterThan(0)
    expect(corrected.length).toBeLessThan(GREETING.length)
    expect(GREETING.startsWith(corrected)).toBe(true)
    // After the interruption no audio of the greeting reaches the speaker.
    const greetingId = (interruption.interruption_event as { event_id: number }).event_id
    const lateGreeting = messages.filter(
      (m) =>
        m.type === 'audio' &&
        Number((m.audio_event as { event_id: number }).event_id) <= greetingId &&
        messages.indexOf(m) > messages.indexOf(interruption),
    )
    expect(lateGreeting).toEqual([])

    // The question is recognised, the tool is called, and its result is spoken.
    await until(() => transcripts.length > 0)
    expect(transcripts[0]?.toLowerCase()).toContain('weather')
    await until(() => responses.length >= 2)
    expect(calls).toHaveLength(1)
    expect(responses[1]).toBe('It is sunny in London')
    const heardBefore = microphone.heard.length
    await until(() => microphone.heard.length > heardBefore && microphone.heard.at(-1))
    const replyAudio = messages.filter(
      (m) => m.type === 'audio' && Number((m.audio_event as { event_id: number }).event_id) > greetingId,
    )
    expect(replyAudio.length).toBeGreaterThan(0)
    expect(messages.some((m) => m.type === 'vad_score')).toBe(true)
    console.log(`barge-in: interruption ${bargeInMs.toFixed(0)} ms after the first chunk of speech was sent`)
    await new Promise((r) => setTimeout(r, 1500))
    conversation.endSession()

    let record = await sdk.conversationalAi.conversations.get(id)
    for (let i = 0; i < 150 && record.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      record = await sdk.conversationalAi.conversations.get(id)
    }
    expect(record.status).toBe('done')
    const agentTurns = record.transcript.filter((e) => e.role === 'agent' && e.message)
    expect(agentTurns[0]?.message).toBe(corrected)
    expect(agentTurns[0]?.interrupted).toBe(true)
    expect(record.transcript.find((e) => e.role === 'user')?.message?.toLowerCase()).toContain('weather')
    expect(record.transcript.some((e) => e.toolCalls?.[0]?.toolName === 'weather')).toBe(true)
    const duration = record.metadata.callDurationSecs
    expect(duration).toBeGreaterThan(3)
    expect(record.metadata.cost).toBe(Math.round((duration * convaiCreditsPerMinute('free')) / 60))
    expect(record.hasAudio).toBe(true)

    const stream = await sdk.conversationalAi.conversations.audio.get(id)
    const chunks: Buffer[] = []
    for await (const chunk of stream as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk))
    const wav = Buffer.concat(chunks)
    expect(wav.subarray(0, 4).toString()).toBe('RIFF')
    // Both sides at 16 kHz: about as long as the call.
    const seconds = (wav.length - 44) / 2 / RATE
    expect(seconds).toBeGreaterThan(duration - 2)
    expect(seconds).toBeLessThan(duration + 2)
  }, 180_000)
})

describe('bad audio on the conversation socket', () => {
  it('answers broken audio and unknown messages with error events and keeps the conversation', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: {
        asr: { userInputAudioFormat: 'ulaw_8000' },
        tts: { agentOutputAudioFormat: 'ulaw_8000' },
      },
    })
    const { signedUrl } = await sdk.conversationalAi.conversations.getSignedUrl({ agentId })
    const socket = new WebSocket(signedUrl)
    const received: Array<Record<string, unknown>> = []
    socket.on('message', (data) => received.push(JSON.parse(data.toString())))
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }))
    await until(() => received.find((m) => m.type === 'conversation_initiation_metadata'))
    const metadata = received.find((m) => m.type === 'conversation_initiation_metadata') as {
      conversation_initiation_metadata_event: Record<string, string>
    }
    expect(metadata.conversation_initiation_metadata_event.user_input_audio_format).toBe('ulaw_8000')
    expect(metadata.conversation_initiation_metadata_event.agent_output_audio_format).toBe('ulaw_8000')
    socket.send(JSON.stringify({ user_audio_chunk: 'not base64!' }))
    socket.send(JSON.stringify({ type: 'dance' }))
    // μ-law is one byte a sample: any length is whole samples; 8 kHz silence is 0xff.
    socket.send(JSON.stringify({ user_audio_chunk: Buffer.alloc(800, 0xff).toString('base64') }))
    await until(() => received.filter((m) => m.type === 'error').length >= 2)
    const errors = received.filter((m) => m.type === 'error').map((m) => m.error_event)
    expect(errors).toEqual([
      { error_type: 'invalid_audio', message: 'user_audio_chunk is not valid base64.' },
      { error_type: 'invalid_message', message: 'Unknown system message type: dance' },
    ])
    await until(() => received.find((m) => m.type === 'vad_score'))
    expect(socket.readyState).toBe(WebSocket.OPEN)
    socket.close()
  }, 60_000)
})

describe('a voice agent whose language model is down', () => {
  it('says so in its voice, ends cleanly, is recorded as failed, and charges exactly its seconds', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: { agent: { prompt: { llm: 'qwen3-4b' } } },
    })
    const microphone = new TestMicrophone()
    const responses: string[] = []
    const conversation = new Conversation({
      client: sdk as never,
      agentId,
      requiresAuth: true,
      audioInterface: microphone,
      callbackAgentResponse: (text) => responses.push(text),
    })
    const ended = new Promise<number>((resolve) =>
      conversation.on('session_ended', (_id: string, code: number) => resolve(code)),
    )
    await conversation.startSession()
    const id = await until(() => conversation.getConversationId())
    conversation.sendUserMessage('When do you open?')
    expect(await ended).toBe(1000)
    expect(responses).toEqual([LLM_FAILURE_MESSAGE])
    // The apology was spoken, to its end, before the socket closed.
    expect(microphone.heard.length).toBeGreaterThan(0)
    const record = await sdk.conversationalAi.conversations.get(id)
    expect(record.status).toBe('failed')
    const ledger = await t.database.db
      .selectFrom('credit_ledger')
      .select(['state', 'characters'])
      .where('request_id', '=', id)
      .execute()
    expect(ledger).toHaveLength(1)
    expect(ledger[0]?.state).toBe((record.metadata.cost ?? 0) > 0 ? 'charged' : 'released')
    expect(Number(ledger[0]?.characters ?? 0)).toBe(record.metadata.cost)
    expect(record.metadata.cost).toBe(
      Math.round((record.metadata.callDurationSecs * convaiCreditsPerMinute('free')) / 60),
    )
  }, 60_000)
})

describe('turn settings', () => {
  it("ends a voice call the caller stays silent in for the agent's silence_end_call_timeout", async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: { turn: { silenceEndCallTimeout: 2 } },
    })
    const { signedUrl } = await sdk.conversationalAi.conversations.getSignedUrl({ agentId })
    const socket = new WebSocket(signedUrl)
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }))
    const opened = Date.now()
    const silence = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN)
        socket.send(JSON.stringify({ user_audio_chunk: Buffer.alloc(3200).toString('base64') }))
    }, 100)
    try {
      expect(await closed).toBe(1000)
    } finally {
      clearInterval(silence)
    }
    const lasted = (Date.now() - opened) / 1000
    expect(lasted).toBeGreaterThan(1.5)
    expect(lasted).toBeLessThan(10)
  }, 60_000)
})
