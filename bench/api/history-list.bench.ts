// History listing with 100,000 items in one workspace: p50 and p99 latency. Each query runs through the whole app (`app.inject`: auth, validation,
// keyset query, view, JSON) and, as the baseline, as the same SQL on the same PGlite
// database, so the ratio shows what the API layers cost.
//
// Alone: `npx tsx --conditions=source bench/api/history-list.bench.ts`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { sql } from 'kysely'
import { buildApp } from '../../apps/server/src/app.js'
import { loadConfig } from '../../apps/server/src/config.js'
import { type Database, migrateToLatest, openDatabase } from '../../apps/server/src/db/database.js'

const ITEMS = 100_000
const PAGE_SIZE = 100
const WORDS = ['rivers', 'mountains', 'the sea', 'cities', 'forests'] as const

export interface LatencyRow {
  query: string
  apiP50: number
  apiP99: number
  sqlP50: number
  sqlP99: number
  iterations: number
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? Number.NaN
}

async function measure(iterations: number, run: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < Math.min(20, iterations); i++) await run()
  const times: number[] = []
  for (let i = 0; i < iterations; i++) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) }
}

/** 100,000 rows in one statement (generate_series): ids, times a second apart, varied text, voices, models, sources. */
async function insertItems(db: Database, workspaceId: string, userId: string): Promise<void> {
  await sql`
    insert into history_items (id, workspace_id, user_id, request_id, voice_id, voice_name, voice_category,
      model_id, text, settings, source, output_format, content_type, storage_key, size_bytes, duration_seconds,
      character_count_change_from, character_count_change_to, created_at)
    select substr(md5('item' || g), 1, 20), ${workspaceId}, ${userId}, substr(md5('request' || g), 1, 20),
      case when g % 4 = 0 then 'voiceB00000000000000' else 'voiceA00000000000000' end,
      case when g % 4 = 0 then 'Brian' else 'Alice' end, 'premade',
      case when g % 3 = 0 then 'eleven_flash_v2_5' else 'eleven_multilingual_v2' end,
      'Sentence number ' || g || ' about ' || (${sql.raw(`array['${WORDS.join("','")}']`)})[1 + g % 5] || '. '
        || repeat('Some more words to make the text a realistic length. ', 1 + g % 4),
      '{"stability":0.5,"similarity_boost":0.75,"style":0,"use_speaker_boost":true,"speed":1}'::jsonb,
      case when g % 10 = 0 then 'STS' else 'TTS' end, 'mp3_44100_128', 'audio/mpeg',
      'history/bench/' || g || '.mp3', 24000, 1.5, g * 100, g * 100 + 100,
      timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second'
    from generate_series(1, ${ITEMS}) as g
  `.execute(db)
  await sql`analyze history_items`.execute(db)
}

