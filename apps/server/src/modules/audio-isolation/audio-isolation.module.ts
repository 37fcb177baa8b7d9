import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import { createIsolationRepository } from './audio-isolation.repository.js'
import { audioIsolationRoutes } from './audio-isolation.routes.js'
import {
  createIsolationService,
  DEFAULT_ISOLATION_LIMITS,
  type IsolationLimits,
} from './audio-isolation.service.js'
import { createIsolationJobsRepository } from './isolation-jobs.repository.js'
import { createIsolationJobs } from './isolation-jobs.service.js'

/** Voice isolation (RNNoise with a voice-activity gate) as background jobs, and its history. */
export function createAudioIsolationModule(deps: {
  db: Database
  storage: FileStorage
  recorder: Recorder
  queue: JobQueue
  log?: (message: string, details: object) => void
  /** Lower limits than the product's (an operator's choice); higher ones are ignored. */
  limits?: Partial<IsolationLimits>
}): DomainModule {
  const limits: IsolationLimits = {
    maxBytes: Math.min(deps.limits?.maxBytes ?? Infinity, DEFAULT_ISOLATION_LIMITS.maxBytes),
    maxSeconds: Math.min(deps.limits?.maxSeconds ?? Infinity, DEFAULT_ISOLATION_LIMITS.maxSeconds),
  }
  const service = createIsolationService({
    recorder: deps.recorder,
    repository: createIsolationRepository(deps.db),
    storage: deps.storage,
    limits,
  })
  const jobs = createIsolationJobs({
    isolation: service,
    jobs: createIsolationJobsRepository(deps.db),
    queue: deps.queue,
    storage: deps.storage,
    ...(deps.log ? { log: deps.log } : {}),
  })
  return {
    name: 'audio-isolation',
    jobs: (queue) => queue.work('audio-isolation.run', ({ jobId }) => jobs.run(jobId)),
    routes: async (app) => {
      await app.register(audioIsolationRoutes(service, jobs, limits))
    },
    ports: {},
  }
}
