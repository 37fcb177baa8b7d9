import type { KbDocumentType, KbSortField } from '@timbre/contract'
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { newId } from '../../lib/ids.js'
import type { Chunk } from './chunking.js'
import type { KnowledgeBaseChunksTable, KnowledgeBaseDocumentsTable } from './knowledge-base.tables.js'

// Documents, folders and chunks of the knowledge base. A document's row and its chunks are
// written in one transaction, so a document is never seen without the passages of its text;
// writes that add text take a per-workspace lock first, so two uploads at once cannot both pass
// the storage limit.

export type DocumentRow = Selectable<KnowledgeBaseDocumentsTable>
export type NewDocument = Insertable<KnowledgeBaseDocumentsTable>
export type ChunkRow = Selectable<KnowledgeBaseChunksTable>

export interface ListFilters {
  search?: string | undefined
  createdByUserId?: string | undefined
  types?: KbDocumentType[] | undefined
  parentFolderId?: string | undefined
  /** Only documents somewhere under this folder. */
  ancestorFolderId?: string | undefined
  foldersFirst: boolean
  sortBy: KbSortField
  direction: 'asc' | 'desc'
  offset: number
  limit: number
}

const SORT_COLUMNS = {
  name: 'name',
  created_at: 'created_at',
  updated_at: 'updated_at',
  size: 'size_bytes',
} as const

