import { embed, sourceOf } from './embeddings.js'
import type { KnowledgeBaseDeps } from './knowledge-base.deps.js'
import { type Found, findPassages, type Passage } from './passage-search.js'

// What agents ask of the knowledge base: the passages of their documents that best answer what
// the caller said. Words always count (BM25 over the current chunks); vectors count too where a
// document's index was built from its current text by the embeddings endpoint configured now.
// If the endpoint fails at question time the answer comes from words alone: a conversation
// must not stop because a model server did.

export interface RetrieveInput {
  workspaceId: string
  documentIds: string[]
  query: string
  limit: number
}

export async function retrieve(deps: KnowledgeBaseDeps, input: RetrieveInput): Promise<Found[]> {
  if (!input.query.trim() || input.limit <= 0) return []
  const documents = (await deps.documents.findMany(input.workspaceId, input.documentIds)).filter(
    (d) => d.type !== 'folder',
  )
  const chunks = await deps.documents.chunksOf(documents.map((d) => d.id))
  let vectors = new Map<string, number[]>()
  let queryVector: number[] | null = null
  if (deps.embeddings && chunks.length > 0) {
    const source = sourceOf(deps.embeddings)
    const version = new Map(documents.map((d) => [d.id, d.content_version]))
    const current = new Map<string, string>()
    for (const index of await deps.indexes.finishedOf(documents.map((d) => d.id))) {
      if (index.embeddings_source === source && version.get(index.document_id) === index.content_version)
        if (!current.has(index.document_id)) current.set(index.document_id, index.id)
    }
    vectors = await deps.indexes.vectors([...current.values()])
    if (vectors.size > 0) {
      try {
        queryVector = (await embed(deps.embeddings, [input.query]))[0] ?? null
      } catch {
        queryVector = null
      }
    }
  }
  const titles = new Map(documents.map((d) => [d.id, d.name]))
  const passages: Passage[] = chunks.map((c) => ({
    documentId: c.document_id,
    chunkId: c.id,
    name: c.name,
    title: titles.get(c.document_id) ?? '',
    text: c.text,
    vector: vectors.get(c.id),
  }))
  return findPassages(passages, input.query, input.limit, queryVector)
}

/** Whether every id names a document (not a folder) of the workspace. */
export async function documentsExist(deps: KnowledgeBaseDeps, input: { workspaceId: string; ids: string[] }) {
  const unique = [...new Set(input.ids)]
  const rows = await deps.documents.findMany(input.workspaceId, unique)
  return rows.length === unique.length && rows.every((r) => r.type !== 'folder')
}

/** Names and types of documents, as an agent's configuration lists them. */
export async function documentSummaries(
  deps: KnowledgeBaseDeps,
  input: { workspaceId: string; ids: string[] },
) {
  const rows = await deps.documents.findMany(input.workspaceId, input.ids)
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type, sizeBytes: r.size_bytes }))
}

/** The bytes of text the documents hold together (an agent's knowledge base size). */
export async function knowledgeSize(deps: KnowledgeBaseDeps, input: { workspaceId: string; ids: string[] }) {
  const rows = await deps.documents.findMany(input.workspaceId, [...new Set(input.ids)])
  return rows.reduce((sum, r) => sum + r.size_bytes, 0)
}
