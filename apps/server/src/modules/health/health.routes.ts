import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { JobQueue } from '../../jobs/queue.js'
import type { HealthRepository } from './health.repository.js'

/** Liveness (the process answers) and readiness (its database and job queue answer). */
export function healthRoutes(repository: HealthRepository, queue: JobQueue): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        config: { auth: 'public' },
        // Probes ask every few seconds: a log line each would bury the lines worth reading.
        logLevel: 'silent',
        schema: {
          tags: ['health'],
          summary: 'The process is up',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    )

    app.get(
      '/readyz',
      {
        config: { auth: 'public' },
        logLevel: 'silent',
        schema: {
          tags: ['health'],
          summary: 'The database and the job queue answer',
          response: {
            200: z.object({ status: z.literal('ready'), database: z.boolean(), queue: z.boolean() }),
            503: z.object({ status: z.literal('unavailable'), database: z.boolean(), queue: z.boolean() }),
          },
        },
      },
      async (_request, reply) => {
        const database = await repository.databaseAnswers()
        const queueReady = await queue.isReady()
        if (database && queueReady) return { status: 'ready' as const, database, queue: queueReady }
        return reply.status(503).send({ status: 'unavailable' as const, database, queue: queueReady })
      },
    )
  }
}
