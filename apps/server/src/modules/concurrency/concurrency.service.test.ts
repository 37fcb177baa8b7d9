import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/helpers/test-database.js'
import type { DatabaseHandle } from '../../db/database.js'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { createConcurrencyRepository } from './concurrency.repository.js'
import { createConcurrencyService } from './concurrency.service.js'

// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (there each acquire runs on its own
// pooled connection). Two service instances with their own holder ids stand in for two replicas.
let database: DatabaseHandle
const services: { stop(): Promise<void> }[] = []

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  for (const s of services) await s.stop()
  await database?.close()
})

function service(handle: DatabaseHandle, options: { leaseMs?: number; heartbeatMs?: number } = {}) {
  const s = createConcurrencyService({
    repository: createConcurrencyRepository(handle.db),
    leaseMs: options.leaseMs ?? 30_000,
    heartbeatMs: options.heartbeatMs ?? 10_000,
  })
  services.push(s)
  return s
}

async function newWorkspace(): Promise<string> {
  const id = newId()
  await database.db.insertInto('workspaces').values({ id, name: 'w', owner_id: newId() }).execute()
  return id
}

const leaseRows = (workspaceId: string) =>
  database.db.selectFrom('concurrency_leases').selectAll().where('workspace_id', '=', workspaceId).execute()

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe(`concurrency leases (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('fifty parallel acquires from two processes get exactly the limit', async () => {
    const ws = await newWorkspace()
    const a = service(database)
    const b = service(database)
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).slots.acquire(ws, 5)),
    )
    const granted = outcomes.filter((o) => o.status === 'fulfilled')
    const refused = outcomes.filter((o) => o.status === 'rejected')
    expect(granted).toHaveLength(5)
    expect(refused).toHaveLength(45)
    for (const r of refused) {
      const error = r.reason as AppError
      expect(error).toBeInstanceOf(AppError)
      expect(error.code).toBe('concurrent_limit_exceeded')
      expect(error.status).toBe(429)
      expect(error.headers).toEqual({
        'current-concurrent-requests': '5',
        'maximum-concurrent-requests': '5',
      })
    }
    expect(await leaseRows(ws)).toHaveLength(5)
    expect(a.heldCount() + b.heldCount()).toBe(5)
    for (const g of granted) await g.value()
    expect(await leaseRows(ws)).toHaveLength(0)
  })

  it('other workspaces are not counted', async () => {
    const [one, two] = [await newWorkspace(), await newWorkspace()]
    const s = service(database)
    await s.slots.acquire(one, 1)
    await expect(s.slots.acquire(one, 1)).rejects.toThrow(AppError)
    await expect(s.slots.acquire(two, 1)).resolves.toBeTypeOf('function')
  })

  it('release is idempotent: a second call does not free somebody else’s slot', async () => {
    const ws = await newWorkspace()
    const s = service(database)
    const first = await s.slots.acquire(ws, 2)
    await s.slots.acquire(ws, 2)
    await first()
    await first()
    await s.slots.acquire(ws, 2)
    // Two held (the second and the third); a counter decremented twice would allow a fourth.
    await expect(s.slots.acquire(ws, 2)).rejects.toMatchObject({
      headers: { 'current-concurrent-requests': '2', 'maximum-concurrent-requests': '2' },
    })
  })

  it('expired leases of a dead holder do not count and are purged', async () => {
    const ws = await newWorkspace()
    // A process that took two slots and died: it never renews them.
    const dead = service(database, { leaseMs: 600 })
    await dead.slots.acquire(ws, 2)
    await dead.slots.acquire(ws, 2)
    const live = service(database, { leaseMs: 30_000 })
    await expect(live.slots.acquire(ws, 2)).rejects.toMatchObject({ code: 'concurrent_limit_exceeded' })
    await sleep(800)
    await live.slots.acquire(ws, 2)
    await live.slots.acquire(ws, 2)
    const rows = await leaseRows(ws)
    expect(rows).toHaveLength(2)
    expect(rows.every((r) => r.holder === live.holder)).toBe(true)
  })

  it('the heartbeat keeps held leases alive past their length', async () => {
    const ws = await newWorkspace()
    const holder = service(database, { leaseMs: 600, heartbeatMs: 150 })
    holder.start()
    await holder.slots.acquire(ws, 1)
    await sleep(1500)
    const rival = service(database)
    await expect(rival.slots.acquire(ws, 1)).rejects.toMatchObject({ code: 'concurrent_limit_exceeded' })
    expect(holder.heldCount()).toBe(1)
    // Stopping (graceful shutdown) gives the slot back at once.
    await holder.stop()
    await expect(rival.slots.acquire(ws, 1)).resolves.toBeTypeOf('function')
  })

  it('a heartbeat purges expired leases of every workspace', async () => {
    const [one, two] = [await newWorkspace(), await newWorkspace()]
    const dead = service(database, { leaseMs: 500 })
    await dead.slots.acquire(one, 5)
    await dead.slots.acquire(two, 5)
    await sleep(700)
    await service(database).heartbeat()
    expect(await leaseRows(one)).toHaveLength(0)
    expect(await leaseRows(two)).toHaveLength(0)
  })
})
