import { KB_DEFAULT_EMBEDDING_MODEL, type KbIndexState } from '@timbre/contract'
import type { Principal } from '../../plugins/auth.js'
import type { DependentAgent, KnowledgeBaseDeps } from './knowledge-base.deps.js'
import type { DocumentRow } from './knowledge-base.repository.js'
import { indexState } from './rag-index.js'

// Documents as the public API shows them: the common part (id, name, metadata, access, folder
// path) and what each type adds. Timbre adds `index_state`, what the document's retrieval index
// is worth now (the web app shows it; the SDK passes it through).

type Listed = Omit<DocumentRow, 'content_text' | 'content_html'>

const secs = (d: Date) => Math.floor(d.getTime() / 1000)

function common<P extends { id: string }>(principal: Principal, row: Listed, path: P[]) {
  const isCreator = row.created_by_user_id === principal.userId
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    metadata: {
      created_at_unix_secs: secs(row.created_at),
      last_updated_at_unix_secs: secs(row.updated_at),
      size_bytes: row.size_bytes,
    },
    supported_usages: (row.type === 'folder' ? [] : ['prompt', 'auto']) as ('prompt' | 'auto')[],
    access_info: {
      is_creator: isCreator,
      creator_name: row.creator_email.split('@')[0] ?? row.creator_email,
      creator_email: row.creator_email,
      role: isCreator || principal.workspace?.role === 'admin' ? ('admin' as const) : ('editor' as const),
    },
    folder_parent_id: row.parent_folder_id,
    folder_path: path,
  }
}

/** The state of the document's default index (null for a folder or when none was built). */
async function stateOf(deps: KnowledgeBaseDeps, row: Listed): Promise<KbIndexState | null> {
  if (row.type === 'folder') return null
  const [index] = await deps.indexes.ofDocument(row.id, KB_DEFAULT_EMBEDDING_MODEL)
  return index ? indexState(deps, index, row) : null
}

export async function documentView(deps: KnowledgeBaseDeps, principal: Principal, row: DocumentRow) {
  const path = await deps.documents.folderPath(principal.workspaceId, row.parent_folder_id)
  const base = { ...common(principal, row, path), index_state: await stateOf(deps, row) }
  if (row.type === 'folder') {
    const counts = (await deps.documents.folderCounts([row.id])).get(row.id)
    return { ...base, children_count: counts?.children ?? 0, document_count: counts?.documents ?? 0 }
  }
  const content = { extracted_inner_html: row.content_html, content_format: 'html' }
  if (row.type === 'url') return { ...base, ...content, url: row.url ?? '' }
  if (row.type === 'file') return { ...base, ...content, filename: row.filename ?? '' }
  return { ...base, ...content }
}

export function agentView(agent: DependentAgent) {
  return {
    type: 'available' as const,
    id: agent.id,
    name: agent.name,
    created_at_unix_secs: agent.createdAtUnixSecs,
    access_level: 'admin' as const,
    referenced_resource_ids: agent.documentIds,
  }
}

export async function summaryViews(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  rows: Listed[],
  dependents: DependentAgent[],
) {
  const folders = await deps.documents.folderCounts(rows.filter((r) => r.type === 'folder').map((r) => r.id))
  const views = []
  for (const row of rows) {
    const path = (await deps.documents.folderPath(principal.workspaceId, row.parent_folder_id)).map((f) => ({
      id: f.id,
    }))
    const base = {
      ...common(principal, row, path),
      dependent_agents: dependents.filter((a) => a.documentIds.includes(row.id)).map(agentView),
      index_state: await stateOf(deps, row),
    }
    if (row.type === 'folder') {
      const counts = folders.get(row.id)
      views.push({ ...base, children_count: counts?.children ?? 0, document_count: counts?.documents ?? 0 })
    } else if (row.type === 'url') views.push({ ...base, url: row.url ?? '' })
    else views.push(base)
  }
  return views
}
