import { STUDIO_EMPHASIS } from '@timbre/contract'
import {
  type CharAlignment,
  MODEL_PROFILES,
  type OutputFormat,
  type PipelineChunk,
  type PreparedRequest,
  type PronunciationRule,
  parseOutputFormat,
  type SpeechRequest,
  type VoiceSettings,
} from '@timbre/speech'
import type { Transaction } from 'kysely'
import type { DB } from '../../../db/schema.js'
import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import type { Recorder } from '../../recording/recording.module.js'
import type { ProjectRow } from '../studio.repository.js'
import type { StoredBlock } from '../studio-content.js'
import { createWordTimer, type SpokenWord } from '../takes/spoken-words.js'
import type { ConversionDeps } from './conversion-deps.js'
import { STUDIO_PCM_FORMAT } from './studio-audio.js'

/** A job waits this long at most for a free concurrency slot of its workspace. */
const SLOT_WAIT_MS = 90_000
const SLOT_RETRY_MS = 1_000

/**
 * A job is not refused for its workspace's concurrency limit as a request is: it waits for a
 * slot (one a dead process held frees itself when its lease runs out).
 */
async function beginWhenSlotFree(recorder: Recorder, input: Parameters<Recorder['begin']>[0]) {
  const until = Date.now() + SLOT_WAIT_MS
  for (;;) {
    try {
      return await recorder.begin(input)
    } catch (error) {
      const busy = error instanceof AppError && error.code === 'concurrent_limit_exceeded'
      if (!busy || Date.now() > until) throw error
      await new Promise((r) => setTimeout(r, SLOT_RETRY_MS))
    }
  }
}

/** Emphasised text is read a little slower and louder than the text around it. */
function emphasised(settings: Partial<VoiceSettings>): Partial<VoiceSettings> {
  return {
    ...settings,
    speed: (settings.speed ?? 1) * STUDIO_EMPHASIS.speed,
    volume: (settings.volume ?? 1) * STUDIO_EMPHASIS.volume,
  }
}

/** Character timings moved later by `seconds`. */
function shifted(alignment: CharAlignment | null, seconds: number): CharAlignment | null {
  if (!alignment || seconds === 0) return alignment
  return {
    characters: alignment.characters,
    character_start_times_seconds: alignment.character_start_times_seconds.map((t) => t + seconds),
    character_end_times_seconds: alignment.character_end_times_seconds.map((t) => t + seconds),
  }
}

/**
 * Every piece of a block (a node: one voice) rendered at the same time, each by a pipeline of
 * its own, so that a block of many short pieces keeps every speech thread busy; each piece's
 * chunks come back in order with timings from the piece's start. One failing stops the others.
 */
async function renderPieces(
  speech: ConversionDeps['speech'],
  format: OutputFormat,
  prepared: PreparedRequest[],
): Promise<PipelineChunk[][]> {
  const stop = new AbortController()
  try {
    return await Promise.all(
      prepared.map(async (request) => {
        const pipeline = speech.pipeline(format, { signal: stop.signal })
        pipeline.push(request)
        pipeline.end()
        const chunks: PipelineChunk[] = []
        for await (const chunk of pipeline) chunks.push(chunk)
        return chunks
      }),
    )
  } catch (error) {
    stop.abort()
    throw error
  }
}

export interface RenderBlockInput {
  principal: Principal
  conversionId: string
  project: ProjectRow
  block: StoredBlock
  rules: PronunciationRule[]
  /** A free regeneration: rendered and kept without charging credits. */
  free?: boolean
  /** The text charged, when it is not the pieces' texts joined (a sentence of the block). */
  chargeText?: string
  /** A block rendered inside a request rather than by a job worker. */
  queue?: 'realtime' | 'job'
  /** Keeps the block's audio, in the transaction that charges it when there is a charge. */
  keep: (pcm: Buffer, words: SpokenWord[], trx: Transaction<DB> | undefined) => Promise<void>
}

/**
 * Renders one block with the recorder holding its credits, and keeps its audio in the
 * transaction that charges it; returns its PCM (empty for a block with nothing to say).
 */
export async function renderBlock(
  deps: Pick<ConversionDeps, 'voices' | 'speech' | 'recorder'>,
  input: RenderBlockInput,
): Promise<Buffer> {
  const { project, block, rules } = input
  const format = parseOutputFormat(STUDIO_PCM_FORMAT)
  const requests: SpeechRequest[] = []
  // Where each request's text starts in the block's text, to time its words.
  const pieceOffsets: number[] = []
  let offset = 0
  let firstVoice: { voiceId: string; name: string } | null = null
  for (const node of block.nodes) {
    const at = offset
    offset += node.text.length
    if (!node.text.trim()) continue
    pieceOffsets.push(at)
    const voice =
      (await deps.voices.findUsable(project.workspace_id, node.voice_id)) ??
      (await deps.voices.findUsable(project.workspace_id, project.default_paragraph_voice_id))
    if (!voice)
      throw new AppError('studio_voice_not_found', { message: `Voice not found: ${node.voice_id}.` })
    firstVoice ??= voice
    requests.push({
      text: node.text,
      voice: voice.definition,
      modelId: project.default_model_id,
      voiceSettings: node.emphasis ? emphasised(voice.settings ?? {}) : (voice.settings ?? {}),
      ...(rules.length > 0 ? { pronunciationRules: rules } : {}),
    })
  }
  if (requests.length === 0) {
    await input.keep(Buffer.alloc(0), [], undefined)
    return Buffer.alloc(0)
  }
  const prepared = requests.map((r) => deps.speech.prepare(r))
  const model = MODEL_PROFILES[project.default_model_id]
  const recording = await beginWhenSlotFree(deps.recorder, {
    principal: input.principal,
    requestId: `${input.conversionId}:${block.block_id}`,
    kind: 'studio',
    format,
    costMultiplier: model?.characterCostMultiplier ?? 1,
    queue: input.queue ?? 'job',
    meter: { modelId: project.default_model_id, resourceId: firstVoice?.voiceId ?? null },
    history: null,
    charge: {
      text: input.chargeText ?? requests.map((r) => r.text).join(' '),
      hash: null,
      ...(input.free ? { credits: 0 } : {}),
    },
  })
  try {
    const parts: Buffer[] = []
    const timer = createWordTimer(block.nodes.map((node) => node.text).join(''), pieceOffsets)
    let pieceStart = 0
    for (const [piece, chunks] of (await renderPieces(deps.speech, format, prepared)).entries()) {
      let bytes = 0
      for (const chunk of chunks) {
        timer.add(piece, shifted(chunk.alignment, pieceStart))
        // Nothing reaches a client before the block is kept: the audio is held, so a run that
        // dies mid-block has delivered nothing, and its reservation is released whole.
        recording.held({ ...chunk, piece, endSeconds: chunk.endSeconds + pieceStart })
        parts.push(Buffer.from(chunk.audio))
        bytes += chunk.audio.length
      }
      pieceStart += bytes / 2 / format.sampleRate
    }
    const pcm = Buffer.concat(parts)
    const words = timer.words()
    await recording.complete({ within: (trx) => input.keep(pcm, words, trx) })
    return pcm
  } catch (error) {
    await recording.fail()
    throw error
  }
}