async function lockWorkspace(trx: Transaction<DB>, workspaceId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`knowledge-base:${workspaceId}`}))`.execute(trx)
}

async function usedBytes(trx: Transaction<DB> | Database, workspaceId: string): Promise<number> {
  const row = await trx
    .selectFrom('knowledge_base_documents')
    .select(sql<string>`coalesce(sum(size_bytes), 0)`.as('total'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

async function writeChunks(trx: Transaction<DB>, documentId: string, chunks: Chunk[]) {
  await trx.deleteFrom('knowledge_base_chunks').where('document_id', '=', documentId).execute()
  for (let at = 0; at < chunks.length; at += 500) {
    await trx
      .insertInto('knowledge_base_chunks')
      .values(
        chunks.slice(at, at + 500).map((chunk, i) => ({
          id: newId(),
          document_id: documentId,
          position: at + i,
          name: chunk.name,
          text: chunk.text,
        })),
      )
      .execute()
  }
}

/** Where documents sit: the path of folders above one, and what each folder holds. */
function folderQueries(db: Database) {
  return {
    /** The folders from the top down to (and without) the document itself. */
    async folderPath(workspaceId: string, parentId: string | null): Promise<{ id: string; name: string }[]> {
      if (!parentId) return []
      const rows = await sql<{ id: string; name: string; depth: number }>`
        with recursive path(id, name, parent, depth) as (
          select id, name, parent_folder_id, 0 from knowledge_base_documents
          where workspace_id = ${workspaceId} and id = ${parentId}
          union all
          select d.id, d.name, d.parent_folder_id, p.depth + 1
          from knowledge_base_documents d join path p on d.id = p.parent
          where p.depth < 50
        )
        select id, name, depth from path order by depth desc`.execute(db)
      return rows.rows.map((r) => ({ id: r.id, name: r.name }))
    },

    /** Direct children and documents (non-folders) anywhere below, for each folder named. */
    async folderCounts(folderIds: string[]): Promise<Map<string, { children: number; documents: number }>> {
      const counts = new Map<string, { children: number; documents: number }>()
      if (folderIds.length === 0) return counts
      const children = await db
        .selectFrom('knowledge_base_documents')
        .select(['parent_folder_id', sql<string>`count(*)`.as('n')])
        .where('parent_folder_id', 'in', folderIds)
        .groupBy('parent_folder_id')
        .execute()
      for (const id of folderIds) counts.set(id, { children: 0, documents: 0 })
      for (const row of children) {
        const entry = counts.get(row.parent_folder_id ?? '')
        if (entry) entry.children = Number(row.n)
      }
      for (const id of folderIds) {
        const below = await sql<{ n: string }>`
          with recursive tree(id, type) as (
            select id, type from knowledge_base_documents where parent_folder_id = ${id}
            union all
            select d.id, d.type from knowledge_base_documents d join tree t on d.parent_folder_id = t.id
          )
          select count(*) as n from tree where type <> 'folder'`.execute(db)
        const entry = counts.get(id)
        if (entry) entry.documents = Number(below.rows[0]?.n ?? 0)
      }
      return counts
    },
  }
}

/** Moving and deleting documents and folders. */
function placementEdits(db: Database) {
  return {
    async move(workspaceId: string, ids: string[], parentId: string | null): Promise<void> {
      if (ids.length === 0) return
      await db
        .updateTable('knowledge_base_documents')
        .set({ parent_folder_id: parentId, updated_at: new Date() })
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .execute()
    },

    /** Deletes documents (a folder with everything in it: the references cascade). */
    async remove(workspaceId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return
      await db
        .deleteFrom('knowledge_base_documents')
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .execute()
    },
  }
}

/** The passages of documents, in reading order. */
function chunkQueries(db: Database) {
  return {
    async chunks(documentId: string, offset: number, limit: number): Promise<ChunkRow[]> {
      return db
        .selectFrom('knowledge_base_chunks')
        .selectAll()
        .where('document_id', '=', documentId)
        .orderBy('position')
        .offset(offset)
        .limit(limit + 1)
        .execute()
    },

    async chunk(documentId: string, chunkId: string): Promise<ChunkRow | undefined> {
      return db
        .selectFrom('knowledge_base_chunks')
        .selectAll()
        .where('document_id', '=', documentId)
        .where('id', '=', chunkId)
        .executeTakeFirst()
    },

    async chunksOf(documentIds: string[]): Promise<ChunkRow[]> {
      if (documentIds.length === 0) return []
      return db
        .selectFrom('knowledge_base_chunks')
        .selectAll()
        .where('document_id', 'in', documentIds)
        .orderBy('document_id')
        .orderBy('position')
        .execute()
    },
  }
}

export function createKnowledgeBaseRepository(db: Database) {
  /** The ids of a folder and every folder and document under it. */
  async function subtree(workspaceId: string, folderId: string): Promise<string[]> {
    const rows = await sql<{ id: string }>`
      with recursive tree(id) as (
        select id from knowledge_base_documents where workspace_id = ${workspaceId} and id = ${folderId}
        union all
        select d.id from knowledge_base_documents d join tree t on d.parent_folder_id = t.id
      )
      select id from tree`.execute(db)
    return rows.rows.map((r) => r.id)
  }

  return {
    ...folderQueries(db),
    ...chunkQueries(db),
    ...placementEdits(db),
    subtree,
    usedBytes: (workspaceId: string) => usedBytes(db, workspaceId),

    /**
     * Inserts a document with its chunks, unless it would take the workspace past `limitBytes`
     * (then nothing is written and false is answered).
     */
    async insert(row: NewDocument, chunks: Chunk[], limitBytes: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockWorkspace(trx, row.workspace_id)
        if ((await usedBytes(trx, row.workspace_id)) + Number(row.size_bytes ?? 0) > limitBytes) return false
        await trx.insertInto('knowledge_base_documents').values(row).execute()
        await writeChunks(trx, row.id, chunks)
        return true
      })
    },

    async find(workspaceId: string, id: string): Promise<DocumentRow | undefined> {
      return db
        .selectFrom('knowledge_base_documents')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async findMany(workspaceId: string, ids: string[]): Promise<DocumentRow[]> {
      if (ids.length === 0) return []
      return db
        .selectFrom('knowledge_base_documents')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .execute()
    },

    /** A page of documents (one more than `limit`, so the caller knows whether more follow). */
    async list(
      workspaceId: string,
      f: ListFilters,
    ): Promise<Omit<DocumentRow, 'content_text' | 'content_html'>[]> {
      let query = db
        .selectFrom('knowledge_base_documents')
        .select([
          'id',
          'workspace_id',
          'created_by_user_id',
          'creator_email',
          'type',
          'name',
          'parent_folder_id',
          'url',
          'filename',
          'size_bytes',
          'content_version',
          'created_at',
          'updated_at',
        ])
        .where('workspace_id', '=', workspaceId)
      if (f.search) query = query.where('name', 'ilike', `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      if (f.createdByUserId) query = query.where('created_by_user_id', '=', f.createdByUserId)
      if (f.types && f.types.length > 0) query = query.where('type', 'in', f.types)
      if (f.parentFolderId) query = query.where('parent_folder_id', '=', f.parentFolderId)
      if (f.ancestorFolderId) {
        const under = (await subtree(workspaceId, f.ancestorFolderId)).filter(
          (id) => id !== f.ancestorFolderId,
        )
        if (under.length === 0) return []
        query = query.where('id', 'in', under)
      }
      if (f.foldersFirst) query = query.orderBy(sql`case when type = 'folder' then 0 else 1 end`)
      return query
        .orderBy(SORT_COLUMNS[f.sortBy], f.direction)
        .orderBy('id', f.direction)
        .offset(f.offset)
        .limit(f.limit + 1)
        .execute()
    },

    async rename(workspaceId: string, id: string, name: string): Promise<void> {
      await db
        .updateTable('knowledge_base_documents')
        .set({ name, updated_at: new Date() })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .execute()
    },

    /** New text for a document: chunks rewritten, version raised; false past the storage limit. */
    async replaceContent(
      doc: DocumentRow,
      content: { text: string; html: string; sizeBytes: number; name?: string | undefined },
      chunks: Chunk[],
      limitBytes: number,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockWorkspace(trx, doc.workspace_id)
        const used = await usedBytes(trx, doc.workspace_id)
        if (used - doc.size_bytes + content.sizeBytes > limitBytes) return false
        await trx
          .updateTable('knowledge_base_documents')
          .set({
            content_text: content.text,
            content_html: content.html,
            size_bytes: content.sizeBytes,
            content_version: sql`content_version + 1`,
            updated_at: new Date(),
            ...(content.name ? { name: content.name } : {}),
          })
          .where('id', '=', doc.id)
          .execute()
        await writeChunks(trx, doc.id, chunks)
        return true
      })
    },
  }
}

export type KnowledgeBaseRepository = ReturnType<typeof createKnowledgeBaseRepository>
