import { AUDIO_NATIVE_OUTPUT_FORMAT, ERRORS } from '@timbre/contract'
import type { SpeechRequest } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../lib/storage.js'
import { paragraphsOfText } from '../../lib/web-page/article-text.js'
import { beginGeneration, type GenerationDeps } from '../../platform/generation/begin-generation.js'
import { pronunciationRules, resolveVoice } from '../../platform/generation/generation-inputs.js'
import { defineHeldJob, type HeldRun, TakenOver } from '../../platform/jobs/held-run-runner.js'
import { jobPrincipal } from '../../platform/jobs/job-principal.js'
import {
  type AudioNativeRepository,
  type AudioNativeRow,
  conversionRunId,
} from './audio-native.repository.js'

// A conversion makes a player's audio for one content version through the one generation
// pipeline: the recorder reserves the credits before anything is spoken and settles them when
// the audio is stored (a crashed worker's reservation is released by the recording sweeper).
// Queued, then publishing with a percent, then published (or `converted`, waiting for a publish
// call, when auto_publish is off; the published audio plays meanwhile); a refusal (no credits) or an error is
// `failed` with its message and nothing charged. Newer content makes an older run's result void.
// The job runner holds the project while it converts; a conversion whose worker died is taken
// over and converted again from its stored content (the dead run's reservation is released by
// the recording sweeper).

const PROGRESS_WRITE_MS = 500
/** A publishing conversion's row is touched this often, whatever the work is doing. */
const HEARTBEAT_MS = 5_000
/** A publishing conversion whose row has not moved for this long belongs to a dead worker. */
const STALE_SECONDS = 30
/** How often the worker roles look for conversions of dead workers. */
export const AUDIO_NATIVE_SWEEP_MS = 5_000

const audioKey = (workspaceId: string, id: string, version: number) =>
  `audio-native/${workspaceId}/${id}/${version}.mp3`

/** The speech engine's normalisation setting for the product's options. */
function normalisation(value: string): 'auto' | 'on' | 'off' {
  if (value === 'on' || value === 'apply_english') return 'on'
  if (value === 'off') return 'off'
  return 'auto'
}

export function createAudioNativeJobs(deps: {
  repository: AudioNativeRepository
  generation: GenerationDeps
  storage: FileStorage
  log?: (message: string, details: object) => void
}) {
  const { repository } = deps

  /** The conversion job's handler: the held project's content at its version spoken and stored. */
  async function convertHeld(row: AudioNativeRow, run: HeldRun): Promise<void> {
    const projectId = row.id
    const version = row.audio_version
    const principal = jobPrincipal({
      userId: row.created_by,
      workspaceId: row.workspace_id,
      apiKeyId: row.api_key_id,
    })
    const fail = async (code: string, message: string) => {
      await repository.progress(projectId, version, {
        status: 'failed',
        error_code: code,
        error_message: message,
      })
    }
    let generation: Awaited<ReturnType<typeof beginGeneration>> | null = null
    let key: string | null = null
    try {
      const voice = await resolveVoice(deps.generation.voices, row.workspace_id, row.voice_id)
      const rules = await pronunciationRules(
        deps.generation,
        row.workspace_id,
        row.dictionary_locators,
        row.model_id,
      )
      const paragraphs = paragraphsOfText(row.content_text)
      const requests: SpeechRequest[] = paragraphs.map((text) => ({
        ...rules,
        text,
        voice: voice.definition,
        modelId: row.model_id,
        voiceSettings: voice.settings ?? {},
        applyTextNormalization: normalisation(row.apply_text_normalization),
      }))
      generation = await beginGeneration(deps.generation, {
        principal,
        requestId: `audio-native:${projectId}:${version}`,
        voice,
        speechRequests: requests,
        modelId: row.model_id,
        outputFormat: AUDIO_NATIVE_OUTPUT_FORMAT,
        logging: false,
        kind: 'tts',
        text: paragraphs.join('\n\n'),
        settings: voice.settings ?? {},
      })
      const total = Math.max(
        1,
        paragraphs.reduce((n, p) => n + [...p].length, 0),
      )
      const parts: Uint8Array[] = []
      let spoken = 0
      for await (const chunk of generation.chunks()) {
        parts.push(chunk.audio)
        // No listener hears it before it is stored and published: the audio is held, so a
        // run that fails part-way is charged nothing.
        generation.held(chunk)
        spoken += chunk.characters
        await run.progress((spoken / total) * 100)
      }
      const audio = Buffer.concat(parts)
      key = audioKey(row.workspace_id, projectId, version)
      await deps.storage.put(key, audio)
      await generation.complete()
      const stored = await repository.progress(
        projectId,
        version,
        row.auto_publish
          ? {
              status: 'published',
              progress: 100,
              audio_key: key,
              audio_content_type: generation.format.contentType,
              published_version: version,
            }
          : {
              status: 'converted',
              progress: 100,
              pending_audio_key: key,
              pending_content_type: generation.format.contentType,
            },
      )
      if (!stored) await deps.storage.delete(key).catch(() => undefined)
      else if (row.auto_publish && row.audio_key && row.audio_key !== key)
        await deps.storage.delete(row.audio_key).catch(() => undefined)
    } catch (error) {
      if (error instanceof TakenOver) throw error
      await generation?.fail()
      if (key) await deps.storage.delete(key).catch(() => undefined)
      if (error instanceof AppError) {
        await fail(error.code, error.message)
        return
      }
      deps.log?.('audio native conversion failed', { projectId, err: error })
      await fail('audio_native_conversion_failed', ERRORS.audio_native_conversion_failed.message)
    }
  }

  const job = defineHeldJob({
    name: 'audio-native.convert',
    store: repository.held,
    timing: { heartbeatMs: HEARTBEAT_MS, staleSeconds: STALE_SECONDS, progressWriteMs: PROGRESS_WRITE_MS },
    rowId: (payload) => conversionRunId(payload.projectId, payload.version),
    resume: (runId) => {
      const at = runId.lastIndexOf(':')
      return { projectId: runId.slice(0, at), version: Number(runId.slice(at + 1)) }
    },
    handler: convertHeld,
    log: deps.log,
  })

  return {
    job,
    /** Runs one conversion; nothing when the version is no longer current, done, or held. */
    run: (projectId: string, version: number) => job.run({ projectId, version }),
  }
}

export type AudioNativeJobs = ReturnType<typeof createAudioNativeJobs>
