// Renders one segment inside a worker: engine, voice timbre (Rubber Band, EQ), loudness,
// trimming, resampling to the output rate and edge fades.

import { applyEq } from '../dsp/biquad.js'
import { applyGain, fadeEdges, limitPeaks, normalizeLoudness, speechBounds } from '../dsp/levels.js'
import { createRandom } from '../dsp/prng.js'
import { resample } from '../dsp/resample.js'
import { timePitch } from '../dsp/time-pitch.js'
import type { EngineOutput, EnginePiece, SpeechEngine, WordTiming } from '../engines/engine.js'
import { EspeakEngine } from '../engines/espeak-engine.js'
import { arpabetFor, FliteEngine } from '../engines/flite-engine.js'
import { toKanaPieces } from '../engines/japanese-reading.js'
import { KokoroEngine } from '../engines/neural/kokoro-engine.js'
import { PiperEngine } from '../engines/neural/piper-engine.js'
import type { SpeechPiece } from '../text/types.js'
import type { EngineId } from '../types.js'
import { engineParamsFor, scaledDsp, segmentVariation, splitTimbre } from './engine-params.js'
import type { SegmentAudio, SegmentJob } from './segment-job.js'

let espeak: Promise<EspeakEngine> | undefined
let flite: FliteEngine | undefined
let piper: PiperEngine | undefined
let kokoro: KokoroEngine | undefined

async function engineFor(id: EngineId): Promise<SpeechEngine> {
  if (id === 'flite') {
    flite ??= FliteEngine.create()
    return flite
  }
  espeak ??= EspeakEngine.create()
  if (id === 'piper') {
    // Piper uses this thread's eSpeak NG instance as its phonemiser.
    piper ??= new PiperEngine(await espeak)
    return piper
  }
  if (id === 'kokoro') {
    kokoro ??= new KokoroEngine(await espeak)
    return kokoro
  }
  return espeak
}

function toEnginePieces(pieces: readonly SpeechPiece[]): EnginePiece[] {
  return pieces.map((piece) =>
    piece.kind === 'text'
      ? { kind: 'text', text: piece.text, normStart: piece.normStart, normEnd: piece.normEnd, exact: true }
      : {
          kind: 'phonemes',
          espeak: piece.espeak,
          arpabet: arpabetFor(piece.source, piece.alphabet),
          text: piece.text,
          normStart: piece.normStart,
          normEnd: piece.normEnd,
        },
  )
}

export async function renderSegment(job: SegmentJob): Promise<SegmentAudio> {
  const random = createRandom(job.seed)
  const variation = segmentVariation(random, job.settings.stability)
  const dsp = scaledDsp(job.voice.dsp, job.settings.similarity_boost)
  const { params, timbre, formantShift, pitchShift } = splitTimbre(
    engineParamsFor(job.voice, job.language, job.settings, job.style, variation),
    dsp,
  )
  const engine = await engineFor(params.engine)
  let pieces = toEnginePieces(job.pieces)
  if (job.language === 'ja' && params.engine !== 'flite') pieces = await toKanaPieces(pieces)
  const raw: EngineOutput = await engine.synthesize({
    pieces,
    language: job.language,
    params,
    whisper: job.style.whisper && params.engine === 'espeak',
    ...(timbre ? { timbre } : {}),
  })
  let samples = raw.samples
  const rate = raw.sampleRate

  // Timbre left to post-processing: a formant (or, for Flite's rms, a pitch) shift keeps timing,
  // so word times stay valid.
  samples = await timePitch(samples, rate, {
    timeRatio: 1,
    pitchScale: pitchShift ?? 1,
    formantScale: formantShift,
    quality: job.quality,
  })
  const boost = job.settings.use_speaker_boost
  const whisperedFlite = job.style.whisper && params.engine === 'flite'
  applyEq(samples, rate, {
    ...(boost ? { highpassHz: 70 } : {}),
    lowShelfDb: dsp.lowShelfDb,
    presenceDb: dsp.presenceDb + (boost ? 3 : 0),
    // Flite has no whisper source: a darker, quieter reading stands in for [whispers].
    highShelfDb: dsp.highShelfDb + (whisperedFlite ? -6 : 0),
    ...(dsp.envelopeDb ? { envelopeDb: dsp.envelopeDb } : {}),
  })
  // Speaker boost: louder, normalised voiced level; otherwise a gentler target.
  normalizeLoudness(samples, rate, (boost ? -16 : -20) + dsp.gainDb)
  applyGain(samples, job.settings.volume * job.style.volume)
  limitPeaks(samples)

  const bounds = speechBounds(samples, rate)
  const trimmed = samples.subarray(bounds.start, bounds.end)
  const shift = bounds.start / rate
  const duration = trimmed.length / rate
  const words: WordTiming[] = raw.words.map((w) => ({
    ...w,
    start: clamp(w.start - shift, 0, duration),
    end: clamp(w.end - shift, 0, duration),
  }))
  // Speex quality 4 (its own default) for speech from 16-22 kHz engines: quality 7 cost the
  // pipeline more than the engine itself, for a stopband no listener or recogniser tells apart.
  const output = await resample(trimmed, rate, job.outputRate, job.quality === 'fast' ? 3 : 4)
  fadeEdges(output, job.outputRate)
  return { samples: output, words }
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value))
}
