import type { Database } from '../../db/database.js'
import type { DomainModule } from '../domain-module.js'
import { createConcurrencyRepository } from './concurrency.repository.js'
import {
  type ConcurrencyLog,
  type ConcurrencySlots,
  createConcurrencyService,
} from './concurrency.service.js'

export type { ConcurrencySlots, HeldSlot } from './concurrency.service.js'

export interface ConcurrencyPorts {
  slots: ConcurrencySlots
}

/** Concurrency slots shared by every process on the database; `start` runs the lease heartbeat. */
export function createConcurrencyModule(deps: {
  db: Database
  config: { concurrency: { leaseMs: number; heartbeatMs: number } }
  log?: ConcurrencyLog
}): DomainModule<ConcurrencyPorts> {
  const service = createConcurrencyService({
    repository: createConcurrencyRepository(deps.db),
    leaseMs: deps.config.concurrency.leaseMs,
    heartbeatMs: deps.config.concurrency.heartbeatMs,
    ...(deps.log ? { log: deps.log } : {}),
  })
  return {
    name: 'concurrency',
    start: service.start,
    stop: service.stop,
    ports: { slots: service.slots },
  }
}
