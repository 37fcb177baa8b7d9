// Server memory and first audio byte on each database, in one run: the server process's RSS
// at rest after a first start (a new data directory), at rest after a restart on it, its peak
// while POST /v1/text-to-speech/{id}/stream runs at concurrency 8, and after; with the first
// byte at c=1 (p50) and c=8 (p99). Embedded PGlite on disk in the data directory (as the server
// runs it) and PostgreSQL at BENCH_DATABASE_URL; beside a bare node process (plain and with
// tsx's loader, which the bench server runs under from the sources) in the same run.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PREMADE_VOICES } from '@timbre/speech'
import { fmt, percentile, pooled } from './bench-app.js'
import { bareNodeRss, type ChildServer, memoryOf, startChildServer } from './child-process.js'
import { apiFirstByte, EN, type Sample, text1000 } from './tts-stream.bench.js'

const QUICK = process.env.BENCH_QUICK === '1'
const ROUNDS = QUICK ? { c1: 6, c8: 16 } : { c1: 12, c8: 32 }
const WORKERS = 2
const SETTLE_MS = 3000
const voice = PREMADE_VOICES.find((v) => v.name === 'Emma')!

/** The built server (`npm run build`), as `npm start` runs it; otherwise the sources under tsx. */
const BUILT = existsSync(join(dirname(fileURLToPath(import.meta.url)), '../../apps/server/dist/app.js'))

const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS))

interface Figures {
  firstStart: number
  restart: number | null
  peak8: number
  after: number
  c1: Sample[]
  c8: Sample[]
}

async function load(server: ChildServer): Promise<Omit<Figures, 'firstStart' | 'restart'>> {
  const pid = server.child.pid!
  await apiFirstByte(server.url, server.apiKey, voice, text1000(EN, 0))
  const c1 = await pooled(ROUNDS.c1, 1, (i) =>
    apiFirstByte(server.url, server.apiKey, voice, text1000(EN, i)),
  )
  let peak8 = memoryOf(pid).rssMb
  const sampler = setInterval(() => {
    peak8 = Math.max(peak8, memoryOf(pid).rssMb)
  }, 50)
  const c8 = await pooled(ROUNDS.c8, 8, (i) =>
    apiFirstByte(server.url, server.apiKey, voice, text1000(EN, i)),
  )
  clearInterval(sampler)
  await settle()
  return { peak8, after: memoryOf(pid).rssMb, c1, c8 }
}

async function measure(databaseUrl: string): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'timbre-bench-memory-'))
  try {
    const first = await startChildServer(WORKERS, { dataDir, databaseUrl, built: BUILT })
    await settle()
    const firstStart = memoryOf(first.child.pid!).rssMb
    await first.stop()
    // A restart finds the database made and migrated: what a server at rest runs with.
    const server = await startChildServer(WORKERS, { dataDir, databaseUrl, built: BUILT })
    try {
      await settle()
      const restart = memoryOf(server.child.pid!).rssMb
      return { firstStart, restart, ...(await load(server)) }
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const ms = (xs: Sample[], q: number) =>
  fmt(
    percentile(
      xs.map((x) => x.ttfb),
      q,
    ),
  )

export async function bench(): Promise<void> {
  const bare = await bareNodeRss(false)
  const bareTsx = await bareNodeRss(true)
  const rows: string[] = []
  const runs: Array<[string, string]> = [['embedded PGlite (on disk in DATA_DIR)', '']]
  if (process.env.BENCH_DATABASE_URL) runs.push(['PostgreSQL', process.env.BENCH_DATABASE_URL])
  for (const [label, url] of runs) {
    const f = await measure(url)
    rows.push(
      `| ${label} | ${fmt(f.firstStart)} | ${fmt(f.restart ?? Number.NaN)} | ${fmt(f.peak8)} | ${fmt(f.after)} | ${ms(f.c1, 50)} | ${ms(f.c8, 99)} |`,
    )
  }
  console.log(
    `server memory (RSS, MB; ${BUILT ? 'the built server under plain node, as npm start runs it' : 'the sources under tsx: run npm run build for the figures of npm start'}) and first audio byte of POST /stream (ms), Flite Emma, 1,000 characters, ${WORKERS} speech workers, ${ROUNDS.c1} requests at c=1, ${ROUNDS.c8} at c=8`,
  )
  console.log(
    '| database | at rest after first start | at rest after restart | peak at c=8 | after the load | TTFB p50 c=1 | TTFB p99 c=8 |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
  console.log(`| bare node process (baseline) | ${fmt(bare)} | - | - | - | - | - |`)
  console.log(
    `| bare node process with tsx's loader (as the bench server runs) | ${fmt(bareTsx)} | - | - | - | - | - |`,
  )
  if (!process.env.BENCH_DATABASE_URL) console.log('PostgreSQL: not run (set BENCH_DATABASE_URL)')
}
