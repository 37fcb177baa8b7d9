import type { KbDocumentType, KbSortField } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { chunkBlocks } from './chunking.js'
import { checkParent } from './create-documents.js'
import { blocksOfText, htmlOfBlocks, textOfBlocks } from './document-blocks.js'
import { agentView, documentView, summaryViews } from './document-views.js'
import { dependentAgents, type KnowledgeBaseDeps, storageLimit } from './knowledge-base.deps.js'

// Reading, renaming, editing, moving and deleting documents and folders. A document that agents
// use is not deleted unless the caller forces it (the agents then lose it); a folder counts as
// used when anything inside it is.

async function found(deps: KnowledgeBaseDeps, principal: Principal, id: string) {
  const row = await deps.documents.find(principal.workspaceId, id)
  if (!row) throw new AppError('kb_document_not_found')
  return row
}

const cursorOffset = (cursor: string | undefined) => {
  const offset = Number.parseInt(cursor ?? '0', 10)
  return Number.isFinite(offset) && offset > 0 ? offset : 0
}

export async function getDocument(deps: KnowledgeBaseDeps, principal: Principal, id: string) {
  return documentView(deps, principal, await found(deps, principal, id))
}

export interface ListQuery {
  pageSize: number
  search?: string | undefined
  showOnlyOwnedDocuments?: boolean | undefined
  createdByUserId?: string | undefined
  types?: KbDocumentType[] | undefined
  parentFolderId?: string | undefined
  ancestorFolderId?: string | undefined
  foldersFirst?: boolean | undefined
  sortDirection?: 'asc' | 'desc' | undefined
  sortBy?: KbSortField | undefined
  cursor?: string | undefined
}

export async function listDocuments(deps: KnowledgeBaseDeps, principal: Principal, q: ListQuery) {
  const offset = cursorOffset(q.cursor)
  const rows = await deps.documents.list(principal.workspaceId, {
    search: q.search,
    createdByUserId: q.showOnlyOwnedDocuments ? principal.userId : q.createdByUserId,
    types: q.types,
    parentFolderId: q.parentFolderId,
    ancestorFolderId: q.ancestorFolderId,
    foldersFirst: q.foldersFirst ?? false,
    sortBy: q.sortBy ?? 'created_at',
    direction: q.sortDirection ?? 'desc',
    offset,
    limit: q.pageSize,
  })
  const page = rows.slice(0, q.pageSize)
  const dependents = await dependentAgents(
    deps,
    principal.workspaceId,
    page.map((r) => r.id),
  )
  const hasMore = rows.length > q.pageSize
  return {
    documents: await summaryViews(deps, principal, page, dependents),
    has_more: hasMore,
    next_cursor: hasMore ? String(offset + q.pageSize) : null,
  }
}

/** PATCH: a new name, and for a document new text (chunked again; its indexes become stale). */
export async function updateDocument(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  id: string,
  input: { name?: string | undefined; content?: string | undefined },
) {
  const row = await found(deps, principal, id)
  const name = input.name?.replace(/\s+/g, ' ').trim()
  if (input.name !== undefined && !name) throw new AppError('kb_name_required', { param: 'name' })
  if (input.content !== undefined) {
    if (row.type === 'folder') throw new AppError('kb_folder_has_no_content', { param: 'content' })
    const blocks = blocksOfText(input.content)
    if (blocks.length === 0) throw new AppError('kb_text_required', { param: 'content' })
    const text = textOfBlocks(blocks)
    const stored = await deps.documents.replaceContent(
      row,
      { text, html: htmlOfBlocks(blocks), sizeBytes: Buffer.byteLength(text), name },
      chunkBlocks(blocks, name ?? row.name),
      await storageLimit(deps, principal.workspaceId),
    )
    if (!stored) throw new AppError('kb_storage_limit')
  } else if (name) await deps.documents.rename(principal.workspaceId, id, name)
  return getDocument(deps, principal, id)
}

export async function deleteDocument(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  id: string,
  force: boolean,
) {
  const row = await found(deps, principal, id)
  const ids = row.type === 'folder' ? await deps.documents.subtree(principal.workspaceId, id) : [id]
  if (!force && (await dependentAgents(deps, principal.workspaceId, ids)).length > 0)
    throw new AppError('kb_document_in_use')
  await deps.documents.remove(principal.workspaceId, [id])
  return {}
}

export async function moveDocuments(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  ids: string[],
  moveTo: string | undefined,
) {
  const target = await checkParent(deps, principal.workspaceId, moveTo)
  for (const id of ids) {
    const row = await found(deps, principal, id)
    if (
      target &&
      row.type === 'folder' &&
      (await deps.documents.subtree(principal.workspaceId, id)).includes(target)
    )
      throw new AppError('kb_folder_move_invalid', { param: 'move_to' })
  }
  await deps.documents.move(principal.workspaceId, ids, target)
}

export async function documentContent(deps: KnowledgeBaseDeps, principal: Principal, id: string) {
  const row = await found(deps, principal, id)
  if (row.type === 'folder') throw new AppError('kb_folder_has_no_content')
  return row.content_text
}

export async function documentChunks(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  id: string,
  page: { pageSize: number; cursor?: string | undefined },
) {
  const row = await found(deps, principal, id)
  if (row.type === 'folder') throw new AppError('kb_folder_has_no_content')
  const offset = cursorOffset(page.cursor)
  const rows = await deps.documents.chunks(id, offset, page.pageSize)
  const more = rows.length > page.pageSize
  return {
    chunks: rows.slice(0, page.pageSize).map((c) => ({ id: c.id, name: c.name, content: c.text })),
    next_cursor: more ? String(offset + page.pageSize) : null,
  }
}

export async function documentChunk(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  id: string,
  chunkId: string,
) {
  await found(deps, principal, id)
  const chunk = await deps.documents.chunk(id, chunkId)
  if (!chunk) throw new AppError('kb_chunk_not_found')
  return { id: chunk.id, name: chunk.name, content: chunk.text }
}

export async function documentAgents(deps: KnowledgeBaseDeps, principal: Principal, ids: string[]) {
  for (const id of ids) await found(deps, principal, id)
  const agents = await dependentAgents(deps, principal.workspaceId, ids)
  return { agents: agents.map(agentView), next_cursor: null, has_more: false }
}
