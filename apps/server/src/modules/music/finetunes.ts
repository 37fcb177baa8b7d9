import { MUSIC_MODEL_ID } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { MusicDeps } from './compose-song.js'
import type { FinetuneRow } from './music.repository.js'
import { DECODE_RATE, decodeSong } from './music-media.js'
import { stylesOf } from './uploads.js'

/** A finetune as the public API shows it to a viewer (created by them, or by a teammate). */
export function finetuneBody(row: FinetuneRow, viewerId: string) {
  return {
    id: row.id,
    name: row.name,
    tags: row.tags as string[],
    primary_genre: row.primary_genre,
    model_id: row.model_id,
    created_at: row.created_at.toISOString(),
    visibility: row.visibility,
    created_by: row.user_id === viewerId ? 'self' : 'workspace',
    status: 'completed',
    training_progress: 1,
    styles: row.styles as string[],
  }
}

/**
 * A finetune here is a saved style profile: the genre and tags given, plus what the reference
 * tracks measure (tempo, key, percussiveness, brightness, taken from the first track that
 * decodes). Composing with it adds these styles to the prompt or plan.
 */
export async function createFinetune(
  deps: MusicDeps,
  principal: Principal,
  input: {
    name: string
    primaryGenre: string
    tags: string[]
    visibility: string
    modelId: string | undefined
    files: Buffer[]
  },
) {
  if (input.name.trim().length < 5 || input.name.length > 200) {
    throw new AppError('validation_error', { message: 'name must be 5 to 200 characters.', param: 'name' })
  }
  const measured: string[] = []
  for (const file of input.files.slice(0, 1)) {
    const samples = await decodeSong(file)
    measured.push(...stylesOf(await deps.renderer.analyse(samples, DECODE_RATE)))
  }
  const row = await deps.repository.insertFinetune({
    id: newId(),
    workspace_id: principal.workspaceId,
    user_id: principal.userId,
    name: input.name.trim(),
    primary_genre: input.primaryGenre.trim(),
    tags: input.tags,
    visibility: input.visibility,
    model_id: input.modelId ?? MUSIC_MODEL_ID,
    styles: [input.primaryGenre.trim(), ...input.tags, ...measured].filter(Boolean),
  })
  return finetuneBody(row, principal.userId)
}

export async function getFinetune(deps: MusicDeps, principal: Principal, id: string) {
  const row = await deps.repository.findFinetune(principal.workspaceId, principal.userId, id)
  if (!row) throw new AppError('music_finetune_not_found', { param: 'finetune_id' })
  return finetuneBody(row, principal.userId)
}

export interface FinetuneListQuery {
  cursor?: string | undefined
  page_size: number
  visibility?: 'private' | 'workspace' | 'public' | undefined
  created_by?: 'self' | 'workspace' | 'elevenlabs' | undefined
  sort: 'created_at' | 'name'
  sort_direction: 'asc' | 'desc'
}

const offsetOf = (cursor: string | undefined) => {
  const offset = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0
  if (!Number.isInteger(offset) || offset < 0)
    throw new AppError('validation_error', { message: 'The cursor is not valid.', param: 'cursor' })
  return offset
}

/**
 * The finetunes the user may see: their own (private or shared) and the ones teammates shared
 * with the workspace. There are no curated ones here, so `public` and `elevenlabs` list none.
 */
export async function listFinetunes(deps: MusicDeps, principal: Principal, query: FinetuneListQuery) {
  const offset = offsetOf(query.cursor)
  if (query.visibility === 'public' || query.created_by === 'elevenlabs')
    return { finetunes: [], has_more: false }
  const rows = await deps.repository.listFinetunes(principal.workspaceId, principal.userId, {
    visibility: query.visibility,
    createdBy: query.created_by,
    sort: query.sort,
    direction: query.sort_direction,
    limit: query.page_size,
    offset,
  })
  const page = rows.slice(0, query.page_size)
  const hasMore = rows.length > query.page_size
  return {
    finetunes: page.map((row) => finetuneBody(row, principal.userId)),
    has_more: hasMore,
    ...(hasMore ? { next_cursor: Buffer.from(String(offset + query.page_size)).toString('base64url') } : {}),
  }
}

/** Only the finetune's creator changes or deletes it; teammates see a shared one read-only. */
async function ownFinetune(deps: MusicDeps, principal: Principal, id: string) {
  const row = await deps.repository.findFinetune(principal.workspaceId, principal.userId, id)
  if (!row) throw new AppError('music_finetune_not_found', { param: 'finetune_id' })
  if (row.user_id !== principal.userId) throw new AppError('music_finetune_not_owner')
  return row
}

export async function updateFinetune(
  deps: MusicDeps,
  principal: Principal,
  id: string,
  patch: {
    name?: string | undefined
    tags?: string[] | undefined
    primary_genre?: string | undefined
    visibility?: 'private' | 'workspace' | undefined
  },
) {
  await ownFinetune(deps, principal, id)
  const name = patch.name?.trim()
  if (name !== undefined && (name.length < 5 || name.length > 200))
    throw new AppError('validation_error', { message: 'name must be 5 to 200 characters.', param: 'name' })
  const row = await deps.repository.updateFinetune(id, {
    ...(name !== undefined ? { name } : {}),
    ...(patch.tags ? { tags: patch.tags } : {}),
    ...(patch.primary_genre !== undefined ? { primary_genre: patch.primary_genre.trim() } : {}),
    ...(patch.visibility ? { visibility: patch.visibility } : {}),
  })
  return finetuneBody(row, principal.userId)
}

export async function deleteFinetune(deps: MusicDeps, principal: Principal, id: string) {
  const row = await ownFinetune(deps, principal, id)
  await deps.repository.deleteFinetune(id)
  return finetuneBody(row, principal.userId)
}
