import { MUSIC_MODEL_ID } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { MusicDeps } from './compose-song.js'
import type { FinetuneRow } from './music.repository.js'
import { DECODE_RATE, decodeSong } from './music-media.js'
import { stylesOf } from './uploads.js'

/** A finetune as the public API shows it. */
export function finetuneBody(row: FinetuneRow) {
  return {
    id: row.id,
    name: row.name,
    tags: row.tags as string[],
    primary_genre: row.primary_genre,
    model_id: row.model_id,
    created_at: row.created_at.toISOString(),
    visibility: row.visibility,
    created_by: 'self',
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
  return finetuneBody(row)
}

export async function getFinetune(deps: MusicDeps, principal: Principal, id: string) {
  const row = await deps.repository.findFinetune(principal.workspaceId, id)
  if (!row) throw new AppError('music_finetune_not_found', { param: 'finetune_id' })
  return finetuneBody(row)
}

export async function listFinetunes(deps: MusicDeps, principal: Principal) {
  const rows = await deps.repository.listFinetunes(principal.workspaceId)
  return { finetunes: rows.map(finetuneBody), has_more: false }
}
