import type { KbEmbeddingModel, KbIndexState } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { defineHeldJob, type HeldRun } from '../../platform/jobs/held-run-runner.js'
import { EMBEDDING_BATCH, embed, sourceOf } from './embeddings.js'
import { type KnowledgeBaseDeps, storageLimit } from './knowledge-base.deps.js'
import type { DocumentRow } from './knowledge-base.repository.js'
import type { RagIndexRow } from './rag-indexes.repository.js'

// A document's retrieval index is built as a job with a percent done: its chunks are read and,
// when the operator configured an embeddings endpoint, given vectors batch by batch (the percent
// moves with the batches); without one the index is the passages' words, which BM25 reads at
// question time. An index remembers the content version and the endpoint it was built from: a
// later change of the text makes it stale, a change of endpoint makes its vectors unavailable.

const HEARTBEAT_MS = 5_000
export const INDEX_STALE_SECONDS = 60
const PROGRESS_WRITE_MS = 500
/** Below this many characters a document is too small to index (it is read whole instead). */
const MIN_INDEX_CHARS = 1

export type PublicIndexStatus =
  | 'created'
  | 'processing'
  | 'failed'
  | 'succeeded'
  | 'document_too_small'
  | 'cannot_index_folder'

export function publicStatus(row: RagIndexRow): PublicIndexStatus {
  if (row.status === 'queued') return 'created'
  if (row.status === 'running') return 'processing'
  return row.status
}

/** What the index is worth for retrieval now (see KB_INDEX_STATES). */
export function indexState(
  deps: KnowledgeBaseDeps,
  row: RagIndexRow,
  document: Pick<DocumentRow, 'content_version'>,
): KbIndexState {
  if (row.status === 'queued' || row.status === 'running') return 'in_progress'
  if (row.status !== 'succeeded') return 'failed'
  if (row.content_version !== document.content_version) return 'stale'
  const current = deps.embeddings ? sourceOf(deps.embeddings) : null
  if (row.embeddings_source && row.embeddings_source !== current) return 'unavailable'
  return 'ready'
}

export function indexView(
  deps: KnowledgeBaseDeps,
  row: RagIndexRow,
  document: Pick<DocumentRow, 'content_version'>,
) {
  return {
    id: row.id,
    model: row.model,
    status: publicStatus(row),
    progress_percentage: row.status === 'succeeded' ? 100 : row.progress,
    document_model_index_usage: { used_bytes: row.used_bytes },
    state: indexState(deps, row, document),
    has_vectors: row.embeddings_source !== null,
    error: row.error_message,
  }
}

/** Queues a build of the document's index for a model (folders answer cannot_index_folder). */
export async function queueIndex(
  deps: KnowledgeBaseDeps,
  workspaceId: string,
  documentId: string,
  model: KbEmbeddingModel,
) {
  const document = await deps.documents.find(workspaceId, documentId)
  if (!document) throw new AppError('kb_document_not_found')
  const folder = document.type === 'folder'
  const now = new Date()
  return deps.indexes.queue(
    {
      id: newId(),
      workspace_id: workspaceId,
      document_id: documentId,
      model,
      status: folder ? 'cannot_index_folder' : 'queued',
      content_version: document.content_version,
      embeddings_source: null,
      error_message: null,
      created_at: now,
      updated_at: now,
    },
    (trx, id) => deps.queue.send('knowledge-base.index', { indexId: id }, { trx }),
  )
}

/** POST /{id}/rag-index: the index of a model, queued for building unless it is ready or under way. */
export async function computeIndex(
  deps: KnowledgeBaseDeps,
  workspaceId: string,
  documentId: string,
  model: KbEmbeddingModel,
) {
  const document = await deps.documents.find(workspaceId, documentId)
  if (!document) throw new AppError('kb_document_not_found')
  const [existing] = await deps.indexes.ofDocument(documentId, model)
  const worth = existing ? indexState(deps, existing, document) : null
  if (!existing || worth === 'stale' || worth === 'unavailable' || worth === 'failed') {
    await queueIndex(deps, workspaceId, documentId, model)
  }
  const [row] = await deps.indexes.ofDocument(documentId, model)
  if (!row) throw new AppError('kb_document_not_found')
  return indexView(deps, row, document)
}

