import { type ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { sdkClientFor } from '../../../../test/helpers/sdk-client.js'
import { type SipPeer, startSipPeer } from '../../../../test/helpers/sip-peer.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// Calls over a SIP trunk through the official SDK: the trunk is a real SIP peer on 127.0.0.1
// (the operator allows private addresses here; 127.0.0.2, apart from the server) that challenges the INVITE for digest
// credentials, picks up, speaks recorded speech over RTP and records the agent's RTP. The
// agent's greeting reaches it as μ-law, its question is heard, the conversation is recorded and
// either side's BYE ends the call. A busy callee, an unreachable trunk, an unknown number and a
// number without outbound calls answer in the SDK's shapes; a batch's recipient links to the
// conversation its call became.

const GREETING = 'Thank you for calling the weather line. Ask me about the weather in any city of the world.'
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const CREDENTIALS = { user: 'timbre', password: 'trunk-secret' }
const BUSY = '+15550009486'

let t: TestApp
let owner: TestUser
let sdk: ElevenLabsClient
let peer: SipPeer
let numbers = 50

beforeAll(async () => {
  peer = await startSipPeer({ credentials: CREDENTIALS, busy: (n) => n === BUSY })
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' } })
  owner = await createUser(t.app, t.database)
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  sdk = await sdkClientFor(t.app, owner, address, ['convai'])
})
afterAll(async () => {
  await t?.close()
  peer?.close()
})

function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 60_000,
): Promise<T> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const poll = async () => {
      const value = await check()
      if (value !== undefined && value !== false) return resolve(value)
      if (Date.now() - started > ms) return reject(new Error('timed out'))
      setTimeout(poll, 50)
    }
    void poll()
  })
}

