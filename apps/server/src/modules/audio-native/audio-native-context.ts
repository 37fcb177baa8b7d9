import type { AudioNativeState } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import {
  pronunciationRules,
  resolveModel,
  resolveVoice,
} from '../../platform/generation/generation-inputs.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { Principal } from '../../plugins/auth.js'
import type { PronunciationRulesPort } from '../pronunciation-dictionaries/pronunciation-dictionaries.module.js'
import type { VoiceLookup } from '../voices/voices.module.js'
import type { AudioNativeRepository, AudioNativeRow } from './audio-native.repository.js'
import type { Locator } from './audio-native-checks.js'
import type { AudioSigner } from './page-allowlist.js'

export interface AudioNativeDeps {
  repository: AudioNativeRepository
  voices: VoiceLookup
  dictionaries: PronunciationRulesPort
  queue: JobQueue
  storage: FileStorage
  signer: AudioSigner
  outbound: OutboundPolicy
}

/** What the use cases share: the dependencies and the project lookups and views. */
export function createAudioNativeContext(deps: AudioNativeDeps) {
  const { repository } = deps

  async function requireProject(principal: Pick<Principal, 'workspaceId'>, id: string) {
    const row = await repository.find(principal.workspaceId, id)
    if (!row) throw new AppError('audio_native_project_not_found', { param: 'project_id' })
    return row
  }

  /** Refuses an unknown voice, model or dictionary before anything is stored. */
  async function checkSpeech(workspaceId: string, voiceId: string, modelId: string, locators: Locator[]) {
    await resolveVoice(deps.voices, workspaceId, voiceId)
    resolveModel(modelId)
    await pronunciationRules(deps, workspaceId, locators, modelId)
  }

  const enqueue = (projectId: string) => (trx: Transaction<DB>, version: number) =>
    deps.queue.send('audio-native.convert', { projectId, version }, { trx })

  function snippet(siteOrigin: string, id: string): string {
    return (
      `<div id="timbre-audio-native" data-project-id="${id}"></div>\n` +
      `<script src="${siteOrigin}/audio-native/player.js" async></script>`
    )
  }

  /** Whether the player has live audio (a published version), whatever is being converted. */
  const live = (row: AudioNativeRow) => row.audio_key !== null && row.published_version !== null

  function state(row: AudioNativeRow) {
    return {
      status: row.status as AudioNativeState,
      progress: row.progress,
      error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
      auto_publish: row.auto_publish,
      live: live(row),
    }
  }

  /**
   * Stores new content (a new version) and, when asked, queues its conversion; `publish` says
   * whether that conversion goes live when it ends. Audio converted for older content and not
   * published is dropped; the published audio keeps playing until newer audio is published.
   */
  async function replaceContent(
    row: AudioNativeRow,
    content: { text: string; title?: string | null; author?: string | null; pageUrl?: string },
    convert: boolean,
    publish: boolean,
  ): Promise<void> {
    await repository.replaceContent(
      row.id,
      {
        content_text: content.text,
        status: convert ? 'queued' : 'draft',
        progress: 0,
        error_code: null,
        error_message: null,
        auto_publish: publish,
        pending_audio_key: null,
        pending_content_type: null,
        ...(content.title ? { title: content.title.slice(0, 500) } : {}),
        ...(content.author ? { author: content.author.slice(0, 500) } : {}),
        ...(content.pageUrl ? { page_url: content.pageUrl } : {}),
      },
      convert ? enqueue(row.id) : null,
    )
    if (row.pending_audio_key) await deps.storage.delete(row.pending_audio_key).catch(() => undefined)
  }

  async function settings(principal: Principal, projectId: string) {
    const row = await requireProject(principal, projectId)
    const ready = live(row)
    return {
      enabled: true,
      ...(ready ? { snapshot_id: `${row.id}-v${row.published_version}` } : {}),
      settings: {
        title: row.title,
        image: row.image,
        author: row.author,
        small: row.small,
        text_color: row.text_color,
        background_color: row.background_color,
        sessionization: row.sessionization,
        ...(ready
          ? {
              audio_path: `audio-native/${row.id}/audio`,
              audio_url: `/audio-native/${row.id}/audio`,
            }
          : {}),
        status: ready ? ('ready' as const) : ('processing' as const),
      },
      project: view(row),
    }
  }

  function view(row: AudioNativeRow) {
    return {
      project_id: row.id,
      name: row.name,
      voice_id: row.voice_id,
      model_id: row.model_id,
      apply_text_normalization: row.apply_text_normalization,
      pronunciation_dictionary_locators: row.dictionary_locators,
      allowed_urls: row.allowed_urls,
      content_selector: row.content_selector,
      page_url: row.page_url,
      characters: row.content_text.length,
      ...state(row),
      created_at_unix: Math.floor(row.created_at.getTime() / 1000),
      updated_at_unix: Math.floor(row.updated_at.getTime() / 1000),
    }
  }

  return {
    deps,
    repository,
    requireProject,
    checkSpeech,
    enqueue,
    snippet,
    live,
    state,
    replaceContent,
    view,
    settings,
  }
}

export type AudioNativeContext = ReturnType<typeof createAudioNativeContext>
