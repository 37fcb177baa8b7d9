import type { Tier } from './plans.js'

// The knowledge base of voice agents: documents made from a URL, a file or text, kept in
// folders, cut into chunks and indexed for retrieval. Names and values follow the public API;
// where the product gives no figure, the choice made here is written beside it.

export const KB_DOCUMENT_TYPES = ['file', 'url', 'text', 'folder'] as const
export type KbDocumentType = (typeof KB_DOCUMENT_TYPES)[number]

export const KB_SORT_FIELDS = ['name', 'created_at', 'updated_at', 'size'] as const
export type KbSortField = (typeof KB_SORT_FIELDS)[number]

/** The embedding models the public API names a retrieval index by. */
export const KB_EMBEDDING_MODELS = ['e5_mistral_7b_instruct', 'multilingual_e5_large_instruct'] as const
export type KbEmbeddingModel = (typeof KB_EMBEDDING_MODELS)[number]
export const KB_DEFAULT_EMBEDDING_MODEL: KbEmbeddingModel = 'e5_mistral_7b_instruct'

/** A retrieval index's status as the public API names it. */
export const KB_RAG_INDEX_STATUSES = [
  'new',
  'created',
  'processing',
  'failed',
  'succeeded',
  'rag_limit_exceeded',
  'document_too_small',
  'cannot_index_folder',
] as const
export type KbRagIndexStatus = (typeof KB_RAG_INDEX_STATUSES)[number]

/**
 * What an index is worth for retrieval now: `ready`; `in_progress`; `stale` when the document's
 * content changed after the index was built (passages are found by words until it is
 * computed again); `unavailable` when its vectors were made by an embeddings endpoint that is no
 * longer configured (words only); `failed`.
 */
export const KB_INDEX_STATES = ['in_progress', 'ready', 'stale', 'unavailable', 'failed'] as const
export type KbIndexState = (typeof KB_INDEX_STATES)[number]

/** Names of documents and folders (required; the product's limit is not shown, this is ours). */
export const KB_NAME_MAX = 200
/** The largest file a document is made from: 20 MB (our choice; the product does not say). */
export const KB_FILE_MAX_BYTES = 20 * 1024 * 1024
/** The largest text a text document holds, in characters (our choice). */
export const KB_TEXT_MAX_CHARS = 2_000_000
/** Folders nest at most this deep (our choice). */
export const KB_FOLDER_DEPTH_MAX = 10
/** An agent retrieves from 1 to 20 documents. */
export const KB_AGENT_DOCUMENTS_MIN = 1
export const KB_AGENT_DOCUMENTS_MAX = 20
/** Page sizes of the list calls (the public API's default and maximum). */
export const KB_PAGE_SIZE_DEFAULT = 30
export const KB_PAGE_SIZE_MAX = 100

/** Chunks: about this many characters, a paragraph never past the maximum. */
export const KB_CHUNK_TARGET_CHARS = 800
export const KB_CHUNK_MAX_CHARS = 1_200
/** A chunk holding this much takes no further section (short sections share a chunk). */
export const KB_CHUNK_MIN_CHARS = 400

/**
 * The storage limit of a workspace's knowledge base (the extracted text of all its documents),
 * per plan. The product says a limit exists without its value; these figures are our choice.
 */
export const KB_STORAGE_LIMIT_BYTES: Record<Tier, number> = {
  free: 1_000_000,
  grant_tier_1: 20_000_000,
  grant_tier_2: 20_000_000,
  starter: 2_000_000,
  creator: 20_000_000,
  pro: 100_000_000,
  growing_business: 500_000_000,
  scale_2024_08_10: 1_000_000_000,
  trial: 20_000_000,
  enterprise: 1_000_000_000,
}