async function signUp(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const credentials = { email: 'bench@example.com', password: 'correct horse 42' }
  const signUpRes = await app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: credentials })
  if (signUpRes.statusCode !== 201) throw new Error(`sign-up failed: ${signUpRes.body}`)
  const signIn = await app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: credentials })
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`)
  return signIn.json().access_token as string
}

const fmt = (ms: number) => ms.toFixed(2).padStart(8)

export function printTable(rows: readonly LatencyRow[]): void {
  const header = `${'query'.padEnd(34)} ${'API p50'.padStart(8)} ${'API p99'.padStart(8)} ${'SQL p50'.padStart(8)} ${'SQL p99'.padStart(8)} ${'p50 ratio'.padStart(9)}   (ms, n)`
  console.log(header)
  console.log('-'.repeat(header.length))
  for (const r of rows) {
    const ratio = `${(r.apiP50 / r.sqlP50).toFixed(1)}x`.padStart(9)
    console.log(
      `${r.query.padEnd(34)} ${fmt(r.apiP50)} ${fmt(r.apiP99)} ${fmt(r.sqlP50)} ${fmt(r.sqlP99)} ${ratio}   n=${r.iterations}`,
    )
  }
}

export async function runHistoryListBench(): Promise<LatencyRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'timbre-history-bench-'))
  const database = await openDatabase({ dataDir: 'memory://' })
  await migrateToLatest(database.db)
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SPEECH_WORKERS: '1',
    SECRET_KEY: 'b'.repeat(32),
    PUBLIC_URL: 'http://bench.local',
    WEB_DIST_DIR: '/nonexistent',
  })
  // Workers stay on: with `runWorkers: false` on PGlite, sign-up's mail job never enqueues (a hang).
  const app = await buildApp(config, { database, logger: false, mailTransport: null })
  try {
    await app.ready()
    const { db } = database
    const token = await signUp(app)
    const user = await db.selectFrom('users').select(['id', 'workspace_id']).executeTakeFirstOrThrow()
    const insertStart = performance.now()
    await insertItems(db, user.workspace_id, user.id)
    console.log(
      `inserted ${ITEMS.toLocaleString('en-US')} history items in ${((performance.now() - insertStart) / 1000).toFixed(1)} s (PGlite, one workspace)`,
    )

    const deep = await sql<{ id: string }>`
      select id from history_items where workspace_id = ${user.workspace_id}
      order by created_at desc, id desc offset ${ITEMS - 1000} limit 1`.execute(db)
    const deepId = deep.rows[0]?.id ?? ''
    const ws = user.workspace_id
    const pageSql = (extra: ReturnType<typeof sql>) => sql`
      select * from history_items where workspace_id = ${ws} ${extra}
      order by created_at desc, id desc limit ${PAGE_SIZE + 1}`
    const cases: Array<{ name: string; url: string; iterations: number; raw: () => Promise<unknown> }> = [
      {
        name: 'first page (100 items)',
        url: '/v1/history',
        iterations: 300,
        raw: () => pageSql(sql``).execute(db),
      },
      {
        name: 'deep page (cursor at 99,000)',
        url: `/v1/history?start_after_history_item_id=${deepId}`,
        iterations: 300,
        raw: async () => {
          const cursor = await sql<{ created_at: string }>`
            select created_at::text as created_at from history_items where workspace_id = ${ws} and id = ${deepId}`.execute(
            db,
          )
          const at = cursor.rows[0]?.created_at ?? ''
          await pageSql(sql`and (created_at, id) < (${at}::timestamptz, ${deepId})`).execute(db)
        },
      },
      {
        name: 'search, common word (20% match)',
        url: '/v1/history?search=mountains',
        iterations: 200,
        raw: () => pageSql(sql`and text ilike ${'%mountains%'} escape '\\'`).execute(db),
      },
      {
        name: 'search, one match (rare word)',
        url: '/v1/history?search=number%2054321%20',
        iterations: 30,
        raw: () => pageSql(sql`and text ilike ${'%number 54321 %'} escape '\\'`).execute(db),
      },
    ]
    const rows: LatencyRow[] = []
    for (const c of cases) {
      const check = await app.inject({ url: c.url, headers: { authorization: `Bearer ${token}` } })
      if (check.statusCode !== 200) throw new Error(`${c.url}: ${check.statusCode} ${check.body}`)
      const api = await measure(c.iterations, async () => {
        await app.inject({ url: c.url, headers: { authorization: `Bearer ${token}` } })
      })
      const raw = await measure(c.iterations, async () => {
        await c.raw()
      })
      rows.push({
        query: c.name,
        apiP50: api.p50,
        apiP99: api.p99,
        sqlP50: raw.p50,
        sqlP99: raw.p99,
        iterations: c.iterations,
      })
    }
    printTable(rows)
    return rows
  } finally {
    await app.close()
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** `npm run bench` entry (bench/run.ts). */
export async function bench(): Promise<void> {
  await runHistoryListBench()
}

const invokedPath = process.argv[1]
if (invokedPath && import.meta.url === pathToFileURL(resolve(invokedPath)).href) {
  await runHistoryListBench()
}
