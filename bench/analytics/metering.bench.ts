// What metering costs a generation: the recorder's calls on the request path (begin, chunks
// delivered, complete) through the meter versus the same recorder bare, and how fast the
// buffered events are written afterwards (batched inserts on the embedded database, off the
// request path). The inner recorder does no work of its own, so the difference is the meter's.
import { performance } from 'node:perf_hooks'
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.js'
import { createAnalyticsRepository } from '../../apps/server/src/modules/analytics/analytics.repository.js'
import { createEventBuffer } from '../../apps/server/src/modules/analytics/event-buffer.js'
import { meterRecorder, type RequestEvent } from '../../apps/server/src/modules/analytics/request-meter.js'
import type { Recorder, RecordingInput } from '../../apps/server/src/modules/recording/recording.module.js'

const ITERATIONS = 50_000
const CHUNKS = 10

const bare: Recorder = {
  async begin() {
    return {
      historyItemId: null,
      cost: 10,
      charged: 10,
      concurrent: 1,
      reservePiece: async () => 0,
      delivered: () => undefined,
      held: () => undefined,
      complete: async () => undefined,
      fail: async () => undefined,
    }
  },
}

const input = {
  principal: {
    userId: 'user',
    workspaceId: 'workspace',
    email: 'a@example.com',
    emailVerified: true,
    via: 'api_key',
    apiKey: { id: 'key', permissions: null, characterLimit: null, characterCount: 0 },
    request: {
      ip: '127.0.0.1',
      userAgent: null,
      method: 'POST',
      path: '/v1/text-to-speech/:voice_id',
      receivedAt: 0,
    },
  },
  requestId: 'request',
  kind: 'tts',
  format: {} as RecordingInput['format'],
  costMultiplier: 1,
  history: null,
  meter: { modelId: 'eleven_multilingual_v2', resourceId: 'voice', resourceName: 'Emma' },
  charge: { text: 'Hello there, a short sentence of text.', hash: null },
} as RecordingInput
const chunk = { audio: new Uint8Array(0), alignment: null, characters: 4, piece: 0, endSeconds: 0.1 }

async function run(recorder: Recorder): Promise<number> {
  const start = performance.now()
  for (let i = 0; i < ITERATIONS; i++) {
    const recording = await recorder.begin(input)
    for (let c = 0; c < CHUNKS; c++) recording.delivered(chunk)
    await recording.complete()
  }
  return ((performance.now() - start) * 1000) / ITERATIONS
}

export async function bench(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL
  const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' })
  await migrateToLatest(database.db)
  const repo = createAnalyticsRepository(database.db)
  // The request path: the meter and its buffer as the module runs them (batches of 500), with
  // the batches handed to a writer that keeps nothing, so only the path itself is timed.
  let handed = 0
  const buffer = createEventBuffer<RequestEvent>({
    write: async (batch) => {
      handed += batch.length
    },
    maxSize: 20_000,
    batchSize: 500,
    intervalMs: 1000,
  })
  const metered = meterRecorder(bare, { region: 'bench', sink: (e) => buffer.push(e) })
  // Warm up both paths, then time each twice and keep the best.
  await run(bare)
  await run(metered)
  const bareUs = [await run(bare), await run(bare)]
  const meteredUs = [await run(metered), await run(metered)]
  await buffer.stop()
  const best = (xs: number[]) => Math.min(...xs)
  console.log(`request path per generation (begin, ${CHUNKS} chunks, complete), best of 2 x ${ITERATIONS}:`)
  console.log(`  bare recorder     ${best(bareUs).toFixed(2)} µs`)
  console.log(
    `  metered recorder  ${best(meteredUs).toFixed(2)} µs  (+${(best(meteredUs) - best(bareUs)).toFixed(2)} µs per request)`,
  )
  console.log(`events handed to the writer: ${handed}, dropped by the bound: ${buffer.dropped}`)
  // Write throughput in the module's batch size: 10,000 events in batches of 500.
  const events = Array.from({ length: 10_000 }, (_, i) => ({
    id: `bench-${Date.now()}-${i}`,
    workspaceId: 'workspace',
    userId: 'user',
    apiKeyId: 'key',
    requestId: `r${i}`,
    product: 'text_to_speech' as const,
    kind: 'tts',
    modelId: 'eleven_multilingual_v2',
    resourceId: 'voice',
    resourceName: 'Emma',
    region: 'bench',
    queue: 'realtime' as const,
    source: 'api' as const,
    characters: 40,
    credits: 40,
    ttfbMs: 120,
    durationMs: 400,
    concurrency: 1,
    status: 'success' as const,
    errorCode: null,
    httpMethod: 'POST',
    httpPath: '/v1/text-to-speech/:voice_id',
    startedAt: new Date(),
  }))
  const insertStart = performance.now()
  for (let i = 0; i < events.length; i += 500) await repo.insert(events.slice(i, i + 500))
  const insertMs = performance.now() - insertStart
  console.log(
    `deferred batched insert (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded database'}): ${events.length} events in ${insertMs.toFixed(0)} ms = ${Math.round(events.length / (insertMs / 1000))} events/s, ${((insertMs * 1000) / events.length).toFixed(0)} µs per event`,
  )
  await database.close()
}
