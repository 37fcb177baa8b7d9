import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import { startHeldJobs } from '../../platform/jobs/held-run-runner.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { DomainModule } from '../domain-module.js'
import type { DocumentReader } from '../studio/studio.module.js'
import type { EmbeddingsEndpoint } from './embeddings.js'
import type { DependentAgentsLookup, KnowledgeBaseDeps } from './knowledge-base.deps.js'
import { createKnowledgeBaseRepository } from './knowledge-base.repository.js'
import { documentRoutes, knowledgeBaseRoutes } from './knowledge-base.routes.js'
import { createKnowledgeBaseService } from './knowledge-base.service.js'
import type { Found } from './passage-search.js'
import { createIndexJob } from './rag-index.js'
import { ragIndexRoutes } from './rag-index.routes.js'
import { createRagIndexesRepository } from './rag-indexes.repository.js'

/** How often, where jobs run, index builds whose worker died are handed to a new run. */
const RECOVERY_SWEEP_MS = 15_000

/** What the agents domain may ask of the knowledge base. */
export interface KnowledgeBasePorts {
  /** The passages of these documents that best answer `query`, best first. */
  retrieve(input: {
    workspaceId: string
    documentIds: string[]
    query: string
    limit: number
  }): Promise<Found[]>
  /** Whether every id names a document (not a folder) of the workspace. */
  documentsExist(input: { workspaceId: string; ids: string[] }): Promise<boolean>
  /** Names, types and sizes of documents (the ids that exist), for an agent's configuration. */
  documentSummaries(input: {
    workspaceId: string
    ids: string[]
  }): Promise<{ id: string; name: string; type: string; sizeBytes: number }[]>
  /** The bytes of text these documents hold together (an agent's knowledge base size). */
  knowledgeSize(input: { workspaceId: string; ids: string[] }): Promise<number>
  /** Lets the agents domain answer which agents use documents (deletes check it). */
  registerDependentAgents(lookup: DependentAgentsLookup): void
}

/** The agents' knowledge base: documents, folders, chunks, retrieval indexes and retrieval. */
export function createKnowledgeBaseModule(deps: {
  db: Database
  queue: JobQueue
  documents: DocumentReader
  outbound: OutboundPolicy
  tierOf: (workspaceId: string) => Promise<string>
  embeddings: EmbeddingsEndpoint | null
  log?: (message: string, details: object) => void
}): DomainModule<KnowledgeBasePorts> {
  const kb: KnowledgeBaseDeps = {
    documents: createKnowledgeBaseRepository(deps.db),
    indexes: createRagIndexesRepository(deps.db),
    queue: deps.queue,
    reader: deps.documents,
    outbound: deps.outbound,
    tierOf: deps.tierOf,
    embeddings: deps.embeddings,
    dependents: { lookup: null },
  }
  const service = createKnowledgeBaseService(kb)
  const indexJob = createIndexJob(kb, deps.log)
  let stopRecovery: () => void = () => undefined
  return {
    name: 'knowledge-base',
    jobs: async (queue) => {
      stopRecovery = await startHeldJobs(queue, [indexJob], { sweepMs: RECOVERY_SWEEP_MS, log: deps.log })
    },
    stop: () => stopRecovery(),
    routes: async (app) => {
      await app.register(knowledgeBaseRoutes(service))
      await app.register(documentRoutes(service))
      await app.register(ragIndexRoutes(service))
    },
    ports: {
      retrieve: service.retrieve,
      documentsExist: service.documentsExist,
      documentSummaries: service.documentSummaries,
      knowledgeSize: service.knowledgeSize,
      registerDependentAgents(lookup) {
        kb.dependents.lookup = lookup
      },
    },
  }
}

export type { DependentAgent, DependentAgentsLookup } from './knowledge-base.deps.js'
export type { Found as RetrievedPassage } from './passage-search.js'
