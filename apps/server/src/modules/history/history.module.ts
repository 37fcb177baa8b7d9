import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Transaction } from 'kysely'
import type { AppDeps } from '../../app-deps.js'
import type { DB } from '../../db/schema.js'
import type { DomainModule } from '../domain-module.js'
import { createHistoryRepository, type NewHistoryItem } from './history.repository.js'
import { historyRoutes } from './history.routes.js'
import { createHistoryService } from './history.service.js'
import { createHistoryDownloadService } from './history-download.service.js'
import { shareRoutes } from './share.routes.js'

export type { NewHistoryItem }

export interface HistoryPorts {
  /** Writes a generation's history item inside the caller's transaction (the recorder's). */
  insert(trx: Transaction<DB>, item: NewHistoryItem): Promise<void>
  /** The texts of earlier generations by request id, for `previous_request_ids` context. */
  textsByRequestId(workspaceId: string, requestIds: string[]): Promise<Map<string, string>>
  /** The sources (TTS, STS, ...) a user has generated speech with. */
  sourcesOfUser(userId: string): Promise<string[]>
}

/** Speech history: list, get, delete, audio, download, feedback, share links. */
export function createHistoryModule(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config'> & { warn: (message: string, details: object) => void },
): DomainModule<HistoryPorts> {
  const repository = createHistoryRepository(deps.db)
  const history = createHistoryService({
    repository,
    storage: deps.storage,
    publicUrl: deps.config.publicUrl,
    warn: deps.warn,
  })
  const downloads = createHistoryDownloadService({ repository, storage: deps.storage })
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(historyRoutes(history, downloads))
    await app.register(shareRoutes(history))
  }
  return {
    name: 'history',
    routes,
    ports: {
      insert: (trx, item) => repository.insert(trx, item),
      textsByRequestId: (workspaceId, requestIds) => repository.textsByRequestId(workspaceId, requestIds),
      sourcesOfUser: (userId) => repository.sourcesOfUser(userId),
    },
  }
}
