// The PCM pipeline of one request: segments render in parallel workers (a bounded window
// ahead of the listener), and come out in order with pauses between them and their
// character timings. The first chunk leaves as soon as the first segment is ready.

import { deriveSeed } from '../dsp/prng.js'
import { SpeechError } from '../errors.js'
import type { Affinity, WorkerPool } from '../pool/worker-pool.js'
import type { SegmentAudio } from '../synthesis/segment-job.js'
import type { Segment } from '../text/types.js'
import type { PcmChunk, VoiceDefinition } from '../types.js'
import { AlignmentBuilder } from './alignment-builder.js'
import type { PreparedRequest } from './prepare-request.js'

let nextOwner = 1

const LEAD_SECONDS = 0.02
const TAIL_SECONDS = 0.12
const SENTENCE_GAP = 0.32
const CLAUSE_GAP = 0.14
/** After a segment cut between two words (a short first segment), not at punctuation. */
const WORD_GAP = 0.03

export async function* streamPcm(
  pool: WorkerPool,
  prepared: PreparedRequest,
  sampleRate: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<PcmChunk> {
  const { plan, settings, request } = prepared
  const tailSeconds = request.nextText ? 0.05 : TAIL_SECONDS
  const controller = new AbortController()
  const onAbort = (): void => controller.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  const segments = plan.segments
  const owner = nextOwner++
  const window = Math.max(2, pool.size * 2)
  const affinity = affinityOf(request.voice, prepared.language)
  const renders = new Map<number, Promise<SegmentAudio>>()
  const pads = silencePads(
    segments,
    request.previousText ? 0 : LEAD_SECONDS,
    tailSeconds,
    settings.speed,
    sampleRate,
  )
  let nextToStart = 0
  const startRenders = (): void => {
    while (nextToStart < segments.length && renders.size < window) {
      const index = nextToStart++
      const segment = segments[index]!
      if (segment.kind !== 'speech') continue
      const job = {
        pieces: segment.pieces,
        style: segment.style,
        language: prepared.language,
        voice: request.voice,
        settings,
        seed: deriveSeed(prepared.seed, index),
        outputRate: sampleRate,
        quality: prepared.model.latency === 'low' ? ('fast' as const) : ('high' as const),
      }
      const first = !segments.slice(0, index).some((s) => s.kind === 'speech')
      const promise = pool.run(
        { type: 'render', job, pad: pads[index]! },
        { signal: controller.signal, priority: first, owner, affinity },
      ) as Promise<SegmentAudio>
      promise.catch(() => {})
      renders.set(index, promise)
    }
  }

  const alignment = new AlignmentBuilder(plan)
  let time = request.previousText ? 0 : LEAD_SECONDS
  let gapStart = 0
  try {
    for (let index = 0; index < segments.length; index++) {
      startRenders()
      const segment = segments[index]!
      if (segment.kind === 'pause') {
        alignment.addGap(segment.normEnd, time, time + segment.seconds)
        time += segment.seconds
        continue
      }
      const audio = await renders.get(index)!
      renders.delete(index)
      if (signal?.aborted) throw new SpeechError('aborted', 'The request was cancelled.')
      // The render thread put the silence around the segment's audio (its pad).
      const { lead, tail } = pads[index]!
      const samples = audio.samples
      const duration = (samples.length - lead - tail) / sampleRate
      alignment.addSegment(segment.normStart, segment.normEnd, audio.words, gapStart, time, duration)
      time += duration
      gapStart = time
      const gap = gapAfter(segment, segments[index + 1]) / settings.speed
      time += gap
      const last = !segments.slice(index + 1).some((s) => s.kind === 'speech')
      if (last) {
        time -= gap
        yield finish(alignment, samples, sampleRate, time, tailSeconds, plan.normalized.length)
        return
      }
      const chunk = alignment.takeChunk(false, time)
      yield { samples, sampleRate, alignment: chunk.alignment, normalizedAlignment: chunk.normalized }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort)
    controller.abort()
  }
}

/**
 * What a render thread loads for this voice and language: the Flite voice, the neural model, or
 * eSpeak NG's dictionaries for the language. Japanese (eSpeak NG) needs the kana reading
 * dictionary, a few hundred MB: one thread holds it.
 */
function affinityOf(voice: VoiceDefinition, language: string): Affinity {
  const engine = voice.engine
  if (engine.engine === 'flite' && language === 'en') return { key: `flite:${engine.voice}` }
  if (engine.engine === 'piper' || engine.engine === 'kokoro')
    return { key: `${engine.engine}:${engine.model}` }
  if (language === 'ja') return { key: 'espeak:ja', strict: true }
  return { key: `espeak:${language}` }
}

/** The last chunk: its audio already ends with the tail's silence. */
function finish(
  alignment: AlignmentBuilder,
  samples: Float32Array,
  sampleRate: number,
  time: number,
  tail: number,
  normalizedLength: number,
): PcmChunk {
  const end = time + tail
  alignment.addGap(normalizedLength, time, time)
  const chunk = alignment.takeChunk(true, end)
  return { samples, sampleRate, alignment: chunk.alignment, normalizedAlignment: chunk.normalized }
}

/**
 * The silence before and after each speech segment, in samples, as the stream lays it out: the
 * lead-in (or the gap after the previous segment, with any pauses between), and after the last
 * segment the tail. Computed from the plan, so each render thread pads its own segment.
 */
function silencePads(
  segments: readonly Segment[],
  leadIn: number,
  tail: number,
  speed: number,
  sampleRate: number,
): Array<{ lead: number; tail: number } | undefined> {
  let lastSpeech = -1
  segments.forEach((segment, index) => {
    if (segment.kind === 'speech') lastSpeech = index
  })
  let pending = leadIn
  return segments.map((segment, index) => {
    if (segment.kind === 'pause') {
      pending += segment.seconds
      return undefined
    }
    const lead = Math.round(pending * sampleRate)
    pending = gapAfter(segment, segments[index + 1]) / speed
    return { lead, tail: index === lastSpeech ? Math.round(tail * sampleRate) : 0 }
  })
}

function gapAfter(segment: Segment, next: Segment | undefined): number {
  if (!next || next.kind === 'pause') return 0
  if (segment.kind !== 'speech' || segment.boundary === 'sentence') return SENTENCE_GAP
  return /[\p{L}\p{N}]$/u.test(segment.text) ? WORD_GAP : CLAUSE_GAP
}
