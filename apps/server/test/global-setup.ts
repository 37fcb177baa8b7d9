import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/database.js'
import { startQueue } from '../src/jobs/queue.js'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    /** With DATABASE_URL: a migrated PostgreSQL database each test file's database copies. */
    postgresTemplate: string
  }
}

/** Migrations and the job queue's own schema: what every test database starts with. */
async function prepare(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db)
  const queue = await startQueue(handle)
  await queue.stop()
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

// On PostgreSQL, running every migration for every test file costs seconds each; copying a
// migrated template database (CREATE DATABASE ... TEMPLATE) costs a fraction of that.
async function postgresTemplate(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `timbre_template_${process.pid}`
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`)
  await adminQuery(serverUrl, `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ databaseUrl: url.toString() })
  await prepare(handle)
  await handle.close()
  return { name, drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) }
}

// A new PGlite instance takes ~2 s to initialise; loading a dump takes ~0.3 s. Migrate once,
// dump, and let every test file start from the dump. With DATABASE_URL set, each test file
// creates its own PostgreSQL database as a copy of a migrated template instead
// (test/helpers/test-database.ts).
export default async function setup(project: TestProject) {
  const path = join(tmpdir(), `timbre-pglite-template-${process.pid}.tar`)
  project.provide('pgliteTemplate', path)
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) {
    const template = await postgresTemplate(serverUrl)
    project.provide('postgresTemplate', template.name)
    return template.drop
  }
  const handle = await openDatabase({ dataDir: 'memory://' })
  await prepare(handle)
  const dump = await handle.pglite!.dumpDataDir('none')
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
  project.provide('postgresTemplate', '')
}
