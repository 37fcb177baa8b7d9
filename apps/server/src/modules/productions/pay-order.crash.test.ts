import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, describe, expect, it } from 'vitest'
import { makeCrashBackend, signUpThroughApi } from '../../../test/helpers/crash-backend.js'
import { setProPlan } from '../../../test/helpers/plans.js'
import { type ServerProcess, startServerProcess } from '../../../test/helpers/server-process.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'

// Orders paid with credits while the server is killed with SIGKILL: every order ends paid at
// most once (the customer pays the unpaid ones again after the restart), the ledger holds one
// charge per paid order at its quoted credits and nothing stays reserved once the dead
// process's leases run out, and each paid file order gets its machine transcript, uncharged,
// made by the next process.

const LEASE_SECONDS = 2
const ORDERS = 4
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!

let running: ServerProcess | null = null
afterAll(async () => {
  await running?.kill9()
})

interface TaskView {
  description_id: string
  order_id: string
  status: string
  quote: { credits: number }
}

describe('kill -9 while orders are paid', () => {
  it('charges each order once and leaves nothing reserved', async () => {
    const backend = await makeCrashBackend()
    const env = { ...backend.env, CREDIT_LEASE_SECONDS: String(LEASE_SECONDS), SECRET_KEY: 'p'.repeat(32) }
    const first = await startServerProcess({ env })
    const user = await signUpThroughApi(first.url, 'pay-crash')
    await first.stop()
    const setup = await backend.open()
    await setup.db.updateTable('users').set({ email_verified_at: new Date() }).execute()
    const workspaceId = await setProPlan(setup, user.userId)
    await setup.close()
    running = await startServerProcess({ env })
    const auth = { authorization: `Bearer ${user.token}` }
    const base = (url: string) => `${running!.url}/v1/productions/workspace/${workspaceId}${url}`

    const speech = await fetch(`${running.url}/v1/text-to-speech/${emma.voice_id}?output_format=pcm_16000`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Please call me back before noon tomorrow.', seed: 2 }),
    })
    expect(speech.status).toBe(200)
    const wav = pcmWav(Buffer.from(await speech.arrayBuffer()), 16_000)
    const tasks: TaskView[] = []
    for (let i = 0; i < ORDERS; i++) {
      const form = new FormData()
      form.set('source_language', 'en')
      form.set('number_of_speakers', '1')
      form.set('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), `call-${i}.wav`)
      const placed = await fetch(base('/tasks/register'), { method: 'POST', headers: auth, body: form })
      expect(placed.status, await placed.clone().text()).toBe(201)
      tasks.push((await placed.json()) as TaskView)
    }

    // Every order paid at once; the process dies as soon as the first payment is answered.
    const pay = (orderId: string) =>
      fetch(base(`/orders/${orderId}/pay`), {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'credits' }),
      }).then(
        (r) => r.status,
        () => 'killed' as const,
      )
    const pays = tasks.map((t) => pay(t.order_id))
    await Promise.race(pays)
    await running.kill9()
    const answered = await Promise.all(pays)
    console.log(`pay crash: answers before the kill ${JSON.stringify(answered)}`)

    running = await startServerProcess({ env })
    const view = async (t: TaskView) =>
      (await (await fetch(base(`/tasks/${t.description_id}`), { headers: auth })).json()) as TaskView
    for (const task of tasks) {
      const now = await view(task)
      if (now.status === 'payment_pending') expect(await pay(task.order_id)).toBe(200)
      else expect(now.status).toBe('in_progress')
      // A second payment of a paid order is refused, never charged.
      expect(await pay(task.order_id)).toBe(409)
    }

    // Each paid file order's machine transcript is made (the next process takes over any the
    // dead one held).
    // Generous: on a busy machine four transcriptions and a takeover after a stale heartbeat add up.
    const deadline = Date.now() + 240_000
    let machine: { status: string }[] = []
    while (Date.now() < deadline) {
      const board = await Promise.all(tasks.map(view))
      const ready = board.flatMap((b) =>
        (b as unknown as { history: { event: string }[] }).history.filter((h) =>
          h.event.startsWith('machine'),
        ),
      )
      machine = ready.map((h) => ({ status: h.event }))
      if (machine.length === ORDERS) break
      await new Promise((r) => setTimeout(r, 500))
    }
    const machineReady =
      machine.length === ORDERS && machine.every((m) => m.status === 'machine transcript ready')

    // The dead process's reservations are released once their leases run out.
    await new Promise((r) => setTimeout(r, (LEASE_SECONDS * 2 + 1) * 1000))
    await running.stop()
    running = null
    const db = await backend.open()
    try {
      const rows = await db.db.selectFrom('production_machine_transcripts').selectAll().execute()
      if (!machineReady) console.log(`pay crash: machine transcripts ${JSON.stringify(rows)}`)
      expect(machineReady).toBe(true)
      const ledger = await db.db
        .selectFrom('credit_ledger')
        .select(['state', 'characters', 'request_id', 'kind'])
        .where('workspace_id', '=', workspaceId)
        .execute()
      const charged = ledger.filter((l) => l.state === 'charged' && l.kind === 'production')
      expect(ledger.filter((l) => l.state === 'reserved')).toHaveLength(0)
      expect(ledger.filter((l) => l.kind === 'speech-to-text')).toHaveLength(0)
      expect(charged).toHaveLength(ORDERS)
      for (const task of tasks) {
        const of = charged.filter((l) => l.request_id === `production-order:${task.order_id}`)
        expect(of).toHaveLength(1)
        expect(Number(of[0]!.characters)).toBe(task.quote.credits)
      }
      const used = await db.db
        .selectFrom('subscriptions')
        .select('character_count')
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
      // The workspace's count is the ledger's charges (the sample's speech and the orders) and
      // nothing more; the machine transcripts are stored uncharged.
      const ledgerTotal = ledger
        .filter((l) => l.state === 'charged')
        .reduce((s, l) => s + Number(l.characters), 0)
      expect(Number(used.character_count)).toBe(ledgerTotal)
      const transcripts = await db.db
        .selectFrom('speech_to_text_transcripts')
        .select(['credits'])
        .where('workspace_id', '=', workspaceId)
        .execute()
      expect(transcripts).toHaveLength(ORDERS)
      expect(transcripts.every((r) => Number(r.credits) === 0)).toBe(true)
    } finally {
      await db.close()
      await backend.cleanup()
    }
  }, 400_000)
})