/** μ-law bytes to linear samples (G.711), to measure what the callee hears. */
function rmsOfMulaw(bytes: Buffer): number {
  let sum = 0
  for (const byte of bytes) {
    const u = ~byte & 0xff
    const magnitude = ((((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4)) - 0x84
    sum += (magnitude / 32768) ** 2
  }
  return Math.sqrt(sum / Math.max(1, bytes.length))
}

async function agentWithTrunk(
  options: { maxDurationSeconds?: number; transportPort?: number; tcp?: boolean } = {},
) {
  const { agentId } = await sdk.conversationalAi.agents.create({
    name: 'Weather line',
    conversationConfig: {
      agent: { firstMessage: GREETING },
      tts: { voiceId: emma.voice_id },
      ...(options.maxDurationSeconds
        ? { conversation: { maxDurationSeconds: options.maxDurationSeconds } }
        : {}),
    },
  })
  const { phoneNumberId } = await sdk.conversationalAi.phoneNumbers.create({
    provider: 'sip_trunk',
    phoneNumber: `+4420718387${String(++numbers).padStart(2, '0')}`,
    label: 'Trunk',
    outboundTrunkConfig: {
      address: `${peer.address}:${options.transportPort ?? peer.port}`,
      transport: options.tcp ? 'tcp' : 'udp',
      credentials: { username: CREDENTIALS.user, password: CREDENTIALS.password },
    },
  })
  return { agentId, phoneNumberId }
}

async function conversationOf(id: string, done: (c: Awaited<ReturnType<typeof get>>) => boolean) {
  return until(async () => {
    const record = await get(id)
    return done(record) ? record : undefined
  })
}
const get = (id: string) => sdk.conversationalAi.conversations.get(id)

describe('a call over a SIP trunk', () => {
  it('authenticates, bridges RTP both ways with the agent, records the conversation and ends on BYE', async () => {
    const { agentId, phoneNumberId } = await agentWithTrunk()
    const question = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voice_id}?output_format=ulaw_8000`,
      headers: owner.auth,
      payload: { text: 'What is the weather like in London?', seed: 3 },
    })
    expect(question.statusCode).toBe(200)
    const before = peer.invites.length

    const result = await sdk.conversationalAi.sipTrunk.outboundCall({
      agentId,
      agentPhoneNumberId: phoneNumberId,
      toNumber: '+15550001234',
    })
    expect(result).toMatchObject({ success: true })
    expect(result.conversationId).toMatch(/^conv_/)
    expect(result.sipCallId).toBeTruthy()
    // The first INVITE was challenged, the second carried the digest credentials.
    const invites = peer.invites.slice(before)
    expect(invites).toHaveLength(2)
    expect(invites[0]!.headers.authorization).toBeUndefined()
    expect(JSON.stringify(invites[1]!.headers.authorization)).toContain('timbre')
    expect(invites[1]!.content).toMatch(/m=audio \d+ RTP\/AVP 0 8 101/)
    const call = peer.calls.find((c) => c.callId === result.sipCallId)!
    expect(call).toBeDefined()

    // The greeting arrives as audible μ-law RTP (payload type 0): a second of it.
    const heard = () => Buffer.concat(call.received.map((p) => p.payload))
    await until(() => rmsOfMulaw(heard()) > 0.01 && heard().length >= 8000)
    expect(new Set(call.received.map((p) => p.payloadType))).toEqual(new Set([0]))
    expect(call.received.every((p) => p.payload.length === 160)).toBe(true)

    // The callee asks its question over the greeting, and the agent hears it.
    call.speak(question.rawPayload)
    const asked = await conversationOf(result.conversationId!, (r) =>
      r.transcript.some((e) => e.role === 'user' && Boolean(e.message)),
    )
    expect(asked.transcript.find((e) => e.role === 'user')?.message?.toLowerCase()).toContain('weather')
    expect(asked.agentId).toBe(agentId)

    // The callee hangs up: the conversation ends and is recorded with its audio.
    await call.hangUp()
    const ended = await conversationOf(result.conversationId!, (r) => r.status === 'done')
    expect(ended.metadata.callDurationSecs).toBeGreaterThan(0)
    expect(ended.hasAudio).toBe(true)
  }, 120_000)

  it('hangs up with a BYE when the agent ends the call', async () => {
    const { agentId, phoneNumberId } = await agentWithTrunk({ maxDurationSeconds: 2 })
    const result = await sdk.conversationalAi.sipTrunk.outboundCall({
      agentId,
      agentPhoneNumberId: phoneNumberId,
      toNumber: '+15550001235',
    })
    expect(result).toMatchObject({ success: true })
    const call = peer.calls.find((c) => c.callId === result.sipCallId)!
    await until(() => call.byeReceived)
    await conversationOf(result.conversationId!, (r) => r.status === 'done')
  }, 60_000)

  it('answers a busy callee, an unreachable trunk, an unknown number and one without outbound calls', async () => {
    const { agentId, phoneNumberId } = await agentWithTrunk()
    const busy = await sdk.conversationalAi.sipTrunk.outboundCall({
      agentId,
      agentPhoneNumberId: phoneNumberId,
      toNumber: BUSY,
    })
    expect(busy).toMatchObject({ success: false, message: 'The callee is busy (486 Busy Here).' })
    expect(busy.conversationId).toBeFalsy()

    // Nothing listens on this TCP port: the trunk cannot be reached.
    const closed = await agentWithTrunk({ transportPort: 9, tcp: true })
    const unreachable = await sdk.conversationalAi.sipTrunk.outboundCall({
      agentId,
      agentPhoneNumberId: closed.phoneNumberId,
      toNumber: '+15550001236',
    })
    expect(unreachable.success).toBe(false)
    expect(unreachable.message).toMatch(/could not be reached/)

    const refusal = async (call: Promise<unknown>) => {
      try {
        await call
      } catch (error) {
        if (!(error instanceof ElevenLabsError)) throw error
        return { status: error.statusCode, code: (error.body as { detail: { code: string } }).detail.code }
      }
      throw new Error('expected a refusal')
    }
    expect(
      await refusal(
        sdk.conversationalAi.sipTrunk.outboundCall({
          agentId,
          agentPhoneNumberId: 'phnum_unknown',
          toNumber: '+15550001237',
        }),
      ),
    ).toEqual({ status: 404, code: 'phone_number_not_found' })
    const { phoneNumberId: inboundOnly } = await sdk.conversationalAi.phoneNumbers.create({
      provider: 'sip_trunk',
      phoneNumber: '+442071838799',
      label: 'Inbound only',
      supportsOutbound: false,
      outboundTrunkConfig: { address: `${peer.address}:${peer.port}` },
    })
    expect(
      await refusal(
        sdk.conversationalAi.sipTrunk.outboundCall({
          agentId,
          agentPhoneNumberId: inboundOnly,
          toNumber: '+15550001238',
        }),
      ),
    ).toEqual({ status: 422, code: 'phone_number_no_outbound' })
  }, 60_000)

  it('links a batch recipient to the conversation its call became', async () => {
    const { agentId, phoneNumberId } = await agentWithTrunk()
    const batch = await sdk.conversationalAi.batchCalls.create({
      callName: 'Trunk batch',
      agentId,
      agentPhoneNumberId: phoneNumberId,
      recipients: [{ phoneNumber: '+15550002001' }],
    })
    const recipient = await until(async () => {
      const detail = await sdk.conversationalAi.batchCalls.get(batch.id)
      const r = detail.recipients[0]
      return r?.conversationId ? r : undefined
    })
    expect(recipient.status).toBe('in_progress')
    const conversation = await get(recipient.conversationId!)
    expect(conversation.agentId).toBe(agentId)
    const call = peer.calls.find(
      (c) => c.invite.headers['call-id'] && JSON.stringify(c.invite.uri).includes('15550002001'),
    )!
    await call.hangUp()
    const completed = await until(async () => {
      const r = (await sdk.conversationalAi.batchCalls.get(batch.id)).recipients[0]
      return r?.status === 'completed' ? r : undefined
    })
    expect(completed.conversationId).toBe(recipient.conversationId)
  }, 60_000)
})
