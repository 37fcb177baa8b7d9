import {
  KB_DOCUMENT_TYPES,
  KB_EMBEDDING_MODELS,
  KB_INDEX_STATES,
  KB_NAME_MAX,
  KB_PAGE_SIZE_DEFAULT,
  KB_PAGE_SIZE_MAX,
  KB_RAG_INDEX_STATUSES,
  KB_SORT_FIELDS,
} from '@timbre/contract'
import { z } from 'zod'

// The knowledge base calls, named and shaped as the public API (the SDK's
// conversationalAi.knowledgeBase clients).

export const kbConfig = { scope: 'convai' as const }
export const kbTags = ['knowledge-base']

const id = z.string().min(1).max(64)
export const documentParams = z.object({ documentation_id: id })
export const chunkParams = z.object({ documentation_id: id, chunk_id: id })
export const indexParams = z.object({ documentation_id: id, rag_index_id: id })
export const moveParams = z.object({ document_id: id })

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
const listQuery = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.array(z.enum(values)).max(10)]).transform((v) => (Array.isArray(v) ? v : [v]))
const pageSize = z.coerce.number().int().min(1).max(KB_PAGE_SIZE_MAX).default(KB_PAGE_SIZE_DEFAULT)

export const listQuerySchema = z.object({
  page_size: pageSize,
  search: z.string().max(200).optional(),
  show_only_owned_documents: booleanQuery.optional(),
  created_by_user_id: z.string().max(64).optional(),
  types: listQuery(KB_DOCUMENT_TYPES).optional(),
  parent_folder_id: z.string().max(64).optional(),
  ancestor_folder_id: z.string().max(64).optional(),
  folders_first: booleanQuery.optional(),
  sort_direction: z.enum(['asc', 'desc']).optional(),
  sort_by: z.enum(KB_SORT_FIELDS).optional(),
  cursor: z.string().max(20).optional(),
})

const name = z.string().max(KB_NAME_MAX)
const parent = z.string().max(64).optional()
export const urlBody = z.object({
  url: z.string().max(2000),
  name: name.optional(),
  parent_folder_id: parent,
  enable_auto_sync: z.boolean().optional(),
  auto_remove: z.boolean().optional(),
  minimum_frequency_days: z.number().int().optional(),
})
export const textBody = z.object({
  text: z.string().max(4_000_000),
  name: name.optional(),
  parent_folder_id: parent,
})
export const folderBody = z.object({
  name,
  parent_folder_id: parent,
  enable_auto_sync: z.boolean().optional(),
  auto_remove: z.boolean().optional(),
  minimum_frequency_days: z.number().int().optional(),
})
export const updateBody = z.object({ name: name.optional(), content: z.string().max(4_000_000).optional() })
export const deleteQuery = z.object({ force: booleanQuery.optional() })
export const moveBody = z.object({ move_to: z.string().max(64).optional() })
export const bulkMoveBody = z.object({
  document_ids: z.array(id).min(1).max(100),
  move_to: z.string().max(64).optional(),
})
export const chunksQuery = z.object({
  embedding_model: z.enum(KB_EMBEDDING_MODELS).optional(),
  page_size: pageSize,
  cursor: z.string().max(20).optional(),
})
export const chunkQuery = z.object({ embedding_model: z.enum(KB_EMBEDDING_MODELS).optional() })
export const agentsQuery = z.object({
  dependent_type: z.enum(['direct', 'transitive', 'all']).optional(),
  page_size: pageSize,
  cursor: z.string().max(20).optional(),
})
export const agentsBody = z.object({
  document_ids: z.array(id).min(1).max(100),
  dependent_type: z.enum(['direct', 'transitive', 'all']).optional(),
  page_size: z.number().int().min(1).max(KB_PAGE_SIZE_MAX).optional(),
  cursor: z.string().max(20).optional(),
})
export const computeBody = z.object({ model: z.enum(KB_EMBEDDING_MODELS) })

export const addedResponse = z.object({
  id: z.string(),
  name: z.string(),
  folder_path: z.array(z.object({ id: z.string() })),
})

const metadata = z.object({
  created_at_unix_secs: z.number().int(),
  last_updated_at_unix_secs: z.number().int(),
  size_bytes: z.number().int(),
})
const accessInfo = z.object({
  is_creator: z.boolean(),
  creator_name: z.string(),
  creator_email: z.string(),
  role: z.enum(['admin', 'editor', 'commenter', 'viewer']),
})
const dependentAgent = z.object({
  type: z.literal('available'),
  id: z.string(),
  name: z.string(),
  created_at_unix_secs: z.number().int(),
  access_level: z.enum(['admin', 'editor', 'commenter', 'viewer']),
  referenced_resource_ids: z.array(z.string()),
})
const documentFields = {
  id: z.string(),
  name: z.string(),
  type: z.enum(KB_DOCUMENT_TYPES),
  metadata,
  supported_usages: z.array(z.enum(['prompt', 'auto'])),
  access_info: accessInfo,
  folder_parent_id: z.string().nullable(),
  index_state: z
    .enum(KB_INDEX_STATES)
    .nullable()
    .describe(
      'Timbre: what the retrieval index is worth now (stale after an edit, unavailable when its embeddings endpoint is gone)',
    ),
  url: z.string().optional(),
  filename: z.string().optional(),
  children_count: z.number().int().optional(),
  document_count: z.number().int().optional(),
}
export const documentResponse = z.object({
  ...documentFields,
  folder_path: z.array(z.object({ id: z.string(), name: z.string() })),
  extracted_inner_html: z.string().optional(),
  content_format: z.string().optional(),
})
export const listResponse = z.object({
  documents: z.array(
    z.object({
      ...documentFields,
      folder_path: z.array(z.object({ id: z.string() })),
      dependent_agents: z.array(dependentAgent),
    }),
  ),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
})
export const agentsResponse = z.object({
  agents: z.array(dependentAgent),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
})
export const chunkResponse = z.object({ id: z.string(), name: z.string(), content: z.string() })
export const chunksResponse = z.object({ chunks: z.array(chunkResponse), next_cursor: z.string().nullable() })
export const indexResponse = z.object({
  id: z.string(),
  model: z.enum(KB_EMBEDDING_MODELS),
  status: z.enum(KB_RAG_INDEX_STATUSES),
  progress_percentage: z.number(),
  document_model_index_usage: z.object({ used_bytes: z.number().int() }),
  state: z.enum(KB_INDEX_STATES).describe('Timbre: ready, in progress, stale, unavailable or failed'),
  has_vectors: z.boolean().describe('Timbre: whether the index holds vectors from an embeddings endpoint'),
  error: z.string().nullable(),
})
export const indexesResponse = z.object({ indexes: z.array(indexResponse) })
export const overviewResponse = z.object({
  total_used_bytes: z.number().int(),
  total_max_bytes: z.number().int(),
  models: z.array(z.object({ model: z.string(), used_bytes: z.number().int() })),
})