export async function documentIndexes(deps: KnowledgeBaseDeps, workspaceId: string, documentId: string) {
  const document = await deps.documents.find(workspaceId, documentId)
  if (!document) throw new AppError('kb_document_not_found')
  const rows = await deps.indexes.ofDocument(documentId)
  return { indexes: rows.map((row) => indexView(deps, row, document)) }
}

export async function removeIndex(
  deps: KnowledgeBaseDeps,
  workspaceId: string,
  documentId: string,
  indexId: string,
) {
  const document = await deps.documents.find(workspaceId, documentId)
  if (!document) throw new AppError('kb_document_not_found')
  const [row] = (await deps.indexes.ofDocument(documentId)).filter((r) => r.id === indexId)
  if (!row) throw new AppError('not_found', { message: 'Retrieval index not found.' })
  await deps.indexes.remove(workspaceId, documentId, indexId)
  return indexView(deps, row, document)
}

export async function indexOverview(deps: KnowledgeBaseDeps, workspaceId: string) {
  const used = await deps.indexes.totalUsed(workspaceId)
  return {
    total_used_bytes: used.reduce((sum, m) => sum + m.used, 0),
    total_max_bytes: await storageLimit(deps, workspaceId),
    models: used.map((m) => ({ model: m.model, used_bytes: m.used })),
  }
}

/** The job's work, rebuilt from the stored row: chunks read, vectors made in batches. */
async function build(deps: KnowledgeBaseDeps, row: RagIndexRow, run: HeldRun): Promise<void> {
  const document = await deps.documents.find(row.workspace_id, row.document_id)
  if (!document) return
  const chunks = await deps.documents.chunksOf([document.id])
  const text = chunks.reduce((sum, c) => sum + c.text.length, 0)
  const base = {
    contentVersion: document.content_version,
    embeddingsSource: null,
    errorMessage: null,
    vectors: [],
  }
  if (chunks.length === 0 || text < MIN_INDEX_CHARS) {
    await deps.indexes.finish(row.id, run.token, { ...base, status: 'document_too_small', usedBytes: 0 })
    return
  }
  const usedBytes = Buffer.byteLength(chunks.map((c) => c.text).join(''))
  const endpoint = deps.embeddings
  if (!endpoint) {
    await deps.indexes.finish(row.id, run.token, { ...base, status: 'succeeded', usedBytes })
    return
  }
  const vectors: { chunkId: string; vector: number[] }[] = []
  try {
    for (let at = 0; at < chunks.length; at += EMBEDDING_BATCH) {
      const batch = chunks.slice(at, at + EMBEDDING_BATCH)
      const made = await embed(
        endpoint,
        batch.map((c) => `${document.name}\n${c.text}`),
      )
      for (const [i, vector] of made.entries()) {
        const chunk = batch[i]
        if (chunk) vectors.push({ chunkId: chunk.id, vector })
      }
      await run.progress(((at + batch.length) / chunks.length) * 100)
    }
  } catch (error) {
    run.assertHeld()
    const message = error instanceof Error ? error.message : 'The embeddings endpoint failed.'
    await deps.indexes.finish(row.id, run.token, {
      ...base,
      status: 'failed',
      usedBytes: 0,
      errorMessage: message,
    })
    return
  }
  await deps.indexes.finish(row.id, run.token, {
    ...base,
    status: 'succeeded',
    usedBytes: usedBytes + vectors.length * (vectors[0]?.vector.length ?? 0) * 4,
    embeddingsSource: sourceOf(endpoint),
    vectors,
  })
}

export function createIndexJob(deps: KnowledgeBaseDeps, log?: (message: string, details: object) => void) {
  return defineHeldJob({
    name: 'knowledge-base.index',
    store: deps.indexes.held,
    timing: {
      heartbeatMs: HEARTBEAT_MS,
      staleSeconds: INDEX_STALE_SECONDS,
      progressWriteMs: PROGRESS_WRITE_MS,
    },
    rowId: (payload) => payload.indexId,
    resume: (indexId) => ({ indexId }),
    handler: (row, run) => build(deps, row, run),
    log,
  })
}
