import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { JobQueue } from '../jobs/queue.js'

/**
 * The one shape of a domain. `create<Domain>Module(deps)` in `<domain>.module.ts` takes the
 * shared infrastructure and the ports of the domains it depends on, builds its repositories and
 * services, and returns this. `app.ts` builds the modules in dependency order and registers
 * them as a list; nothing else wires a domain.
 *
 * - `routes`: thin HTTP handlers (parse, call a service, shape the reply).
 * - `jobs`: the queue handlers this domain runs in the worker roles.
 * - `start`/`stop`: background work that lives as long as the process (sweepers, leases).
 * - `ports`: the typed calls other domains may make; nothing else of a domain is imported
 *   by another domain.
 */
export interface DomainModule<Ports extends object = Record<string, never>> {
  readonly name: string
  readonly routes?: FastifyPluginAsyncZod
  readonly jobs?: (queue: JobQueue) => Promise<void>
  readonly start?: () => Promise<void> | void
  readonly stop?: () => Promise<void> | void
  readonly ports: Ports
}
