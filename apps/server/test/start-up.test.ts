import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from './helpers/server-process.js'

// The process as an operator starts it: what it prints, and what it leaves out of the log.
describe('start-up', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'timbre-start-up-'))
  let server: ServerProcess | undefined
  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('ends its start-up output with the address to open, and does not log health probes', async () => {
    server = await startServerProcess({
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: undefined },
    })
    for (let i = 0; i < 5; i++) {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    }
    // A request that is not a probe is still logged, so the log is on.
    expect((await fetch(`${server.url}/v1/models`)).status).toBe(401)
    await new Promise((r) => setTimeout(r, 300))
    const lines = server.output().trim().split('\n')
    const running = lines.findIndex((l) => l.includes(`Timbre is running at ${server?.url}`))
    expect(running).toBeGreaterThanOrEqual(0)
    // Everything after it is the request log of this test's own requests, none of them a probe.
    const after = lines.slice(running + 1)
    expect(after.some((l) => l.includes('/v1/models'))).toBe(true)
    expect(lines.filter((l) => l.includes('/healthz') || l.includes('/readyz'))).toEqual([])
    expect(after.every((l) => l.includes('"reqId"'))).toBe(true)
  })
})
