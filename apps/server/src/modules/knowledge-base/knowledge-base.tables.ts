import type { KbDocumentType, KbEmbeddingModel } from '@timbre/contract'
import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

/** A document (file, url, text) or a folder of a workspace's knowledge base. */
export interface KnowledgeBaseDocumentsTable {
  id: string
  workspace_id: string
  created_by_user_id: string | null
  creator_email: string
  type: KbDocumentType
  name: string
  parent_folder_id: string | null
  url: string | null
  filename: string | null
  /** The document's text as passages separated by blank lines (empty for a folder). */
  content_text: Generated<string>
  /** The same text as simple HTML (headings and paragraphs), as the public API shows it. */
  content_html: Generated<string>
  /** The bytes of the extracted text: what counts against the storage limit. */
  size_bytes: Generated<number>
  /** Raised on every change of the text: an index built from an older version is stale. */
  content_version: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** One passage of a document, in reading order. */
export interface KnowledgeBaseChunksTable {
  id: string
  document_id: string
  position: number
  /** The heading the passage sits under, or the document's name. */
  name: string
  text: string
}

/**
 * The retrieval index of one document for one embedding model, built as a held job: queued,
 * running, then succeeded, failed, document_too_small or cannot_index_folder.
 */
export interface KnowledgeBaseRagIndexesTable {
  id: string
  workspace_id: string
  document_id: string
  model: KbEmbeddingModel
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'document_too_small' | 'cannot_index_folder'
  progress: Generated<number>
  worker_token: Generated<string | null>
  /** The document's content version the index was built from. */
  content_version: number
  /** The embeddings endpoint (URL and model) that made its vectors; null when it has none. */
  embeddings_source: string | null
  used_bytes: Generated<number>
  error_message: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface KnowledgeBaseChunkVectorsTable {
  index_id: string
  chunk_id: string
  vector: ColumnType<number[], string, string>
}

declare module '../../db/schema.js' {
  interface DB {
    knowledge_base_documents: KnowledgeBaseDocumentsTable
    knowledge_base_chunks: KnowledgeBaseChunksTable
    knowledge_base_rag_indexes: KnowledgeBaseRagIndexesTable
    knowledge_base_chunk_vectors: KnowledgeBaseChunkVectorsTable
  }
}
