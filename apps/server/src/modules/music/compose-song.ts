import { createHash, randomInt } from 'node:crypto'
import {
  type CompositionPlan,
  DEFAULT_OUTPUT_FORMAT,
  MUSIC_MODEL_ID,
  musicCredits,
  type SongMetadata,
} from '@timbre/contract'
import { composeScore, type MusicRenderer, type OutputFormat, planFromPrompt } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import { resolveFormat } from '../../platform/generation/generation-inputs.js'
import type { Principal } from '../../plugins/auth.js'
import type { Recorder, Recording } from '../recording/recording.module.js'
import type { MusicRepository } from './music.repository.js'
import type { ComposeBody } from './music.schemas.js'
import { checkSongRequest } from './music-inputs.js'
import { songMetadata } from './song-metadata.js'

export interface MusicDeps {
  storage: FileStorage
  recorder: Recorder
  renderer: MusicRenderer
  repository: MusicRepository
  /** The public name a user shares under (consent), null when none is set. */
  publicName(userId: string): Promise<string | null>
}

/** A song ready to render: its plan, seed, score and the open recording that charges it. */
export interface PreparedSong {
  songId: string
  plan: CompositionPlan
  metadata: SongMetadata
  format: OutputFormat
  lengthMs: number
  recording: Recording
  /** The delivered audio's SHA-256, fed as it goes out. */
  audioHash: ReturnType<typeof createHash>
  render(onAudio?: (bytes: Uint8Array, endMs: number) => void): ReturnType<MusicRenderer['render']>
  /** Settles the charge and keeps the song (plan and seed) in the same transaction. */
  complete(): Promise<void>
}

/** "auto" is the public API's default: MP3 at 44.1 kHz, 128 kbps. */
export function musicFormat(outputFormat: string | undefined): OutputFormat {
  const name = !outputFormat || outputFormat === 'auto' ? DEFAULT_OUTPUT_FORMAT : outputFormat
  return resolveFormat(name)
}

/** Styles a saved finetune adds to a request. */
async function finetuneStyles(deps: MusicDeps, principal: Principal, id: string | null | undefined) {
  if (!id) return []
  const finetune = await deps.repository.findFinetune(principal.workspaceId, principal.userId, id)
  if (!finetune) throw new AppError('music_finetune_not_found', { param: 'finetune_id' })
  return finetune.styles as string[]
}

/**
 * Validates a compose request, plans it, reserves its credits (per minute of music) and
 * returns the song ready to render. Nothing is charged until the render is delivered.
 */
export async function prepareSong(
  deps: MusicDeps,
  input: {
    principal: Principal
    requestId: string
    body: ComposeBody
    outputFormat: string | undefined
    /** A plan made by the server (video to music), used as it is. */
    planned?: { plan: CompositionPlan; prompt: string | null; source: 'video' }
  },
): Promise<PreparedSong> {
  const request = input.planned
    ? { prompt: input.planned.prompt, plan: input.planned.plan, lengthMs: null, instrumental: true }
    : checkSongRequest(input.body)
  const format = musicFormat(input.outputFormat)
  if (!deps.renderer.available) throw new AppError('music_unavailable')
  const extra = await finetuneStyles(deps, input.principal, input.body.finetune_id)
  const seed = input.body.seed ?? randomInt(0, 2_147_483_647)
  const plan: CompositionPlan = request.plan
    ? { ...request.plan, positive_global_styles: [...request.plan.positive_global_styles, ...extra] }
    : planFromPrompt({
        prompt: [request.prompt ?? '', ...extra].join(', '),
        lengthMs: request.lengthMs,
        seed,
        instrumental: request.instrumental,
      }).plan
  const { score, style } = composeScore({ plan, seed, instrumental: request.instrumental })
  const metadata = songMetadata(style, plan, request.instrumental)
  const lengthMs = score.totalMs
  const songId = newId()
  const audioHash = createHash('sha256')
  const recording = await deps.recorder.begin({
    principal: input.principal,
    requestId: input.requestId,
    kind: 'music',
    format,
    costMultiplier: 1,
    history: null,
    meter: {
      modelId: input.body.model_id ?? MUSIC_MODEL_ID,
      resourceId: songId,
      resourceName: metadata.title,
    },
    charge: {
      text: request.prompt ?? metadata.title,
      hash: null,
      credits: musicCredits(lengthMs),
      seconds: lengthMs / 1000,
    },
  })
  return {
    songId,
    plan,
    metadata,
    format,
    lengthMs,
    recording,
    audioHash,
    render: (onAudio) => deps.renderer.render({ score, format: format.id, stems: false }, onAudio),
    complete: () =>
      recording.complete({
        within: (trx) =>
          deps.repository.insertSong(
            {
              id: songId,
              workspaceId: input.principal.workspaceId,
              userId: input.principal.userId,
              source: input.planned?.source ?? (request.plan ? 'plan' : 'prompt'),
              prompt: request.prompt,
              plan,
              seed,
              instrumental: request.instrumental,
              metadata,
              lengthMs,
              outputFormat: format.id,
              fileKey: null,
              audioSha256: audioHash.digest('hex'),
              historyItemId: null,
            },
            trx,
          ),
      }),
  }
}

/** Renders a prepared song whole; the charge settles only once the audio exists. */
export async function renderWhole(song: PreparedSong): Promise<{ audio: Uint8Array; waveform: number[] }> {
  try {
    const rendered = await song.render()
    song.audioHash.update(rendered.audio)
    song.recording.held({
      audio: rendered.audio,
      alignment: null,
      characters: 0,
      piece: 0,
      endSeconds: song.lengthMs / 1000,
    })
    await song.complete()
    return { audio: rendered.audio, waveform: rendered.waveform ?? [] }
  } catch (error) {
    await song.recording.fail()
    throw error
  }
}

/** The song's audio as it renders, chunk by chunk, for a streamed response. */
export async function* renderChunks(
  song: PreparedSong,
): AsyncGenerator<{ bytes: Uint8Array; endMs: number }> {
  const queue: { bytes: Uint8Array; endMs: number }[] = []
  let wake: (() => void) | null = null
  let finished = false
  let failure: unknown = null
  song
    .render((bytes, endMs) => {
      queue.push({ bytes, endMs })
      wake?.()
    })
    .then(
      () => {
        finished = true
        wake?.()
      },
      (error: unknown) => {
        failure = error ?? new Error('render failed')
        wake?.()
      },
    )
  while (true) {
    const next = queue.shift()
    if (next) {
      yield next
      continue
    }
    if (failure) throw failure
    if (finished) return
    await new Promise<void>((resolve) => {
      wake = resolve
    })
    wake = null
  }
}
