import {
  KB_DEFAULT_EMBEDDING_MODEL,
  KB_FOLDER_DEPTH_MAX,
  KB_NAME_MAX,
  KB_TEXT_MAX_CHARS,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { extractArticle } from '../../lib/web-page/article-text.js'
import { fetchPage, type OutboundErrors, parseOutboundUrl } from '../../platform/outbound/outbound.js'
import type { Principal } from '../../plugins/auth.js'
import { chunkBlocks } from './chunking.js'
import { type Block, blocksOfText, htmlOfBlocks, textOfBlocks } from './document-blocks.js'
import { type KnowledgeBaseDeps, storageLimit } from './knowledge-base.deps.js'
import { queueIndex } from './rag-index.js'
import { readKnowledgeFile } from './read-file.js'

// Documents are made from a web page, a file or typed text, and folders hold them. Each source
// is reduced to blocks of text, checked (a name, some text, room under the plan's storage
// limit), then stored with its chunks in one transaction and its retrieval index queued, so a
// document is ready for agents as soon as its index job has run. Nothing is stored when a check
// fails.

const URL_ERRORS: OutboundErrors = {
  invalid: 'kb_url_invalid',
  refused: 'kb_url_refused',
  unresolved: 'kb_url_unresolved',
}

export interface Placement {
  name?: string | undefined
  parentFolderId?: string | undefined
}

function cleanName(name: string | undefined, fallback: string): string {
  const chosen = (name ?? '').replace(/\s+/g, ' ').trim() || fallback.replace(/\s+/g, ' ').trim()
  if (!chosen) throw new AppError('kb_name_required', { param: 'name' })
  return chosen.slice(0, KB_NAME_MAX)
}

/** The folder a new entry goes in: it must be a folder of the workspace, not too deep. */
export async function checkParent(
  deps: KnowledgeBaseDeps,
  workspaceId: string,
  parentId: string | undefined,
) {
  if (!parentId) return null
  const parent = await deps.documents.find(workspaceId, parentId)
  if (!parent) throw new AppError('kb_folder_not_found', { param: 'parent_folder_id' })
  if (parent.type !== 'folder') throw new AppError('kb_not_a_folder', { param: 'parent_folder_id' })
  const path = await deps.documents.folderPath(workspaceId, parentId)
  if (path.length >= KB_FOLDER_DEPTH_MAX)
    throw new AppError('kb_folder_too_deep', { param: 'parent_folder_id' })
  return parentId
}

async function store(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  entry: {
    type: 'file' | 'url' | 'text'
    name: string
    url?: string
    filename?: string
    parentId: string | null
  },
  blocks: Block[],
) {
  const text = textOfBlocks(blocks)
  if (!text.trim()) throw new AppError('kb_text_required', { param: 'text' })
  const sizeBytes = Buffer.byteLength(text)
  const id = newId()
  const now = new Date()
  const stored = await deps.documents.insert(
    {
      id,
      workspace_id: principal.workspaceId,
      created_by_user_id: principal.userId,
      creator_email: principal.email,
      type: entry.type,
      name: entry.name,
      parent_folder_id: entry.parentId,
      url: entry.url ?? null,
      filename: entry.filename ?? null,
      content_text: text,
      content_html: htmlOfBlocks(blocks),
      size_bytes: sizeBytes,
      created_at: now,
      updated_at: now,
    },
    chunkBlocks(blocks, entry.name),
    await storageLimit(deps, principal.workspaceId),
  )
  if (!stored) throw new AppError('kb_storage_limit')
  await queueIndex(deps, principal.workspaceId, id, KB_DEFAULT_EMBEDDING_MODEL)
  return {
    id,
    name: entry.name,
    folder_path: (await deps.documents.folderPath(principal.workspaceId, entry.parentId)).map((f) => ({
      id: f.id,
    })),
  }
}

export async function createFromUrl(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  input: Placement & { url: string },
) {
  const url = parseOutboundUrl(input.url, { ...deps.outbound, plainHttpToLoopback: false }, URL_ERRORS)
  const parentId = await checkParent(deps, principal.workspaceId, input.parentFolderId)
  let page: { url: string; html: string }
  try {
    page = await fetchPage(url.toString(), deps.outbound)
  } catch (error) {
    // The page reader speaks the webhooks' and article players' words; say them as ours.
    if (error instanceof AppError && error.code === 'webhook_url_invalid')
      throw new AppError('kb_url_invalid', { param: 'url' })
    if (error instanceof AppError && error.code === 'webhook_address_refused')
      throw new AppError('kb_url_refused', { param: 'url' })
    if (error instanceof AppError && error.code === 'webhook_host_unresolved')
      throw new AppError('kb_url_unresolved', { param: 'url' })
    if (error instanceof AppError && error.code === 'audio_native_url_unreachable')
      throw new AppError('kb_url_unreachable', { param: 'url', message: error.message })
    throw error
  }
  const article = await extractArticle(page.html, null)
  const blocks: Block[] = article.paragraphs.map((text) => ({ heading: false, text }))
  if (blocks.length === 0) throw new AppError('kb_url_no_text', { param: 'url' })
  const name = cleanName(input.name, article.title ?? url.hostname + url.pathname)
  return store(deps, principal, { type: 'url', name, url: page.url, parentId }, blocks)
}

export async function createFromFile(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  input: Placement & { data: Uint8Array; fileName: string },
) {
  const parentId = await checkParent(deps, principal.workspaceId, input.parentFolderId)
  const read = await readKnowledgeFile(deps.reader, input.data, input.fileName)
  const name = cleanName(input.name, read.title ?? (input.fileName || 'Document'))
  return store(
    deps,
    principal,
    { type: 'file', name, filename: input.fileName || 'document', parentId },
    read.blocks,
  )
}

export async function createFromText(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  input: Placement & { text: string },
) {
  if (!input.text.trim()) throw new AppError('kb_text_required', { param: 'text' })
  if (input.text.length > KB_TEXT_MAX_CHARS)
    throw new AppError('validation_error', {
      param: 'text',
      message: `Text is limited to ${KB_TEXT_MAX_CHARS} characters.`,
    })
  const parentId = await checkParent(deps, principal.workspaceId, input.parentFolderId)
  const blocks = blocksOfText(input.text)
  const firstLine =
    input.text
      .trim()
      .split('\n')[0]
      ?.replace(/^#+\s*/, '')
      .slice(0, 60) ?? ''
  const name = cleanName(input.name, firstLine)
  return store(deps, principal, { type: 'text', name, parentId }, blocks)
}

export async function createFolder(
  deps: KnowledgeBaseDeps,
  principal: Principal,
  input: Placement & { name: string },
) {
  const name = cleanName(input.name, '')
  const parentId = await checkParent(deps, principal.workspaceId, input.parentFolderId)
  const id = newId()
  const now = new Date()
  await deps.documents.insert(
    {
      id,
      workspace_id: principal.workspaceId,
      created_by_user_id: principal.userId,
      creator_email: principal.email,
      type: 'folder',
      name,
      parent_folder_id: parentId,
      created_at: now,
      updated_at: now,
    },
    [],
    Number.POSITIVE_INFINITY,
  )
  return {
    id,
    name,
    folder_path: (await deps.documents.folderPath(principal.workspaceId, parentId)).map((f) => ({
      id: f.id,
    })),
  }
}
