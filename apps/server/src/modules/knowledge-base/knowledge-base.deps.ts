import { KB_STORAGE_LIMIT_BYTES, type Tier } from '@timbre/contract'
import type { JobQueue } from '../../jobs/queue.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { DocumentReader } from '../studio/studio.module.js'
import type { EmbeddingsEndpoint } from './embeddings.js'
import type { KnowledgeBaseRepository } from './knowledge-base.repository.js'
import type { RagIndexesRepository } from './rag-indexes.repository.js'

/** An agent that uses some of the documents asked about. */
export interface DependentAgent {
  id: string
  name: string
  createdAtUnixSecs: number
  /** Which of the documents asked about it uses. */
  documentIds: string[]
}

/** How the agents domain tells which of its agents use documents (registered when it is built). */
export type DependentAgentsLookup = (input: {
  workspaceId: string
  documentIds: string[]
}) => Promise<DependentAgent[]>

/** What the knowledge base's use cases are given. */
export interface KnowledgeBaseDeps {
  documents: KnowledgeBaseRepository
  indexes: RagIndexesRepository
  queue: JobQueue
  reader: DocumentReader
  outbound: OutboundPolicy
  tierOf: (workspaceId: string) => Promise<string>
  /** The operator's embeddings endpoint; null: passages are found by their words alone. */
  embeddings: EmbeddingsEndpoint | null
  /** Filled in by the agents domain; until then no document has dependent agents. */
  dependents: { lookup: DependentAgentsLookup | null }
}

export async function dependentAgents(
  deps: KnowledgeBaseDeps,
  workspaceId: string,
  documentIds: string[],
): Promise<DependentAgent[]> {
  if (!deps.dependents.lookup || documentIds.length === 0) return []
  return deps.dependents.lookup({ workspaceId, documentIds })
}

/** The plan's storage limit of a workspace's knowledge base, in bytes. */
export async function storageLimit(deps: KnowledgeBaseDeps, workspaceId: string): Promise<number> {
  const tier = await deps.tierOf(workspaceId)
  return KB_STORAGE_LIMIT_BYTES[tier as Tier] ?? KB_STORAGE_LIMIT_BYTES.free
}
