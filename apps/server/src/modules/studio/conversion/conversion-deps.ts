import { createHash } from 'node:crypto'
import { isEnglishOnly, MODEL_PROFILES, type PronunciationRule, type SpeechService } from '@timbre/speech'
import type { JobQueue } from '../../../jobs/queue.js'
import type { FileStorage } from '../../../lib/storage.js'
import type { Principal } from '../../../plugins/auth.js'
import type { PronunciationRulesPort } from '../../pronunciation-dictionaries/pronunciation-dictionaries.module.js'
import type { Recorder } from '../../recording/recording.module.js'
import type { VoiceLookup } from '../../voices/voices.module.js'
import type { CallbacksPort } from '../../webhooks/webhooks.module.js'
import type { ProjectRow, StudioRepository } from '../studio.repository.js'
import type { StudioAccess } from '../studio.service.js'
import type { StoredBlock } from '../studio-content.js'
import type { ConversionRepository } from './conversion.repository.js'

/** What the conversion use cases work with; the service file composes them over one set. */
export interface ConversionDeps {
  studio: StudioRepository
  conversions: ConversionRepository
  queue: JobQueue
  storage: FileStorage
  speech: SpeechService
  voices: VoiceLookup
  dictionaries: PronunciationRulesPort
  recorder: Recorder
  /** Converting, regenerating and locking change the project: they need the editor role on it. */
  access?: Pick<StudioAccess, 'requireEditor'> | undefined
  /** Posts a conversion's result to the project's callback URL (the webhooks' deliveries). */
  callbacks?: Pick<CallbacksPort, 'send'> | undefined
  log?: (message: string, details: object) => void
}

export type Workspace = Pick<Principal, 'workspaceId' | 'userId'> & Partial<Principal>

export const blockText = (block: StoredBlock) => block.nodes.map((n) => n.text).join(' ')

export const blockAudioKey = (
  workspaceId: string,
  chapterId: string,
  blockId: string,
  hash: string,
  take: string,
) => `studio/${workspaceId}/blocks/${chapterId}/${blockId}-${hash.slice(0, 16)}-${take}.pcm`

export const snapshotKey = (workspaceId: string, id: string) => `studio/${workspaceId}/snapshots/${id}.mp3`

/** What a block's audio is made from: a change to any of it makes the audio out of date. */
export function sourceHash(block: StoredBlock, modelId: string, locators: unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([block.sub_type, block.nodes, modelId, locators]))
    .digest('hex')
}

/** The model as the dictionaries see it: phoneme rules are for English-only models. */
export const dictionaryModel = (modelId: string) => {
  const model = MODEL_PROFILES[modelId]
  return { id: modelId, englishOnly: model ? isEnglishOnly(model) : false }
}

/** The rules of the project's dictionaries (or the workspace defaults) for its model. */
export async function rulesFor(
  deps: Pick<ConversionDeps, 'dictionaries'>,
  project: ProjectRow,
): Promise<PronunciationRule[]> {
  const locators = project.pronunciation_dictionary_locators as Array<{
    pronunciation_dictionary_id: string
    version_id?: string | null
  }>
  return deps.dictionaries.rulesFor(
    project.workspace_id,
    locators.length > 0 ? locators : undefined,
    dictionaryModel(project.default_model_id),
  )
}
