import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import {
  BATCH_CANCEL_MESSAGE,
  BATCH_NOTHING_TO_RETRY_MESSAGE,
  BATCH_OVERRIDE_MESSAGE,
  BATCH_PHONE_COLUMN_MESSAGE,
  BATCH_RETRY_MESSAGE,
  convaiLimits,
} from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { type SelfSignedCertificate, selfSignedCertificate } from '../../../test/helpers/self-signed.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { startTwilioApiServer, type TwilioApiServer } from '../../../test/helpers/twilio-api-server.js'

// Phone numbers, outbound calls and batch calls through the official SDK with only its base
// URL changed; calls go to a real HTTPS server speaking Twilio's call-create protocol.

const ACCOUNT = { sid: `AC${'1'.repeat(32)}`, token: 'twilio-auth-token' }
const UNREACHABLE = '+15550000007'

let t: TestApp
let tls: SelfSignedCertificate
let twilio: TwilioApiServer
let owner: TestUser
let outsider: TestUser
let sdk: ElevenLabsClient

async function clientOf(user: TestUser): Promise<ElevenLabsClient> {
  const address = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['convai'] },
  })
  return new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, maxRetries: 0 })
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof ElevenLabsError)) throw error
    const detail = (error.body as { detail: { code: string; message: string } }).detail
    return { status: error.statusCode ?? 0, code: detail.code, message: detail.message }
  }
  throw new Error('expected a refusal')
}

