// From a voice, a language and voice settings to the exact engine parameters of one segment.
// What each setting does (documented in README.md):
// - speed: the engine's own rate (eSpeak words per minute, Flite duration stretch): time
//   changes, pitch does not.
// - stability: prosodic variation. Lower = wider pitch range and a seeded random wobble of
//   pitch and rate from segment to segment; higher = flatter and steadier.
// - style: emphasis. Widens the intonation range further and adds a little pace contrast.
// - similarity_boost: how strongly the voice's own timbre (pitch/formant shift, EQ) applies;
//   0.75 (the default) applies it as designed.
import type { EngineTimbre } from '../engines/engine.js'
import type { SegmentStyle } from '../text/types.js'
import type { EngineParams, VoiceDefinition, VoiceDsp, VoiceSettings } from '../types.js'
import { espeakVoiceFor } from '../voices/languages.js'

/**
 * Mean f0 of the Flite voices (Hz), measured: the F0 target a Flite voice gets when its
 * definition leaves it to the engine, and so where a pitch change of that voice starts from.
 */
export const FLITE_F0: Record<string, number> = { slt: 175, rms: 105, awb: 115, kal16: 105 }
const FLITE_STDDEV: Record<string, number> = { slt: 22, rms: 14, awb: 16, kal16: 12 }

export interface SegmentVariation {
  rate: number
  pitch: number
}

/** Seeded per-segment wobble; its size grows as stability falls. */
export function segmentVariation(random: () => number, stability: number): SegmentVariation {
  const amount = 1 - stability
  return { rate: 1 + (random() * 2 - 1) * 0.06 * amount, pitch: 1 + (random() * 2 - 1) * 0.08 * amount }
}

export function engineParamsFor(
  voice: VoiceDefinition,
  language: string,
  settings: Required<VoiceSettings>,
  style: SegmentStyle,
  variation: SegmentVariation,
): EngineParams {
  const base =
    voice.engine.engine === 'flite' && language !== 'en' ? fallbackEspeak(voice, language) : voice.engine
  const rateFactor = settings.speed * style.rate * variation.rate * (1 + settings.style * 0.04)
  const pitchFactor = style.pitch * variation.pitch
  const expressiveness = (0.6 + 0.8 * (1 - settings.stability)) * (1 + settings.style * 0.6)
  if (base.engine === 'kokoro') {
    // Kokoro takes only a speed; its voice and delivery come from the style vector.
    return { ...base, speed: Math.min(2, Math.max(0.5, base.speed * rateFactor)) }
  }
  if (base.engine === 'piper') {
    // A neural model has no pitch controls: speed sets its length scale, stability and style
    // its sampling noise (less stable = more varied delivery and timing).
    const variability = (1.4 - 0.8 * settings.stability) * (1 + settings.style * 0.3)
    return {
      ...base,
      lengthScale: base.lengthScale / rateFactor,
      noiseScale: Math.min(2, base.noiseScale * variability),
      noiseW: Math.min(2, base.noiseW * variability),
    }
  }
  if (base.engine === 'flite') {
    const f0 = base.f0Mean ?? FLITE_F0[base.voice] ?? 110
    const stddev = base.f0Stddev ?? FLITE_STDDEV[base.voice] ?? 15
    return {
      engine: 'flite',
      voice: base.voice,
      durationStretch: base.durationStretch / rateFactor,
      f0Mean: f0 * pitchFactor,
      f0Stddev: stddev * expressiveness,
    }
  }
  const sameLanguage = language === voice.language || base !== voice.engine
  return {
    engine: 'espeak',
    voice: sameLanguage ? base.voice : espeakVoiceFor(language),
    ...(base.variant ? { variant: base.variant } : {}),
    rate: base.rate * rateFactor,
    pitch: base.pitch * pitchFactor,
    range: Math.min(99, base.range * expressiveness),
  }
}

/** A Flite (English-only) voice asked to speak another language: eSpeak with a matching variant. */
function fallbackEspeak(voice: VoiceDefinition, language: string): EngineParams {
  const female = voice.labels.gender === 'female'
  return {
    engine: 'espeak',
    voice: espeakVoiceFor(language),
    variant: female ? 'f3' : 'm3',
    rate: 165,
    pitch: female ? 62 : 40,
    range: 50,
  }
}

/** Voice DSP scaled by similarity_boost (0.75 = as designed, 1 = a quarter stronger). */
export function scaledDsp(dsp: VoiceDsp, similarityBoost: number): VoiceDsp {
  const k = 0.25 + similarityBoost
  return {
    pitchSemitones: dsp.pitchSemitones * k,
    formantScale: dsp.formantScale ** k,
    lowShelfDb: dsp.lowShelfDb * k,
    presenceDb: dsp.presenceDb * k,
    highShelfDb: dsp.highShelfDb * k,
    ...(dsp.envelopeDb ? { envelopeDb: dsp.envelopeDb.map((gain) => gain * k) } : {}),
    gainDb: dsp.gainDb,
  }
}

/**
 * The engine makes what it can of a voice's timbre: eSpeak NG its formants and pitch (a derived
 * variant file), Flite its pitch (the f0 target). What is left (a formant shift on Flite) is the
 * formant scale for Rubber Band, which costs more than the engine itself; 1 means none.
 */
export function splitTimbre(
  params: EngineParams,
  dsp: VoiceDsp,
): { params: EngineParams; timbre?: EngineTimbre; formantShift: number; pitchShift?: number } {
  const pitchScale = 2 ** (dsp.pitchSemitones / 12)
  if (params.engine === 'piper' || params.engine === 'kokoro')
    return { params, formantShift: dsp.formantScale }
  if (params.engine === 'espeak') {
    return { params, timbre: { formantScale: dsp.formantScale, pitchScale }, formantShift: 1 }
  }
  const pitched =
    pitchScale === 1
      ? params
      : {
          ...params,
          f0Mean: (params.f0Mean ?? 0) * pitchScale,
          f0Stddev: (params.f0Stddev ?? 0) * pitchScale,
        }
  // Flite's rms voice ignores the F0 target: its pitch is moved by Rubber Band instead, but only
  // when the move is audible as a change of voice (a tag, a designed pitch). At the default
  // stability the seeded segment-to-segment wobble stays within a semitone and is left out: shifting every segment
  // for it cost more than the engine itself.
  if (pitched.voice === 'rms' && pitched.f0Mean) {
    const pitchShift = Math.min(2, Math.max(0.5, pitched.f0Mean / FLITE_F0.rms!))
    const audible = Math.abs(Math.log2(pitchShift)) * 12 >= RMS_PITCH_TOLERANCE_SEMITONES
    return { params: pitched, formantShift: dsp.formantScale, ...(audible ? { pitchShift } : {}) }
  }
  return { params: pitched, formantShift: dsp.formantScale }
}

/** Smallest pitch change of Flite's rms voice worth a Rubber Band pass (semitones). */
const RMS_PITCH_TOLERANCE_SEMITONES = 1
