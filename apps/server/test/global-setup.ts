import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrateToLatest, openDatabase } from '../src/db/database.js'
import { startQueue } from '../src/jobs/queue.js'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}

// A new PGlite instance takes ~2 s to initialise; loading a dump takes ~0.3 s. Migrate once,
// dump, and let every test file start from the dump. With DATABASE_URL set, each test file
// creates its own PostgreSQL database instead (test/helpers/test-database.ts).
export default async function setup(project: TestProject) {
  const path = join(tmpdir(), `timbre-pglite-template-${process.pid}.tar`)
  if (!process.env.DATABASE_URL) {
    const handle = await openDatabase({ dataDir: 'memory://' })
    await migrateToLatest(handle.db)
    const queue = await startQueue(handle)
    await queue.stop()
    const dump = await handle.pglite!.dumpDataDir('none')
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
    await handle.close()
  }
  project.provide('pgliteTemplate', path)
}
