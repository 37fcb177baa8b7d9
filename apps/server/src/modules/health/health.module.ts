import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { DomainModule } from '../domain-module.js'
import { configRoutes, type PublicConfigInfo } from './config.routes.js'
import { createHealthRepository } from './health.repository.js'
import { healthRoutes } from './health.routes.js'

export interface HealthModuleDeps {
  db: Database
  queue: JobQueue
  /** What /v1/config tells the web app before sign-in. */
  publicConfig: PublicConfigInfo
}

/** /healthz, /readyz and the public settings at /v1/config. */
export function createHealthModule(deps: HealthModuleDeps): DomainModule {
  const repository = createHealthRepository(deps.db)
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(healthRoutes(repository, deps.queue))
    await app.register(configRoutes(deps.publicConfig))
  }
  return { name: 'health', routes, ports: {} }
}