async function settled(id: string) {
  const deadline = Date.now() + 30_000
  for (;;) {
    const batch = await sdk.conversationalAi.batchCalls.get(id)
    if (['completed', 'failed', 'cancelled'].includes(batch.status)) return batch
    if (Date.now() > deadline) throw new Error(`batch ${id} did not finish`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

beforeAll(async () => {
  tls = selfSignedCertificate()
  twilio = await startTwilioApiServer(tls, {
    account: ACCOUNT,
    refuse: (to) => to === UNREACHABLE,
    holdMs: 30,
  })
  t = await createTestApp({
    env: {
      TWILIO_API_URL: twilio.url,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_CA_FILE: tls.certPath,
    },
  })
  owner = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  sdk = await clientOf(owner)
})
afterAll(async () => {
  await t?.close()
  await twilio?.close()
  tls?.remove()
})

async function agentAndNumber(overrides = {}) {
  const { agentId } = await sdk.conversationalAi.agents.create({
    name: 'Caller',
    conversationConfig: { agent: { firstMessage: 'Hello from Timbre.' } },
    platformSettings: {
      overrides: { conversationConfigOverride: { agent: { firstMessage: true } } },
      ...overrides,
    },
  })
  const number = `+1415555${String(Math.floor(Math.random() * 9000) + 1000)}`
  const { phoneNumberId } = await sdk.conversationalAi.phoneNumbers.create({
    provider: 'twilio',
    phoneNumber: number,
    label: 'Main line',
    sid: ACCOUNT.sid,
    token: ACCOUNT.token,
    agentId,
  })
  return { agentId, phoneNumberId, number }
}

describe('conversationalAi.phoneNumbers against Timbre', () => {
  it('adds, reads, lists, changes and deletes Twilio and SIP trunk numbers; secrets never come back', async () => {
    const { agentId, phoneNumberId, number } = await agentAndNumber()
    const got = await sdk.conversationalAi.phoneNumbers.get(phoneNumberId)
    expect(got).toMatchObject({ phoneNumber: number, label: 'Main line', provider: 'twilio' })
    expect(got.assignedAgent).toMatchObject({ agentId, agentName: 'Caller' })
    expect(JSON.stringify(got)).not.toContain(ACCOUNT.token)

    const { phoneNumberId: trunkId } = await sdk.conversationalAi.phoneNumbers.create({
      provider: 'sip_trunk',
      phoneNumber: '+442071838750',
      label: 'Trunk',
      outboundTrunkConfig: {
        address: 'sip.example.com:5061',
        transport: 'tls',
        mediaEncryption: 'required',
        credentials: { username: 'timbre', password: 'trunk-secret' },
      },
    })
    const trunk = await sdk.conversationalAi.phoneNumbers.get(trunkId)
    expect(trunk).toMatchObject({
      provider: 'sip_trunk',
      outboundTrunk: {
        address: 'sip.example.com:5061',
        transport: 'tls',
        hasAuthCredentials: true,
        username: 'timbre',
      },
    })
    expect(JSON.stringify(trunk)).not.toContain('trunk-secret')
    const list = await sdk.conversationalAi.phoneNumbers.list()
    expect(list.map((n) => n.phoneNumberId)).toEqual(expect.arrayContaining([phoneNumberId, trunkId]))
    const renamed = await sdk.conversationalAi.phoneNumbers.update(trunkId, { label: 'Trunk line' })
    expect(renamed.label).toBe('Trunk line')
    await sdk.conversationalAi.phoneNumbers.delete(trunkId)
    expect((await refusal(sdk.conversationalAi.phoneNumbers.get(trunkId))).status).toBe(404)
    const other = await clientOf(outsider)
    expect((await refusal(other.conversationalAi.phoneNumbers.get(phoneNumberId))).status).toBe(404)
  })

  it('refuses an invalid E.164 number, a taken one and a trunk without TLS where TLS is required', async () => {
    const bad = await refusal(
      sdk.conversationalAi.phoneNumbers.create({
        provider: 'twilio',
        phoneNumber: '0415 555',
        label: 'x',
        sid: ACCOUNT.sid,
        token: 't',
      }),
    )
    expect(bad).toMatchObject({ status: 422, code: 'phone_number_invalid' })
    const noTls = await refusal(
      sdk.conversationalAi.phoneNumbers.create({
        provider: 'sip_trunk',
        phoneNumber: '+442071838751',
        label: 'Trunk',
        outboundTrunkConfig: { address: 'sip.example.com', transport: 'tcp', mediaEncryption: 'required' },
      }),
    )
    expect(noTls).toMatchObject({ status: 422, code: 'phone_number_config_invalid' })
    expect(noTls.message).toContain('TLS')
    const { number } = await agentAndNumber()
    const taken = await refusal(
      sdk.conversationalAi.phoneNumbers.create({
        provider: 'twilio',
        phoneNumber: number,
        label: 'Again',
        sid: ACCOUNT.sid,
        token: 't',
      }),
    )
    expect(taken).toMatchObject({ status: 409, code: 'phone_number_taken' })
  })
})

describe('outbound calls and batch calls against Timbre', () => {
  it('places an outbound call through Twilio with the account’s credentials and the agent’s stream', async () => {
    const { agentId, phoneNumberId, number } = await agentAndNumber()
    const before = twilio.calls.length
    const result = await sdk.conversationalAi.twilio.outboundCall({
      agentId,
      agentPhoneNumberId: phoneNumberId,
      toNumber: '+15550001111',
    })
    expect(result).toMatchObject({ success: true })
    expect(result.callSid).toMatch(/^CA/)
    const call = twilio.calls[before]
    expect(call).toMatchObject({ accountSid: ACCOUNT.sid, to: '+15550001111', from: number })
    expect(call?.twiml).toContain('/v1/convai/twilio/media-stream')
    expect(call?.twiml).toContain(agentId)
    // The answered call's stream is let in by a signed token, Twilio sending no key.
    expect(call?.twiml).toMatch(/<Parameter name="token" value="[^"]+\.[^"]+"\/>/)
    const refused = await refusal(
      sdk.conversationalAi.twilio.outboundCall({
        agentId,
        agentPhoneNumberId: phoneNumberId,
        toNumber: UNREACHABLE,
      }),
    )
    expect(refused).toMatchObject({ status: 502, code: 'telephony_provider_failed' })
    expect(
      (
        await refusal(
          sdk.conversationalAi.twilio.outboundCall({
            agentId,
            agentPhoneNumberId: phoneNumberId,
            toNumber: 'abc',
          }),
        )
      ).status,
    ).toBe(422)
  })

  it('calls 100 recipients once each within the plan’s concurrency, retries only the failed, refuses cancel when done', async () => {
    const { agentId, phoneNumberId } = await agentAndNumber()
    const recipients = Array.from({ length: 100 }, (_, i) => ({
      phoneNumber: i === 42 ? UNREACHABLE : `+1555100${String(i).padStart(4, '0')}`,
    }))
    const before = twilio.calls.length
    const submitted = await sdk.conversationalAi.batchCalls.create({
      callName: 'Renewals',
      agentId,
      agentPhoneNumberId: phoneNumberId,
      recipients,
      targetConcurrencyLimit: 1000,
    })
    const limit = convaiLimits('free').concurrency
    expect(submitted.targetConcurrencyLimit).toBe(limit)
    const done = await settled(submitted.id)
    expect(done.status).toBe('completed')
    const placed = twilio.calls.slice(before)
    expect(placed).toHaveLength(100)
    expect(new Set(placed.map((c) => c.to)).size).toBe(100)
    expect(twilio.maxInFlight).toBeLessThanOrEqual(limit)
    const failed = done.recipients.filter((r) => r.status === 'failed')
    expect(failed.map((r) => r.phoneNumber)).toEqual([UNREACHABLE])
    expect(done.totalCallsDispatched).toBe(100)

    const listed = await sdk.conversationalAi.batchCalls.list({ agentId })
    expect(listed.batchCalls.map((b) => b.id)).toContain(submitted.id)
    expect(await refusal(sdk.conversationalAi.batchCalls.cancel(submitted.id))).toEqual({
      status: 409,
      code: 'batch_cancel_not_allowed',
      message: BATCH_CANCEL_MESSAGE,
    })
    const retried = await sdk.conversationalAi.batchCalls.retry(submitted.id)
    expect(retried.retryCount).toBe(1)
    await settled(submitted.id)
    expect(twilio.calls.slice(before + 100).map((c) => c.to)).toEqual([UNREACHABLE])
    // The unreachable number failed again, so it can be retried again; the answered ones cannot.
    const third = await sdk.conversationalAi.batchCalls.retry(submitted.id)
    expect(third.retryCount).toBe(2)
    await settled(submitted.id)
  })

  it('cancels a scheduled batch before it calls anyone; nothing to retry then', async () => {
    const { agentId, phoneNumberId } = await agentAndNumber()
    const before = twilio.calls.length
    const batch = await sdk.conversationalAi.batchCalls.create({
      callName: 'Tomorrow',
      agentId,
      agentPhoneNumberId: phoneNumberId,
      recipients: [{ phoneNumber: '+15552220001' }, { phoneNumber: '+15552220002' }],
      scheduledTimeUnix: Math.floor(Date.now() / 1000) + 86_400,
    })
    expect(batch.status).toBe('pending')
    // Not ended yet: its calls are still to be placed, so a retry is refused as such.
    expect(await refusal(sdk.conversationalAi.batchCalls.retry(batch.id))).toEqual({
      status: 409,
      code: 'batch_retry_not_allowed',
      message: BATCH_RETRY_MESSAGE,
    })
    const cancelled = await sdk.conversationalAi.batchCalls.cancel(batch.id)
    expect(cancelled.status).toBe('cancelled')
    const detail = await sdk.conversationalAi.batchCalls.get(batch.id)
    expect(detail.recipients.every((r) => r.status === 'cancelled')).toBe(true)
    expect(twilio.calls.length).toBe(before)
    expect(await refusal(sdk.conversationalAi.batchCalls.cancel(batch.id))).toMatchObject({ status: 409 })
    expect(await refusal(sdk.conversationalAi.batchCalls.retry(batch.id))).toEqual({
      status: 409,
      code: 'batch_nothing_to_retry',
      message: BATCH_NOTHING_TO_RETRY_MESSAGE,
    })
  })

  it('refuses a recipient without a phone number and overrides the agent does not allow', async () => {
    const { agentId, phoneNumberId } = await agentAndNumber()
    const base = { callName: 'Bad', agentId, agentPhoneNumberId: phoneNumberId }
    expect(
      await refusal(sdk.conversationalAi.batchCalls.create({ ...base, recipients: [{ id: 'r1' }] })),
    ).toMatchObject({
      status: 422,
      message: BATCH_PHONE_COLUMN_MESSAGE,
    })
    const prompt = await refusal(
      sdk.conversationalAi.batchCalls.create({
        ...base,
        recipients: [
          {
            phoneNumber: '+15553330001',
            conversationInitiationClientData: {
              conversationConfigOverride: { agent: { prompt: { prompt: 'Be rude.' } } },
            },
          },
        ],
      }),
    )
    expect(prompt).toMatchObject({
      status: 422,
      code: 'batch_override_not_allowed',
      message: BATCH_OVERRIDE_MESSAGE,
    })
    // The agent allows its first message to be overridden.
    const allowed = await sdk.conversationalAi.batchCalls.create({
      ...base,
      recipients: [
        {
          phoneNumber: '+15553330002',
          conversationInitiationClientData: {
            conversationConfigOverride: { agent: { firstMessage: 'Hi Ann!' } },
          },
        },
      ],
    })
    expect((await settled(allowed.id)).recipients[0]?.conversationInitiationClientData).toMatchObject({
      conversationConfigOverride: { agent: { firstMessage: 'Hi Ann!' } },
    })
    expect((await refusal(sdk.conversationalAi.batchCalls.get('nope'))).status).toBe(404)
  })
})
