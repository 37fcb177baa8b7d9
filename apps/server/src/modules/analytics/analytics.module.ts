import type { Database } from '../../db/database.js'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import { createAnalyticsRepository } from './analytics.repository.js'
import { analyticsRoutes } from './analytics.routes.js'
import { createAnalyticsService } from './analytics.service.js'
import { createEventBuffer } from './event-buffer.js'
import { meterRecorder, type RequestEvent } from './request-meter.js'

export type { RequestEvent } from './request-meter.js'

export interface AnalyticsPorts {
  /** Wraps the recorder so every generation through it is metered. */
  meter(recorder: Recorder): Recorder
}

/** Events written per statement, and how many may wait in memory before new ones are dropped. */
const BATCH_SIZE = 500
const MAX_BUFFERED = 20_000
const FLUSH_INTERVAL_MS = 1_000

/**
 * Usage analytics: every generation metered into a bounded in-memory buffer and written in
 * batches (every second, or at once when a batch is full; what is left is written on stop),
 * and the admin queries over them.
 */
export function createAnalyticsModule(deps: {
  db: Database
  region: string
  log?: (message: string, details: object) => void
}): DomainModule<AnalyticsPorts> {
  const repo = createAnalyticsRepository(deps.db)
  const buffer = createEventBuffer<RequestEvent>({
    write: (batch) => repo.insert(batch),
    maxSize: MAX_BUFFERED,
    batchSize: BATCH_SIZE,
    intervalMs: FLUSH_INTERVAL_MS,
    ...(deps.log ? { log: deps.log } : {}),
  })
  const service = createAnalyticsService({ repo, flushPending: () => buffer.flush() })
  return {
    name: 'analytics',
    routes: analyticsRoutes(service),
    start: () => buffer.start(),
    stop: () => buffer.stop(),
    ports: {
      meter: (recorder) => meterRecorder(recorder, { region: deps.region, sink: (e) => buffer.push(e) }),
    },
  }
}
