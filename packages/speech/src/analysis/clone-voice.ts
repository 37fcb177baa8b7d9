// An instant clone on the engines we have: the premade voice nearest in pitch and colour, its
// engine told to speak at the measured pitch, pitch range and pace, and its colour moved
// toward the samples' (a formant scale and EQ fitted to their long-term spectrum). Flite takes
// a target F0 mean and spread directly; eSpeak NG takes its own 0-99 pitch and range scales;
// any engine can also be moved by a pitch shift after synthesis, used for what the engine
// cannot reach. `refineClone` repeats the pace and colour step against a measured rendering
// of the clone, so what the engine really does closes the remaining gap.
import type { EngineParams, VoiceDefinition, VoiceDsp } from '../types.js'
import { FORMANT_TOLERANCE, fitEnvelopeEq, fitFormantScale, scaledEnvelope } from './fit-timbre.js'
import { envelopeDistanceDb } from './spectral-envelope.js'
import { plausibleRate, type VoiceFeatures } from './voice-analysis.js'

export interface CloneBase {
  voice: VoiceDefinition
  /** The base voice's own features, measured on its speech. */
  features: VoiceFeatures
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
const semitones = (to: number, from: number) => 12 * Math.log2(Math.max(1, to) / Math.max(1, from))

/**
 * How unlike the target a base is: pitch difference in semitones (each engine retunes pitch,
 * but a long way sounds unnatural) plus the envelope difference left after the best formant
 * scale, in dB (what the fitted EQ then has to make up).
 */
function baseCost(target: VoiceFeatures, base: VoiceFeatures): number {
  const pitch = Math.abs(semitones(target.f0MedianHz, base.f0MedianHz))
  if (!target.envelope || !base.envelope) return pitch
  const t = target.envelope.bandsDb
  const moved = scaledEnvelope(base.envelope.bandsDb, fitFormantScale(t, base.envelope.bandsDb))
  return pitch / PITCH_PER_ENVELOPE_DB + envelopeDistanceDb(t, moved)
}
/** Semitones of pitch difference that weigh as much as a decibel of envelope difference. */
const PITCH_PER_ENVELOPE_DB = 3

/** The base nearest the target in pitch and spectral envelope. */
export function nearestBase(target: VoiceFeatures, bases: CloneBase[]): CloneBase {
  if (!bases.length) throw new Error('No base voice to clone from')
  let best = bases[0]!
  let bestCost = baseCost(target, best.features)
  for (const base of bases) {
    const cost = baseCost(target, base.features)
    if (cost < bestCost) {
      best = base
      bestCost = cost
    }
  }
  return best
}

/** The base's engine parameters moved to the target's pitch; returns the pitch shift left to do by DSP. */
function retune(
  engine: EngineParams,
  base: VoiceFeatures,
  target: VoiceFeatures,
): { engine: EngineParams; shift: number } {
  const shift = semitones(target.f0MedianHz, base.f0MedianHz)
  const rangeRatio =
    base.f0RangeSemitones > 0 ? clamp(target.f0RangeSemitones / base.f0RangeSemitones, 0.3, 3) : 1
  if (engine.engine === 'flite') {
    // Flite's spread is in Hz around its mean: one semitone of range is about 6 % of the mean.
    const spread = clamp((target.f0MedianHz * (2 ** (target.f0RangeSemitones / 12) - 1)) / 2.5, 5, 80)
    return {
      engine: {
        ...engine,
        f0Mean: Math.round(clamp(target.f0MedianHz, 60, 400)),
        f0Stddev: Math.round(spread),
      },
      shift: 0,
    }
  }
  if (engine.engine === 'espeak') {
    // eSpeak's pitch scale moves the voice by roughly a semitone per 4 steps around 50.
    const pitch = clamp(Math.round(engine.pitch + shift * 4), 0, 99)
    const done = (pitch - engine.pitch) / 4
    return {
      engine: { ...engine, pitch, range: clamp(Math.round(engine.range * rangeRatio), 0, 99) },
      shift: shift - done,
    }
  }
  return { engine, shift }
}

/**
 * The slowest and fastest a clone is made relative to what it was measured at, per step: a
 * sample twice as slow as the base is within reach, a mis-measured one is not followed further.
 */
const PACE_MIN = 0.5
const PACE_MAX = 2
/** Paces this close to the target's are left alone: the measurement is not finer than that. */
const PACE_TOLERANCE = 0.03

/** The engine made to speak `pace` times as fast (each engine's own rate control). */
function retime(engine: EngineParams, pace: number): EngineParams {
  if (engine.engine === 'flite')
    return { ...engine, durationStretch: round3(clamp(engine.durationStretch / pace, 0.5, 2)) }
  if (engine.engine === 'espeak') return { ...engine, rate: clamp(Math.round(engine.rate * pace), 80, 450) }
  if (engine.engine === 'kokoro') return { ...engine, speed: round3(clamp(engine.speed * pace, 0.5, 2)) }
  return { ...engine, lengthScale: round3(clamp(engine.lengthScale / pace, 0.3, 3)) }
}

const round3 = (v: number) => Math.round(v * 1000) / 1000

/** How much faster the target speaks than `measured` (1 when either rate is not believable). */
function paceTowards(target: VoiceFeatures, measured: VoiceFeatures): number {
  if (!plausibleRate(target) || !plausibleRate(measured)) return 1
  const pace = clamp(target.syllablesPerSecond / measured.syllablesPerSecond, PACE_MIN, PACE_MAX)
  return Math.abs(Math.log(pace)) < PACE_TOLERANCE ? 1 : pace
}

/**
 * The voice's colour moved from `measured` (its own envelope) toward the target's: the formant
 * scale first, then EQ for the rest. The engine's cost decides how small a formant move is
 * worth making: eSpeak NG scales formants for free, the others need Rubber Band.
 */
function recolour(
  dsp: VoiceDsp,
  engine: EngineParams,
  target: VoiceFeatures,
  measured: VoiceFeatures,
): VoiceDsp {
  if (!target.envelope || !measured.envelope) return dsp
  const want = target.envelope.bandsDb
  let scale = fitFormantScale(want, measured.envelope.bandsDb)
  const formantScale = round3(clamp(dsp.formantScale * scale, 0.7, 1.4))
  const worth = engine.engine === 'espeak' ? 0.005 : FORMANT_TOLERANCE
  const keep = Math.abs(Math.log(formantScale)) < worth
  if (keep) scale = 1 / dsp.formantScale
  const moved = scaledEnvelope(measured.envelope.bandsDb, scale)
  const eq = fitEnvelopeEq(
    want.map((v, i) => v - moved[i]!),
    { lowShelfDb: dsp.lowShelfDb, highShelfDb: dsp.highShelfDb, envelopeDb: dsp.envelopeDb ?? [] },
  )
  return { ...dsp, formantScale: keep ? 1 : formantScale, ...eq }
}

/** Pitch ranges this close (semitones) are left alone. */
const RANGE_TOLERANCE = 0.5

/**
 * The engine's intonation widened or narrowed by the ratio of the target's pitch range to the
 * measured one: the engines' range controls are not in semitones, so the first setting is a
 * guess the measurement corrects.
 */
function rescaleRange(engine: EngineParams, target: VoiceFeatures, measured: VoiceFeatures): EngineParams {
  if (measured.f0RangeSemitones <= 0 || target.f0RangeSemitones <= 0) return engine
  if (Math.abs(target.f0RangeSemitones - measured.f0RangeSemitones) < RANGE_TOLERANCE) return engine
  const ratio = clamp(target.f0RangeSemitones / measured.f0RangeSemitones, 0.5, 2)
  if (engine.engine === 'flite' && engine.f0Stddev !== undefined)
    return { ...engine, f0Stddev: Math.round(clamp(engine.f0Stddev * ratio, 3, 80)) }
  if (engine.engine === 'espeak') return { ...engine, range: clamp(Math.round(engine.range * ratio), 0, 99) }
  return engine
}

/** Pace and colour moved from `measured` toward the target. */
function paceAndColour(
  voice: VoiceDefinition,
  target: VoiceFeatures,
  measured: VoiceFeatures,
): VoiceDefinition {
  return {
    ...voice,
    engine: retime(voice.engine, paceTowards(target, measured)),
    dsp: recolour(voice.dsp, voice.engine, target, measured),
  }
}

/**
 * One closed-loop step: the clone's pace, pitch range and colour corrected by how its own
 * rendering measured against the target (the median pitch is left: every engine follows it).
 */
export function refineClone(
  voice: VoiceDefinition,
  target: VoiceFeatures,
  measured: VoiceFeatures,
): VoiceDefinition {
  const paced = paceAndColour(voice, target, measured)
  return { ...paced, engine: rescaleRange(paced.engine, target, measured) }
}

export function deriveCloneVoice(input: {
  voiceId: string
  name: string
  description: string
  language: string
  target: VoiceFeatures
  base: CloneBase
}): VoiceDefinition {
  const { base, target } = input
  const { engine, shift } = retune(base.voice.engine, base.features, target)
  // Flite's F0 target is absolute, so the base's own shift must not move it again.
  const own = engine.engine === 'flite' ? 0 : base.voice.dsp.pitchSemitones
  const pitchSemitones = Math.round((clamp(shift, -12, 12) + own) * 10) / 10
  // A pitch shift keeps the formants where the base has them; the colour is fitted apart.
  const retuned: VoiceDefinition = {
    ...base.voice,
    voice_id: input.voiceId,
    name: input.name,
    description: input.description,
    language: input.language,
    engine,
    dsp: { ...base.voice.dsp, pitchSemitones },
  }
  // The range was set from the base's own measurement above; pace and colour start from it too.
  return paceAndColour(retuned, target, base.features)
}
