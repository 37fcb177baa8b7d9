import {
  CONVAI_DEVELOPMENT_DISCOUNT,
  CONVAI_RESERVATION_SECONDS,
  convaiCreditsPerMinute,
} from '@timbre/contract'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { makeCrashBackend, startWithVerifiedUser } from '../../../../test/helpers/crash-backend.js'
import { type ServerProcess, startServerProcess } from '../../../../test/helpers/server-process.js'

// A voice conversation whose server is killed with SIGKILL mid-call: after a restart the sweeper
// settles the call's reservation for the seconds last written to the ledger (never more than the
// call lasted), once, and the record's cost says the same number.

const LEASE_SECONDS = 2
// Opened with a member's access token, as the app's playground does: a development call, at
// the development discount.
const RATE = convaiCreditsPerMinute('free') * (1 - CONVAI_DEVELOPMENT_DISCOUNT)

let running: ServerProcess | null = null
afterAll(async () => {
  await running?.kill9()
})

describe('kill -9 during a voice conversation', () => {
  it('charges the seconds the call lasted, once', async () => {
    const backend = await makeCrashBackend()
    const env = { ...backend.env, CREDIT_LEASE_SECONDS: String(LEASE_SECONDS), SECRET_KEY: 'k'.repeat(32) }
    const started = await startWithVerifiedUser(backend, env, 'convai')
    running = started.running
    const headers = { authorization: `Bearer ${started.user.token}`, 'content-type': 'application/json' }
    const created = await fetch(`${running.url}/v1/convai/agents/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Desk',
        conversation_config: { agent: { first_message: 'Hello there.' } },
      }),
    })
    expect(created.status).toBe(200)
    const { agent_id: agentId } = (await created.json()) as { agent_id: string }

    const ws = new WebSocket(
      `${running.url.replace('http', 'ws')}/v1/convai/conversation?agent_id=${agentId}`,
      {
        headers: { authorization: headers.authorization },
      },
    )
    const received: Array<{ type: string }> = []
    ws.on('message', (data) => received.push(JSON.parse(data.toString())))
    ws.on('error', () => undefined)
    await new Promise<void>((resolve) => ws.once('open', () => resolve()))
    ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }))
    const openedAt = Date.now()
    // Silence from the microphone at the pace of real time, past two beats of the record.
    while (Date.now() - openedAt < 11_500) {
      ws.send(JSON.stringify({ user_audio_chunk: Buffer.alloc(3200).toString('base64') }))
      await new Promise((r) => setTimeout(r, 100))
    }
    const lasted = (Date.now() - openedAt) / 1000
    expect(received.some((m) => m.type === 'audio')).toBe(true)
    await running.kill9()
    ws.terminate()

    running = await startServerProcess({ env })
    await new Promise((r) => setTimeout(r, (LEASE_SECONDS * 2 + 1) * 1000))
    await running.stop()
    running = null

    const db = await backend.open()
    try {
      const ledger = await db.db
        .selectFrom('credit_ledger')
        .select(['state', 'characters', 'request_id'])
        .where('kind', '=', 'conversational-ai')
        .execute()
      const record = await db.db
        .selectFrom('convai_conversations')
        .select(['id', 'metadata'])
        .executeTakeFirstOrThrow()
      console.log(`convai crash: call lasted ${lasted.toFixed(1)} s, ledger ${JSON.stringify(ledger)}`)
      expect(ledger).toHaveLength(1)
      expect(ledger[0]!.state).toBe('charged')
      expect(ledger[0]!.request_id).toBe(record.id)
      const charged = Number(ledger[0]!.characters)
      // At least the first beat's seconds, never more than the call lasted, far below the block.
      expect(charged).toBeGreaterThanOrEqual(Math.round((5 * RATE) / 60))
      expect(charged).toBeLessThanOrEqual(Math.round((lasted * RATE) / 60))
      expect(charged).toBeLessThan(Math.round((CONVAI_RESERVATION_SECONDS * RATE) / 60))
      expect((record.metadata as { cost: number }).cost).toBe(charged)
    } finally {
      await db.close()
      await backend.cleanup()
    }
  }, 180_000)
})
