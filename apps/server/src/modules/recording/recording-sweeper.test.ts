import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createLocalStorage } from '../../lib/storage.js'
import { createBillingModule } from '../billing/billing.module.js'
import { createConcurrencyModule } from '../concurrency/concurrency.module.js'
import { createCreditsModule } from '../credits/credits.module.js'
import { createHistoryModule } from '../history/history.module.js'
import { createRecordingModule } from './recording.module.js'

// A process that stored a generation's audio and died before its settlement committed: the
// sweeper of another process charges the reservation and writes the history item from the
// draft kept beside it, once; a live process's reservations are never touched.

let t: TestApp
let filesDir: string
beforeAll(async () => {
  t = await createTestApp()
  filesDir = mkdtempSync(join(tmpdir(), 'timbre-sweep-'))
})
afterAll(async () => {
  await t?.close()
  rmSync(filesDir, { recursive: true, force: true })
})

function processOn(instanceId: string, leaseSeconds: number) {
  const db = t.database.db
  const storage = createLocalStorage(filesDir)
  const billing = createBillingModule({ db })
  const concurrency = createConcurrencyModule({
    db,
    config: { concurrency: { leaseMs: 30_000, heartbeatMs: 10_000 } },
  })
  const credits = createCreditsModule({
    db,
    billing: billing.ports,
    slots: concurrency.ports.slots,
    leaseSeconds,
    instanceId,
  })
  const recording = createRecordingModule({
    billing: billing.ports,
    credits: credits.ports,
    history: createHistoryModule({ db, storage, config: t.config, warn: () => undefined }).ports,
    storage,
    leaseSeconds,
  })
  return { credits: credits.ports, recording: recording.ports, storage }
}

describe('recording sweeper', () => {
  it('finishes a generation whose audio was stored before its process died', async () => {
    const user = await createUser(t.app, t.database, { verified: true })
    const ws = await setPlan(t.database, user.userId, { tier: 'pro', status: 'active', characterCount: 0 })
    const principal = {
      userId: user.userId,
      workspaceId: ws,
      email: user.email,
      emailVerified: true,
      via: 'access_token' as const,
    }
    const dead = processOn('dead-process', 1)
    const plan = await createBillingModule({ db: t.database.db }).ports.plan(ws)
    const reservation = await dead.credits.reserve({
      principal,
      plan,
      requestId: 'req-1',
      kind: 'tts',
      cost: 40,
      hash: null,
      recordingId: 'ITEM0000000000000001',
    })
    await dead.credits.recordDelivered(reservation.ledgerId, 40)
    const key = `history/${ws}/ITEM0000000000000001.mp3`
    await dead.storage.put(key, new Uint8Array([1, 2, 3]))
    const draft = {
      id: 'ITEM0000000000000001',
      workspace_id: ws,
      user_id: user.userId,
      api_key_id: null,
      request_id: 'req-1',
      voice_id: 'v',
      voice_name: 'Voice',
      voice_category: 'premade',
      model_id: 'eleven_multilingual_v2',
      text: 'Forty characters of text, near enough!!',
      dialogue: null,
      settings: 'null',
      source: 'TTS',
      output_format: 'mp3_44100_128',
      content_type: 'audio/mpeg',
      storage_key: key,
      size_bytes: 3,
      duration_seconds: 2.5,
      character_count_change_from: reservation.countBefore,
      character_count_change_to: reservation.countAfter,
      alignment: null,
    }
    await dead.credits.keepHistoryDraft([reservation.ledgerId], JSON.stringify(draft))

    // The dying process's own sweeper leaves it alone; another one does not until it expires.
    const alive = processOn('other-process', 1)
    expect((await dead.recording.sweep()).settled).toBe(0)
    await new Promise((r) => setTimeout(r, 1200))
    const first = await alive.recording.sweep()
    const second = await alive.recording.sweep()
    expect(first).toEqual({ settled: 1, released: 0, historyItems: 1 })
    expect(second).toEqual({ settled: 0, released: 0, historyItems: 0 })

    const item = await t.database.db
      .selectFrom('history_items')
      .select(['id', 'storage_key'])
      .where('workspace_id', '=', ws)
      .execute()
    expect(item).toEqual([{ id: 'ITEM0000000000000001', storage_key: key }])
    const ledger = await t.database.db
      .selectFrom('credit_ledger')
      .select(['state', 'characters', 'history_item_id'])
      .where('workspace_id', '=', ws)
      .execute()
    expect(ledger).toEqual([{ state: 'charged', characters: 40, history_item_id: 'ITEM0000000000000001' }])
    expect(await characterCount(t.database, ws)).toBe(40)
  })
  it('charges a generation that died while storing its audio, without a history item or a partial file', async () => {
    const user = await createUser(t.app, t.database, { verified: true })
    const ws = await setPlan(t.database, user.userId, { tier: 'pro', status: 'active', characterCount: 0 })
    const principal = {
      userId: user.userId,
      workspaceId: ws,
      email: user.email,
      emailVerified: true,
      via: 'access_token' as const,
    }
    const dead = processOn('dying-writer', 1)
    const plan = await createBillingModule({ db: t.database.db }).ports.plan(ws)
    const reservation = await dead.credits.reserve({
      principal,
      plan,
      requestId: 'req-2',
      kind: 'tts',
      cost: 30,
      hash: null,
      recordingId: 'ITEM0000000000000002',
    })
    await dead.credits.recordDelivered(reservation.ledgerId, 30)
    const key = `history/${ws}/ITEM0000000000000002.mp3`
    // The draft says 1,000 bytes; the process died after writing 3 of them.
    await dead.credits.keepHistoryDraft(
      [reservation.ledgerId],
      JSON.stringify({ id: 'ITEM0000000000000002', workspace_id: ws, storage_key: key, size_bytes: 1000 }),
    )
    await dead.storage.put(key, new Uint8Array([1, 2, 3]))

    await new Promise((r) => setTimeout(r, 1200))
    const swept = await processOn('sweeping-process', 1).recording.sweep()
    expect(swept).toEqual({ settled: 1, released: 0, historyItems: 0 })
    expect(await dead.storage.size(key)).toBeNull()
    const items = await t.database.db
      .selectFrom('history_items')
      .select('id')
      .where('workspace_id', '=', ws)
      .execute()
    expect(items).toEqual([])
    expect(await characterCount(t.database, ws)).toBe(30)
  })
})
