import type { KbEmbeddingModel } from '@timbre/contract'
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createHeldRunStore } from '../../platform/jobs/held-run-store.js'
import type { KnowledgeBaseRagIndexesTable } from './knowledge-base.tables.js'

// Retrieval indexes: one row per document and embedding model, held by one run at a time while
// it is built (a run that died is taken over), and the chunk vectors a finished index made.

export type RagIndexRow = Selectable<KnowledgeBaseRagIndexesTable>

/** Queuing a build and ending one: each a transaction of its own. */
function indexWrites(db: Database) {
  return {
    /**
     * Queues a build of the document's index for `model`: a new row, or the existing one set
     * back to queued (when it is not being built now). The enqueue runs in the same transaction.
     * Answers the row and whether a build was queued.
     */
    async queue(
      row: Insertable<KnowledgeBaseRagIndexesTable>,
      enqueue: (trx: Transaction<DB>, id: string) => Promise<void>,
    ): Promise<{ id: string; queued: boolean }> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('knowledge_base_rag_indexes')
          .select(['id', 'status'])
          .where('document_id', '=', row.document_id)
          .where('model', '=', row.model)
          .forUpdate()
          .executeTakeFirst()
        if (existing && (existing.status === 'queued' || existing.status === 'running'))
          return { id: existing.id, queued: false }
        if (existing) {
          await trx
            .updateTable('knowledge_base_rag_indexes')
            .set({
              status: row.status,
              progress: 0,
              worker_token: null,
              content_version: row.content_version,
              error_message: null,
              updated_at: new Date(),
            })
            .where('id', '=', existing.id)
            .execute()
        } else await trx.insertInto('knowledge_base_rag_indexes').values(row).execute()
        const id = existing?.id ?? row.id
        if (row.status === 'queued') await enqueue(trx, id)
        return { id, queued: row.status === 'queued' }
      })
    },

    /** Ends a run that holds the row: its vectors (if any) and final state in one transaction. */
    async finish(
      id: string,
      token: string,
      result: {
        status: RagIndexRow['status']
        contentVersion: number
        embeddingsSource: string | null
        usedBytes: number
        errorMessage: string | null
        vectors: { chunkId: string; vector: number[] }[]
      },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('knowledge_base_rag_indexes')
          .set({
            status: result.status,
            progress: 100,
            worker_token: null,
            content_version: result.contentVersion,
            embeddings_source: result.embeddingsSource,
            used_bytes: result.usedBytes,
            error_message: result.errorMessage,
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .where('worker_token', '=', token)
          .where('status', '=', 'running')
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) === 0) return false
        await trx.deleteFrom('knowledge_base_chunk_vectors').where('index_id', '=', id).execute()
        for (let at = 0; at < result.vectors.length; at += 200) {
          await trx
            .insertInto('knowledge_base_chunk_vectors')
            .values(
              result.vectors.slice(at, at + 200).map((v) => ({
                index_id: id,
                chunk_id: v.chunkId,
                vector: JSON.stringify(v.vector),
              })),
            )
            .execute()
        }
        return true
      })
    },
  }
}

export function createRagIndexesRepository(db: Database) {
  return {
    ...indexWrites(db),
    held: createHeldRunStore<RagIndexRow>(db, 'knowledge_base_rag_indexes', { takeover: true }),

    async find(workspaceId: string, id: string): Promise<RagIndexRow | undefined> {
      return db
        .selectFrom('knowledge_base_rag_indexes')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async findById(id: string): Promise<RagIndexRow | undefined> {
      return db.selectFrom('knowledge_base_rag_indexes').selectAll().where('id', '=', id).executeTakeFirst()
    },

    async ofDocument(documentId: string, model?: KbEmbeddingModel): Promise<RagIndexRow[]> {
      let query = db
        .selectFrom('knowledge_base_rag_indexes')
        .selectAll()
        .where('document_id', '=', documentId)
      if (model) query = query.where('model', '=', model)
      return query.orderBy('created_at').execute()
    },

    async ofWorkspace(workspaceId: string): Promise<RagIndexRow[]> {
      return db
        .selectFrom('knowledge_base_rag_indexes')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .execute()
    },

    /** The finished indexes of these documents, newest first. */
    async finishedOf(documentIds: string[]): Promise<RagIndexRow[]> {
      if (documentIds.length === 0) return []
      return db
        .selectFrom('knowledge_base_rag_indexes')
        .selectAll()
        .where('document_id', 'in', documentIds)
        .where('status', '=', 'succeeded')
        .orderBy('updated_at', 'desc')
        .execute()
    },

    async vectors(indexIds: string[]): Promise<Map<string, number[]>> {
      const found = new Map<string, number[]>()
      if (indexIds.length === 0) return found
      const rows = await db
        .selectFrom('knowledge_base_chunk_vectors')
        .select(['chunk_id', 'vector'])
        .where('index_id', 'in', indexIds)
        .execute()
      // jsonb comes back parsed from PostgreSQL's driver and as text from some others.
      for (const row of rows) {
        const vector: unknown = typeof row.vector === 'string' ? JSON.parse(row.vector) : row.vector
        if (Array.isArray(vector)) found.set(row.chunk_id, vector as number[])
      }
      return found
    },

    async remove(workspaceId: string, documentId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('knowledge_base_rag_indexes')
        .where('workspace_id', '=', workspaceId)
        .where('document_id', '=', documentId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    async totalUsed(workspaceId: string): Promise<{ model: string; used: number }[]> {
      const rows = await db
        .selectFrom('knowledge_base_rag_indexes')
        .select(['model', sql<string>`coalesce(sum(used_bytes), 0)`.as('used')])
        .where('workspace_id', '=', workspaceId)
        .groupBy('model')
        .execute()
      return rows.map((r) => ({ model: r.model, used: Number(r.used) }))
    },
  }
}

export type RagIndexesRepository = ReturnType<typeof createRagIndexesRepository>
