import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../apps/server/src/app.js'
import { loadConfig } from '../../apps/server/src/config.js'
import {
  embeddedDataDir,
  migrateToLatest,
  openDatabase,
  openMigratedDatabase,
} from '../../apps/server/src/db/database.js'
import {
  buildTinyKokoroModel,
  tinyKokoroConfig,
  voicePack,
  voicesArchive,
} from '../../packages/speech/test/helpers/tiny-kokoro-model.js'
import { buildTinyPiperModel, tinyPiperConfig } from '../../packages/speech/test/helpers/tiny-piper-model.js'

/**
 * A Kokoro folder in the models directory with the tests' tiny model (a few kB) and two voice
 * packs in Kokoro's archive format: what the server keeps in memory for a model, less the weights.
 */
function writeTinyKokoro(modelsDir: string): void {
  const folder = join(modelsDir, 'kokoro-tiny')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'config.json'), JSON.stringify(tinyKokoroConfig()))
  writeFileSync(join(folder, 'model.onnx'), buildTinyKokoroModel())
  writeFileSync(
    join(folder, 'voices-v1.0.bin'),
    voicesArchive({ af_tiny: voicePack(0.3), bm_tiny: voicePack(0.2) }),
  )
}

/** The file name of the tests' tiny Piper model in the bench's models directory. */
export const TINY_PIPER_FILE = 'en_US-tiny-x_low.onnx'

/** A Piper model (the tests' tiny one, with Piper's inputs and output) and its config beside it. */
function writeTinyPiper(modelsDir: string): void {
  mkdirSync(modelsDir, { recursive: true })
  writeFileSync(join(modelsDir, TINY_PIPER_FILE), buildTinyPiperModel())
  writeFileSync(join(modelsDir, `${TINY_PIPER_FILE}.json`), JSON.stringify(tinyPiperConfig()))
}

/**
 * The real server on an embedded database, listening on a free port, with a user on a big plan.
 * `dataDir`: the data directory (kept at stop) with the embedded database on disk in it, opened
 * as the server opens it; otherwise a new directory and the database in memory.
 */
export async function startBenchServer(
  options: { speechWorkers?: number; tinyKokoro?: boolean; dataDir?: string } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'timbre-bench-'))
  if (options.tinyKokoro) {
    writeTinyKokoro(join(dataDir, 'models'))
    writeTinyPiper(join(dataDir, 'models'))
  }
  // BENCH_DATABASE_URL: PostgreSQL instead of the embedded database (whose memory is not ours).
  const databaseUrl = process.env.BENCH_DATABASE_URL
  const database = databaseUrl
    ? await openMigratedDatabase({ databaseUrl })
    : options.dataDir
      ? await openMigratedDatabase({ dataDir: embeddedDataDir(dataDir) })
      : await openDatabase({ dataDir: 'memory://' })
  if (!databaseUrl && !options.dataDir) await migrateToLatest(database.db)
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'b'.repeat(32),
    SPEECH_WORKERS: String(options.speechWorkers ?? 2),
    // The bench can compare the speech threads with and without their warm-up.
    ...(process.env.SPEECH_WARM_UP ? { SPEECH_WARM_UP: process.env.SPEECH_WARM_UP } : {}),
    // ... and the threads started with the server (as npm start does) or with the first request.
    ...(process.env.SPEECH_START_AT_BOOT ? { SPEECH_START_AT_BOOT: process.env.SPEECH_START_AT_BOOT } : {}),
    WEB_DIST_DIR: '/nonexistent',
  })
  const app = await buildApp(config, {
    database,
    logger: false,
    mailTransport: null,
    startSpeech: config.speechStartAtBoot,
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  const email = `bench-${Date.now()}@example.com`
  const password = 'bench password 1'
  await app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: { email, password } })
  const user = await database.db
    .selectFrom('users')
    .select(['id', 'workspace_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  await database.db
    .updateTable('users')
    .set({ email_verified_at: new Date() })
    .where('id', '=', user.id)
    .execute()
  // Scale plan (concurrency 15) with room for any number of requests.
  await database.db
    .updateTable('subscriptions')
    .set({ tier: 'growing_business', status: 'active', character_limit: 1_000_000_000 })
    .where('workspace_id', '=', user.workspace_id)
    .execute()
  const tokens = (
    await app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email, password } })
  ).json()
  const key = (
    await app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { name: 'bench' },
    })
  ).json().api_key as string
  return {
    app,
    url,
    apiKey: key,
    database,
    workspaceId: user.workspace_id,
    async stop() {
      app.server.closeAllConnections()
      await app.close()
      await database.close()
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}

/** Runs `count` tasks with at most `concurrency` at once; returns each task's result. */
export async function pooled<T>(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  const lanes = Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++
      results[i] = await task(i)
    }
  })
  await Promise.all(lanes)
  return results
}

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-')
