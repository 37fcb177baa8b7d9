import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '../../app-deps.js'
import { createHistoryRepository } from './history.repository.js'
import { historyRoutes } from './history.routes.js'
import { createHistoryService } from './history.service.js'
import { createHistoryDownloadService } from './history-download.service.js'
import { shareRoutes } from './share.routes.js'

/** Speech history: list, get, delete, audio, download, feedback, share links. */
export function historyModule(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const repository = createHistoryRepository(deps.db)
    const history = createHistoryService({
      repository,
      storage: deps.storage,
      publicUrl: deps.config.publicUrl,
      warn: (message, details) => app.log.warn(details, message),
    })
    const downloads = createHistoryDownloadService({ repository, storage: deps.storage })
    await app.register(historyRoutes(history, downloads))
    await app.register(shareRoutes(history, deps.config.publicUrl))
  }
}
