// An instant clone on the engines we have: the premade voice nearest in pitch, its engine
// told to speak at the measured pitch, pitch range and pace. Flite takes a target F0 mean
// and spread directly; eSpeak NG takes its own 0-99 pitch and range scales; any engine can
// also be moved by a pitch shift after synthesis, used for what the engine cannot reach.
import type { EngineParams, VoiceDefinition } from '../types.js'
import { plausibleRate, type VoiceFeatures } from './voice-analysis.js'

export interface CloneBase {
  voice: VoiceDefinition
  /** The base voice's own features, measured on its speech. */
  features: VoiceFeatures
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
const semitones = (to: number, from: number) => 12 * Math.log2(Math.max(1, to) / Math.max(1, from))

/** The base whose pitch is nearest to the target's (on a log scale, as pitch is heard). */
export function nearestBase(target: VoiceFeatures, bases: CloneBase[]): CloneBase {
  if (!bases.length) throw new Error('No base voice to clone from')
  let best = bases[0]!
  for (const base of bases) {
    if (
      Math.abs(semitones(target.f0MedianHz, base.features.f0MedianHz)) <
      Math.abs(semitones(target.f0MedianHz, best.features.f0MedianHz))
    )
      best = base
  }
  return best
}

/** The base's engine parameters moved to the target; returns the pitch shift left to do by DSP. */
function retune(
  engine: EngineParams,
  base: VoiceFeatures,
  target: VoiceFeatures,
): { engine: EngineParams; shift: number } {
  const shift = semitones(target.f0MedianHz, base.f0MedianHz)
  // > 1 when the samples are faster than the base speaks.
  const pace =
    plausibleRate(base) && plausibleRate(target)
      ? clamp(target.syllablesPerSecond / base.syllablesPerSecond, 0.8, 1.25)
      : 1
  const rangeRatio =
    base.f0RangeSemitones > 0 ? clamp(target.f0RangeSemitones / base.f0RangeSemitones, 0.3, 3) : 1
  if (engine.engine === 'flite') {
    // Flite's spread is in Hz around its mean: one semitone of range is about 6 % of the mean.
    const spread = clamp((target.f0MedianHz * (2 ** (target.f0RangeSemitones / 12) - 1)) / 2.5, 5, 80)
    return {
      engine: {
        ...engine,
        durationStretch: clamp(engine.durationStretch / pace, 0.6, 1.6),
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
      engine: {
        ...engine,
        pitch,
        range: clamp(Math.round(engine.range * rangeRatio), 0, 99),
        rate: clamp(Math.round(engine.rate * pace), 80, 450),
      },
      shift: shift - done,
    }
  }
  if (engine.engine === 'kokoro')
    return { engine: { ...engine, speed: clamp(engine.speed * pace, 0.5, 2) }, shift }
  return {
    engine: { ...engine, lengthScale: clamp(engine.lengthScale / pace, 0.5, 2) },
    shift,
  }
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
  return {
    ...base.voice,
    voice_id: input.voiceId,
    name: input.name,
    description: input.description,
    language: input.language,
    engine,
    // A pitch shift keeps the formants where the base has them: the timbre stays a voice's own.
    dsp: { ...base.voice.dsp, pitchSemitones },
  }
}
